#!/usr/bin/python3
"""Three servers of one competition started at the same moment on a fresh
PostgreSQL database all come up: one makes the schema, the others find it
made and run no DDL against the tables the first already uses (the Docker
cluster's three nodes deadlocked so on 2026-12-07: one node's schema step
against another's giving back of attempts, in about one round of ten here).
Ten rounds, each on a new database.

Usage: nodes_start_together_test.py BUILD_DIR
"""
import json
import os
import sys
import threading

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "support"))
from ariadne_server import http_get, start_server, stop_server  # noqa: E402
from checks import Checks  # noqa: E402
from postgres import Postgres  # noqa: E402
import scratch  # noqa: E402

SERVER = os.path.join(sys.argv[1], "server/app/ariadne-server")
checks = Checks()
work = scratch.folder("ariadne-together-")
cup = os.path.join(work, "cup.json")
with open(cup, "w") as f:
    json.dump({"name": "together", "seeds": "shared", "challenges": [
        {"id": "c", "maze": {"generator": "prim", "width": 8, "height": 8}}]}, f)

with Postgres() as pg:  # started
    for round_ in range(10):
        db = pg.database(f"together{round_}")
        started, failures = [], []

        def start(k):
            try:
                started.append(start_server(SERVER, "--competition", cup, "--db", db,
                                            "--node", f"n{k}", log=open(os.path.join(
                                                work, f"r{round_}-n{k}.log"), "w+")))
            except SystemExit as e:
                failures.append(str(e))

        threads = [threading.Thread(target=start, args=(k,)) for k in range(3)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        checks.check(not failures, f"round {round_}: every node came up: {failures}")
        for proc, port in started:
            checks.check(http_get(port, "/readyz") == (200, "ready\n"), f"round {round_}: ready")
            stop_server(proc)
checks.finish("three nodes started together on a fresh database, ten times")
