"""Griffe extension: render the docstrings' Sphinx markup in the MkDocs API reference.

The library's docstrings are written for Sphinx (and read well in ``help()``):
cross references are roles such as ``:func:`~belote.dd.solve_position``` and
a literal block follows a line ending in ``::``. mkdocstrings reads Markdown,
so this extension rewrites both when the package is loaded:

- a role becomes an autorefs link to the documented object (``[`solve_position`][belote.dd.solve.solve_position]``),
  the name resolved the way Sphinx does (the docstring's own scope first, then
  an absolute dotted path); ``~`` shows only the last component;
- a name outside the package (``random.Random``, ``ValueError``, or a name the
  docstring's module imports from elsewhere, such as ``Path`` or ``tomllib``) or a
  private one (not rendered) becomes plain code;
- a name that resolves nowhere is a warning on the ``mkdocs`` logger, so
  ``mkdocs build --strict`` fails on a broken reference;
- a doctest (lines from ``>>>`` to the next blank line) and the indented
  literal block after ``text::`` become fenced code blocks (``text:`` then
  the block), as Sphinx shows them.

Griffe records no name bound by unpacking (``SPADES, HEARTS, DIAMONDS, CLUBS =
range(4)``): the extension adds each such module constant as an attribute (with its
value when it is a literal or ``range(...)``), so that it is documented and linked.
"""

from __future__ import annotations

import ast
import builtins
import logging
import re
from typing import Any

import griffe

logger = logging.getLogger("mkdocs.plugins.griffe_roles")

ROLE = re.compile(r":(?:py:)?(func|class|meth|mod|attr|data|exc|obj|const):`(~?)([^`<>]+)`")


class SphinxRoles(griffe.Extension):
    """Rewrite Sphinx roles and ``::`` literal markers of every docstring of the package."""

    def on_module_members(self, *, node: ast.AST | griffe.ObjectNode, mod: griffe.Module,
                          **kwargs: Any) -> None:
        if not isinstance(node, ast.Module):
            return
        for statement in node.body:
            for name, value in _unpacked(statement):
                if name not in mod.members:
                    attribute = griffe.Attribute(name, value=value, lineno=statement.lineno,
                                                 endlineno=statement.end_lineno)
                    attribute.labels.add("module-attribute")
                    mod.set_member(name, attribute)

    def on_package(self, *, pkg: griffe.Module, loader: griffe.GriffeLoader,
                   **kwargs: Any) -> None:
        for obj in _walk(pkg):
            if obj.docstring is not None:
                obj.docstring.value = self._rewrite(obj, obj.docstring.value, loader)

    def _rewrite(self, obj: griffe.Object, text: str, loader: griffe.GriffeLoader) -> str:
        def link(match: re.Match[str]) -> str:
            short, name = match.group(2) == "~", match.group(3).strip()
            shown = name.rsplit(".", 1)[-1] if short else name.lstrip(".")
            target = _resolve(obj, name, loader)
            if target is None:
                if name.split(".")[0] not in dir(builtins) and not _external(name) \
                        and not _imported(obj, name):
                    logger.warning("%s: the cross reference %s resolves to nothing",
                                   obj.path, match.group(0))
                return f"`{shown}`"
            if any(part.startswith("_") for part in target.split(".")):
                return f"`{shown}`"
            return f"[`{shown}`][{target}]"

        return _fence(ROLE.sub(link, text))


def _unpacked(statement: ast.stmt) -> list[tuple[str, str | None]]:
    """The names a module-level ``A, B = ...`` binds, each with its value when it is known."""
    if not (isinstance(statement, ast.Assign) and len(statement.targets) == 1
            and isinstance(statement.targets[0], ast.Tuple)
            and all(isinstance(t, ast.Name) for t in statement.targets[0].elts)):
        return []
    names = [t.id for t in statement.targets[0].elts]  # type: ignore[attr-defined]
    value = statement.value
    values: list[str | None] = [None] * len(names)
    if isinstance(value, ast.Tuple) and len(value.elts) == len(names):
        values = [ast.unparse(v) for v in value.elts]
    elif (isinstance(value, ast.Call) and isinstance(value.func, ast.Name)
          and value.func.id == "range" and len(value.args) == 1
          and isinstance(value.args[0], ast.Constant) and value.args[0].value == len(names)):
        values = [str(i) for i in range(len(names))]
    return list(zip(names, values))


def _imported(obj: griffe.Object, name: str) -> bool:
    """``name``'s head is imported, in ``obj``'s scope, from outside the package."""
    try:
        target = obj.resolve(name.lstrip(".").split(".")[0])
    except griffe.NameResolutionError:
        return False
    return target.split(".")[0] != "belote"


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip())


def _fence(text: str) -> str:
    """Fence the doctests and ``::`` literal blocks of a docstring."""
    lines, out, i = text.split("\n"), [], 0
    while i < len(lines):
        line = lines[i]
        if line.lstrip().startswith(">>>"):
            start = i
            while i < len(lines) and lines[i].strip():
                i += 1
            out += _code("pycon", lines[start:i], _indent(line))
            continue
        if line.rstrip().endswith("::"):
            base, head = _indent(line), line.rstrip()[:-2].rstrip()
            j = i + 1
            while j < len(lines) and not lines[j].strip():
                j += 1
            end = j
            while end < len(lines) and (not lines[end].strip() or _indent(lines[end]) > base):
                end += 1
            while end > j and not lines[end - 1].strip():
                end -= 1
            if end > j:
                if head.strip():
                    out += [head + ":", ""]
                out += _code("text", lines[j:end], min(_indent(x) for x in lines[j:end] if x.strip()))
                i = end
                continue
        out.append(line)
        i += 1
    return "\n".join(out)


def _code(language: str, block: list[str], indent: int) -> list[str]:
    body = [x[indent:] if x.strip() else "" for x in block]
    return ["", f"```{language}", *body, "```", ""]


def _walk(obj: griffe.Object) -> Any:
    yield obj
    for member in obj.members.values():
        if not member.is_alias:
            yield from _walk(member)  # type: ignore[arg-type]


def _external(name: str) -> bool:
    """A dotted name of another package (``random.Random``, ``numpy.ndarray``)."""
    return "." in name.strip(".") and not name.startswith((".", "belote"))


def _resolve(obj: griffe.Object, name: str, loader: griffe.GriffeLoader) -> str | None:
    """The canonical path of ``name`` seen from ``obj``'s scope, or None if not in belote."""
    candidates = []
    if name.startswith("."):  # relative to the docstring's module, as Sphinx reads it
        module = obj if obj.is_module else obj.module
        while module is not None:
            candidates.append(module.path + name)
            module = module.parent
        name = name.lstrip(".")
    head, _, rest = name.partition(".")
    try:
        candidates.append(obj.resolve(head) + (f".{rest}" if rest else ""))
    except griffe.NameResolutionError:
        pass
    # a method or attribute named from its class's scope (``:meth:`play```)
    scope = obj if obj.is_class else obj.parent
    while scope is not None:
        candidates.append(f"{scope.path}.{name}")
        scope = scope.parent
    candidates.append(name)
    for path in candidates:
        try:
            found = loader.modules_collection[path]
        except (KeyError, ValueError, griffe.AliasResolutionError):
            continue
        try:
            return found.final_target.path if found.is_alias else found.path
        except griffe.AliasResolutionError:
            return None
    return None
