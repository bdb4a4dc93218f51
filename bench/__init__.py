"""Benchmarks of the double-dummy solver against the peer solver colver.

Run ``python -m bench.run --help``; see ``bench/README.md``. Nothing in the
package or the test suite imports this directory.
"""
