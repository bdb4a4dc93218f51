"""The warm engine's targets (issue 36): ``python -m bench.engine``.

1. CPU of a repeated ``solve`` of one deal through ``belote engine``, for the engine's
   whole process tree (the engine and the children it forks, from ``wait4``), the start-up
   subtracted, against the cold command line (``belote solve``, CPU of its process);
2. the double-dummy values of every legal card (``POST /api/position``): p50/p90 latency
   from request to answer over every position of the best line of ``--deals`` seeded deals;
3. the first page ready after the server is up: the page, its two files, the file list,
   the first record opened and its first position;
4. the server's memory (RSS, from /proc) over ``--requests`` requests by 4 clients;
5. ``--clients`` concurrent clients, each asking 5 positions: errors and the slowest answer.

Run from the repository root; the numbers go to stdout. Everything but (1) runs against
one ``belote serve --no-open datasets/examples/colver.cfn``.
"""

from __future__ import annotations

import argparse
import http.client
import json
import re
import resource
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path
from urllib.parse import urlsplit

from belote import Deal

REPO = Path(__file__).resolve().parent.parent
BELOTE = str(Path(sys.executable).parent / "belote")
DEAL = "N:AJ.QJ.AJT.Q 987.T987.K. KQT.A.Q9.A8 .K.87.KJT97"


