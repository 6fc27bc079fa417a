#!/usr/bin/env python3
"""The Python starter kit finds the treasure against a real server, and its own
step count is the server's score.

Usage: python_starter_test.py PATH/TO/ariadne-server PATH/TO/ariadne_client.py
"""
import json
import os
import socket
import subprocess
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "support"))
from ariadne_server import start_server, stop_server  # noqa: E402
from checks import Checks  # noqa: E402

try:
    import websockets  # noqa: F401
except ImportError:
    print("SKIP: python3-websockets is not installed (apt-get install python3-websockets)")
    sys.exit(77)


def main():
    server, kit = sys.argv[1], sys.argv[2]
    proc, port = start_server(server)
    checks = Checks()
    try:
        for args in (["--seed", "42"],
                     ["--generator", "kruskal", "--size", "20x12", "--seed", "7", "--loops", "0.5"],
                     []):
            run = subprocess.run([sys.executable, kit, "--url", f"ws://127.0.0.1:{port}/ws", *args],
                                 capture_output=True, text=True, timeout=60)
            lines = run.stdout.strip().splitlines()
            result_line = [line for line in lines if line.startswith("result: ")]
            mine = [line for line in lines if "steps by my count" in line]
            if run.returncode != 0 or not result_line or not mine:
                checks.fail(f"{args}: exit {run.returncode}\n{run.stdout}{run.stderr}")
                continue
            result = json.loads(result_line[0][len("result: "):])
            my_steps = int(mine[0].split(":")[1].split()[0])
            checks.check(result["status"] == "found" and
                         result["steps"] == my_steps == result["score"],
                         f"{args}: my {my_steps} steps, server result {result}")
        # A range of seeds: one run each, in order.
        run = subprocess.run([sys.executable, kit, "--url", f"ws://127.0.0.1:{port}/ws",
                              "--seeds", "3-4,9"], capture_output=True, text=True, timeout=60)
        seeds = [int(line.split(" seed ")[1].split(";")[0]) for line in run.stdout.splitlines()
                 if line.startswith("run ") and " seed " in line]
        checks.check(run.returncode == 0 and seeds == [3, 4, 9],
                     f"--seeds 3-4,9 played {seeds}: {run.stdout}{run.stderr}")
        run = subprocess.run([sys.executable, kit, "--seeds", "5-2"], capture_output=True,
                             text=True, timeout=60)
        checks.check(run.returncode == 2 and "--seeds" in run.stderr,
                     f"a bad range: exit {run.returncode} {run.stderr}")
        # A bad URL gives a one-line error and exit code 2.
        run = subprocess.run([sys.executable, kit, "--url", "ws://127.0.0.1:1/ws"],
                             capture_output=True, text=True, timeout=60)
        checks.check(run.returncode == 2 and run.stderr.count("\n") == 1,
                     f"refused connection gave exit {run.returncode}: {run.stderr}")
        # A server that accepts and never answers: the kit gives up after --timeout.
        hung = socket.socket()
        hung.bind(("127.0.0.1", 0))
        hung.listen(8)
        began = time.monotonic()
        run = subprocess.run([sys.executable, kit, "--url",
                              f"ws://127.0.0.1:{hung.getsockname()[1]}/ws", "--timeout", "0.5"],
                             capture_output=True, text=True, timeout=60)
        took = time.monotonic() - began
        hung.close()
        checks.check(run.returncode == 2 and took < 20 and run.stderr.count("\n") == 1,
                     f"a hung server gave exit {run.returncode} after {took:.1f} s: {run.stderr}")
    finally:
        stop_server(proc, timeout=10)
    checks.finish()


if __name__ == "__main__":
    main()