def run_cpu(args: list[str], stdin: str = "") -> tuple[float, str]:
    """CPU of ``args``' process tree, measured as the growth of this process's children's CPU."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run(args, input=stdin, capture_output=True, text=True, cwd=REPO)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime), done.stdout


def engine_cpu(repeats: int, cold_runs: int) -> dict:
    argv = ["solve", "--deal", DEAL, "--json"]
    request = json.dumps({"argv": argv}) + "\n"
    start_only, _ = run_cpu([BELOTE, "engine"])
    many, out = run_cpu([BELOTE, "engine"], request * repeats)
    answers = [json.loads(line) for line in out.splitlines()[1:]]
    assert len(answers) == repeats and all(a["status"] == 0 for a in answers)
    colds = []
    for _ in range(cold_runs):
        cpu, cold_out = run_cpu([BELOTE, *argv])
        colds.append(cpu)
    assert json.loads(cold_out) == answers[0]["output"]
    return {"engine_start_cpu_s": round(start_only, 3),
            "engine_cpu_per_solve_s": round((many - start_only) / repeats, 4),
            "repeats": repeats, "cold_cpu_median_s": round(statistics.median(colds), 3),
            "cold_runs": cold_runs}


class Client:
    def __init__(self, url: str) -> None:
        parts = urlsplit(url)
        self.host, self.port = parts.hostname, parts.port
        self.token = parts.query.removeprefix("token=")

    def call(self, method: str, path: str, body: object = None) -> tuple[int, object]:
        conn = http.client.HTTPConnection(self.host, self.port, timeout=120)
        sep = "&" if "?" in path else "?"
        conn.request(method, f"{path}{sep}token={self.token}",
                     body=None if body is None else json.dumps(body).encode())
        response = conn.getresponse()
        data = response.read()
        conn.close()
        kind = response.getheader("Content-Type", "")
        return response.status, json.loads(data) if kind.startswith("application/json") else data


def start_server() -> tuple[subprocess.Popen, str]:
    proc = subprocess.Popen([BELOTE, "serve", "--no-open", "datasets/examples/colver.cfn"],
                            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE, text=True, cwd=REPO)
    assert proc.stderr is not None
    for line in proc.stderr:
        match = re.match(r"belote serve: (http://\S+)$", line.strip())
        if match:
            return proc, match.group(1)
    raise RuntimeError("the server did not start")


def first_page(client: Client) -> float:
    start = time.perf_counter()
    for path in ("/", "/page.css", "/page.js"):
        assert client.call("GET", path)[0] == 200
    assert client.call("GET", "/api/files")[0] == 200
    status, opened = client.call("POST", "/api/open", {"file": 0})
    assert status == 200
    board = opened["boards"][0]  # type: ignore[index]
    assert client.call("POST", "/api/position", {**board, "play": []})[0] == 200
    return time.perf_counter() - start


def positions(client: Client, deals: int) -> list[dict]:
    """Every position of the best line of ``deals`` seeded deals (80 in a random trump)."""
    out = []
    for seed in range(deals):
        board = {"deal": Deal.random(seed).to_pbn(0), "dealer": "N",
                 "contract": f"80{'SHDC'[seed % 4]}", "declarer": "NESW"[seed % 4]}
        status, line = client.call("POST", "/api/play", {**board, "to_end": True})
        assert status == 200, line
        played = line["played"]  # type: ignore[index]
        out += [{**board, "play": played[:i]} for i in range(32)]
    return out


def latencies(client: Client, items: list[dict]) -> list[float]:
    times = []
    for item in items:
        start = time.perf_counter()
        status, _ = client.call("POST", "/api/position", item)
        assert status == 200
        times.append(time.perf_counter() - start)
    return times


def rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise RuntimeError("no VmRSS")


def memory(client: Client, pid: int, items: list[dict], requests: int) -> dict:
    done = [0]
    lock = threading.Lock()
    marks: dict[int, int] = {}

    def work() -> None:
        while True:
            with lock:
                if done[0] >= requests:
                    return
                i = done[0]
                done[0] += 1
                if i in (requests // 10, requests - 1):
                    marks[i] = rss_kib(pid)
            status, _ = client.call("POST", "/api/position", items[i % len(items)])
            assert status == 200

    start = time.perf_counter()
    threads = [threading.Thread(target=work) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return {"requests": requests, "seconds": round(time.perf_counter() - start, 1),
            "rss_kib_at_10pct": marks.get(requests // 10),
            "rss_kib_at_end": rss_kib(pid)}


def concurrent(client: Client, items: list[dict], clients: int) -> dict:
    errors, slowest = [], [0.0]
    lock = threading.Lock()
    gate = threading.Barrier(clients)

    def work(k: int) -> None:
        gate.wait()
        for j in range(5):
            start = time.perf_counter()
            status, body = client.call("POST", "/api/position", items[(7 * k + j) % len(items)])
            with lock:
                slowest[0] = max(slowest[0], time.perf_counter() - start)
                if status != 200:
                    errors.append((status, body))

    start = time.perf_counter()
    threads = [threading.Thread(target=work, args=(k,)) for k in range(clients)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return {"clients": clients, "requests": 5 * clients, "errors": len(errors),
            "slowest_s": round(slowest[0], 3), "seconds": round(time.perf_counter() - start, 1)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=100)
    parser.add_argument("--cold", type=int, default=5)
    parser.add_argument("--deals", type=int, default=5)
    parser.add_argument("--requests", type=int, default=10_000)
    parser.add_argument("--clients", type=int, default=50)
    args = parser.parse_args()
    print("1. engine CPU:", json.dumps(engine_cpu(args.repeats, args.cold)), flush=True)
    proc, url = start_server()
    try:
        client = Client(url)
        ready = first_page(client)
        print(f"3. first page ready {ready:.3f} s after the server printed its address",
              flush=True)
        items = positions(client, args.deals)
        times = sorted(latencies(client, items))
        q = statistics.quantiles(times, n=10)
        print(f"2. position values: {len(times)} positions of {args.deals} deals, p50 "
              f"{1000 * statistics.median(times):.0f} ms, p90 {1000 * q[-1]:.0f} ms, max "
              f"{1000 * times[-1]:.0f} ms", flush=True)
        print("4. memory:", json.dumps(memory(client, proc.pid, items, args.requests)),
              flush=True)
        print("5. concurrent:", json.dumps(concurrent(client, items, args.clients)), flush=True)
    finally:
        proc.terminate()
        proc.wait()


if __name__ == "__main__":
    main()
