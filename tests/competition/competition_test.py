#!/usr/bin/python3
"""A whole competition against the real server and a real SQLite file: bad
files refused, competitors added with ariadne-admin, bots playing every
challenge, attempts enforced, the leaderboard (JSON and CSV) checked against
totals computed here from the clients' own results, seeds shared or per
competitor, the opening and closing times, secrecy of tokens and seeds, the
takeover and the resume window, and after the close the revealed seeds
regenerating the very mazes that were played.

Usage: competition_test.py BUILD_DIR SOURCE_DIR
"""
import asyncio
import builtins
import csv
import datetime
import io
import json
import os
import subprocess
import sys
import time
import urllib.request

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "support"))
sys.path.insert(0, os.path.dirname(__file__))
from ariadne_server import start_server, stop_server  # noqa: E402
from checks import Checks  # noqa: E402
import scratch  # noqa: E402
from test_store import stores  # noqa: E402

from competition_client import Client, Refused, ratio  # noqa: E402
import websockets  # noqa: E402

BUILD, SOURCE = sys.argv[1], sys.argv[2]
SERVER = os.path.join(BUILD, "server/app/ariadne-server")
ADMIN = os.path.join(BUILD, "tools/ariadne-admin")
BOT = os.path.join(BUILD, "clients/runner/ariadne-bot")
KIT = os.path.join(SOURCE, "clients/python/ariadne_client.py")
MAZES = os.path.join(SOURCE, "docker/mazes")

checks = Checks()
check = checks.check


def admin(db, *args, ok=True):
    run = subprocess.run([ADMIN, "--db", db, *args], capture_output=True, text=True, timeout=30)
    if ok and run.returncode != 0:
        raise SystemExit(f"FAIL: ariadne-admin {args}: {run.stderr}")
    return run


def get(port, path):
    with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=10) as reply:
        return reply.read().decode()


def write(folder, name, doc):
    path = os.path.join(folder, name)
    with open(path, "w") as f:
        f.write(doc if isinstance(doc, str) else json.dumps(doc))
    return path


CHALLENGES = [
    {"id": "warm-up", "maze": {"generator": "hunt_and_kill", "width": 12, "height": 12},
     "attempts": 3},
    {"id": "loops", "maze": {"generator": "recursive_backtracker", "width": 16, "height": 16,
                             "loops": 0.5}, "treasures": 2, "reuse_walls_removed": 5,
     "weight": 2, "attempts": 2},
    {"id": "classic", "maze": {"name": "classic16"}, "max_steps": 5000},
]


def competition(seeds, **times):
    return {"name": "test-cup", "seeds": seeds, "challenges": CHALLENGES, **times}


def test_bad_files(folder):
    cases = [
        ("{not json", "not valid JSON"),
        (json.dumps({"name": "x", "challenges": [{"id": "a", "maze": {"generator": "nope"}}]}),
         "challenges[0]"),
        (json.dumps({"name": "x", "challenges": [{"id": "a", "maze": {"name": "missing"}}]}),
         "challenges[0]"),
        (json.dumps({"name": "x", "challenges": [{"id": "a", "maze": {"generator": "prim"}},
                                                 {"id": "a", "maze": {"generator": "prim"}}]}),
         "challenges[1].id"),
        (json.dumps({"name": "x", "challenges": [{"id": "a", "maze": {"generator": "prim",
                                                                      "seed": 4}}]}),
         "challenges[0].maze.seed"),
        (json.dumps({"name": "x", "challenges": [{"id": "a", "maze": {"generator": "prim"},
                                                  "atempts": 2}]}),
         "challenges[0].atempts"),
        (json.dumps({"name": "x", "opens_at": "tomorrow",
                     "challenges": [{"id": "a", "maze": {"generator": "prim"}}]}),
         "competition.opens_at"),
        (json.dumps({"name": "x", "challenges": [{"id": "a", "maze": {"generator": "prim"},
                                                  "mazes": 0}]}),
         "challenges[0].mazes"),
        (json.dumps({"name": "x", "challenges": [{"id": "a", "maze": {"generator": "prim"},
                                                  "keep": "mean"}]}),
         "challenges[0].keep"),
    ]
    for i, (text, field) in enumerate(cases):
        path = write(folder, f"bad{i}.json", text)
        run = subprocess.run([SERVER, "--competition", path, "--db",
                              stores.fresh(folder, f"bad{i}"), "--maze-dir", MAZES, "--port", "0", "--bind", "127.0.0.1"],
                             capture_output=True, text=True, timeout=30)
        lines = run.stderr.strip().splitlines()
        check(run.returncode == 2 and len(lines) == 1 and field in lines[0],
              f"bad file {i}: exit {run.returncode}, stderr {run.stderr!r}, wanted {field}")


def bot_runs(port, token, json_path, challenge="all", attempts=3, bot="frontier"):
    run = subprocess.run([BOT, "--url", f"ws://127.0.0.1:{port}/ws", "--token", token,
                          "--challenge", challenge, "--bot", bot, "--attempts", str(attempts),
                          "--json", json_path], capture_output=True, text=True, timeout=120)
    with open(json_path) as f:
        return run, json.load(f)["runs"]


def expected_board(results_by_competitor):
    """Totals computed from the clients' own results, as docs/competition.md says
    (keep: all, the default): a challenge's mark is the optimal paths of its
    mazes found over the costs of every maze of every attempt allowed, a maze
    not found or not played costing its move budget."""
    weights = {c["id"]: c.get("weight", 1) for c in CHALLENGES}
    allowed = {c["id"]: c.get("attempts", 1) for c in CHALLENGES}
    budgets = {"warm-up": 10 * 12 * 12, "loops": 10 * 16 * 16, "classic": 5000}
    totals = {}
    for name, runs in results_by_competitor.items():
        above = {cid: 0 for cid in weights}
        below = {cid: 0 for cid in weights}
        for r in runs:
            c = r["challenge"]
            if r["status"] == "found":
                above[c] += 1 if r["optimal"] == 0 and r["score"] == 0 else r["optimal"]
                below[c] += max(r["score"], r["optimal"], 1)
            else:
                below[c] += max(r["score"], budgets[c], 1)
        marks = {}
        found = set()
        for c in weights:
            unplayed = allowed[c] - sum(1 for r in runs if r["challenge"] == c)
            marks[c] = above[c] / (below[c] + unplayed * budgets[c])
        for r in runs:
            if r["status"] == "found":
                found.add(r["challenge"])
        total = 100 * sum(weights[c] * marks[c] for c in weights) / sum(weights.values())
        totals[name] = (total, len(found), marks)
    return totals


async def wire_checks(port, tokens, db_folder):
    # Without a token: practice only; ranked starts and the list are refused.
    anon = await Client.connect(port)
    for message in ({"type": "start", "challenge": "warm-up"}, {"type": "challenges"}):
        try:
            await anon.request(message)
            check(False, f"{message} without a token was accepted")
        except Refused as e:
            check(e.code == "unauthorized", f"{message} without a token: {e.code}")
    practice = await anon.request({"type": "start", "maze": {"generator": "prim", "seed": 3}})
    check(practice.get("seed") == 3, "a practice start still reports its seed")
    await anon.close()
    # A player without a token may not take a competitor's name (any case).
    async with websockets.connect(f"ws://127.0.0.1:{port}/ws") as named:
        await named.send(json.dumps({"type": "hello", "name": "ALICE"}))
        reply = json.loads(await named.recv())
        check(reply["type"] == "error" and reply["code"] == "bad_request" and
              "competitor's name" in reply["message"],
              f"a practice player cannot take a competitor's name: {reply}")
    # A wrong token: unauthorized, and the connection may try again.
    ws = await websockets.connect(f"ws://127.0.0.1:{port}/ws")
    await ws.send(json.dumps({"type": "hello", "name": "x", "token": "not-a-token"}))
    reply = json.loads(await ws.recv())
    check(reply.get("code") == "unauthorized", f"a wrong token: {reply}")
    await ws.send(json.dumps({"type": "hello", "name": "x", "token": tokens["carol"]}))
    reply = json.loads(await ws.recv())
    check(reply.get("type") == "welcome" and reply.get("competitor") == "carol",
          f"a right token after a wrong one: {reply}")
    await ws.close()
    # Unknown challenge; a ranked start's replies carry no seed.
    carol = await Client.connect(port, tokens["carol"])
    try:
        await carol.start("nope")
        check(False, "an unknown challenge was accepted")
    except Refused as e:
        check(e.code == "unknown_challenge", f"unknown challenge: {e.code}")
    listed = await carol.request({"type": "challenges"})
    check([c["id"] for c in listed["challenges"]] == [c["id"] for c in CHALLENGES],
          "challenges lists every challenge")
    first = await carol.start("classic")
    check("seed" not in first and first["maze"] == "classic", f"ranked start reply: {first}")
    result = await carol.play_dfs()
    check("seed" not in result, f"a ranked result shows its seed: {result}")
    # The challenge list says how each is marked, and carol's mark on classic
    # by its rule: one maze, one attempt, so the run's own ratio.
    listed = {c["id"]: c for c in (await carol.request({"type": "challenges"}))["challenges"]}
    check(all(c["keep"] == "all" and c["mazes"] == 1 for c in listed.values()),
          f"the marking rules listed: {listed}")
    check(abs(listed["classic"]["mark"] - ratio(result)) < 1e-12 and listed["warm-up"]["mark"] is None,
          f"carol's marks: {listed}")
    # Attempts: classic has one.
    try:
        await carol.start("classic")
        check(False, "a second attempt at classic was accepted")
    except Refused as e:
        check(e.code == "no_attempts_left", f"attempts enforced: {e.code}")
    frames = "\n".join(carol.frames)
    await carol.close()
    return result, frames


async def takeover_checks(port, tokens):
    a = await Client.connect(port, tokens["dave"])
    await a.start("warm-up")
    # Bumps into the south wall of the start cell: the run goes on (a move
    # might find the treasure and end it) and its counters change.
    for _ in range(3):
        await a.move("S")
    before = dict(a.state)
    check(before["bumps"] == 3 and "result" not in before, f"bumping: {before}")
    # Another competitor cannot take dave's run.
    other = await Client.connect(port, tokens["erin"])
    check("state" not in other.welcome, "erin's welcome carries someone's run")
    await other.close()
    # dave again, on a new connection: takes the run over where it was.
    b = await Client.connect(port, tokens["dave"])
    state = b.welcome.get("state")
    check(state is not None and state["position"] == before["position"] and
          state["bumps"] == before["bumps"] and state["run"] == before["run"],
          f"takeover state {state} after {before}")
    try:
        await asyncio.wait_for(a.ws.recv(), 10)
        check(False, "the replaced connection got a frame")
    except websockets.ConnectionClosed as e:
        check(e.code == 1008 and e.reason == "replaced", f"replaced close: {e.code} {e.reason}")
    result = await b.play_dfs()
    check(result is not None and result["steps"] >= before["steps"], "the taken-over run ends")
    # A dropped connection: the run waits for dave, who picks it up.
    await b.start("warm-up")  # dropped before a move: the run cannot have ended
    dropped = dict(b.state)
    b.ws.transport.abort()
    c = await Client.connect(port, tokens["dave"])
    state = c.welcome.get("state")
    check(state is not None and state["run"] == dropped["run"], "resumed after a drop")
    await c.play_dfs()
    await c.close()
    return 3  # dave's warm-up attempts used


def leaderboard_matches(port, db, expected):
    """Without the details (shared seeds, before the close) marks are
    published to 2 places and totals to none: more digits would give
    optimal / score itself."""
    board = json.loads(get(port, "/api/leaderboard"))
    rows = {r["competitor"]: r for r in board["rows"]}
    details = any(cell["optimal"] is not None for r in board["rows"]
                  for cell in r["challenges"].values() if cell["status"] is not None)

    def shown(got, exact, places):
        """got is exact with the details, else exact rounded to `places`."""
        if details:
            return abs(got - exact) < 1e-9
        unit = 10.0 ** -places
        return abs(got - exact) <= unit / 2 + 1e-9 and abs(got / unit - builtins.round(got / unit)) < 1e-6

    for name, (total, found, marks) in expected.items():
        row = rows.get(name)
        check(row is not None and shown(row["total"], total, 0) and row["found"] == found,
              f"leaderboard row {name}: {row} wanted total {total} found {found}")
        for cid, mark in marks.items():
            if row is not None:
                check(shown(row["challenges"][cid]["mark"], mark, 2), f"{name} {cid} mark")
    ranks = sorted(board["rows"], key=lambda r: r["rank"])
    check(all(ranks[i]["total"] >= ranks[i + 1]["total"] for i in range(len(ranks) - 1)),
          "ranked by total")
    table = list(csv.DictReader(io.StringIO(get(port, "/api/leaderboard.csv"))))
    for line in table:
        total = expected.get(line["competitor"], (None,))[0]
        if total is not None:
            check(shown(float(line["total"]), total, 0) if not details
                  else abs(float(line["total"]) - total) < 1e-5, f"csv total {line['competitor']}")
    # The organizer's tool shows the exact figures.
    same = json.loads(admin(db, "leaderboard", "--format", "json").stdout)
    check([(r["competitor"], r["rank"]) for r in same["rows"]] ==
          [(r["competitor"], r["rank"]) for r in board["rows"]] and
          all(shown(b["total"], a["total"], 0) for a, b in zip(same["rows"], board["rows"])),
          "ariadne-admin leaderboard agrees with /api/leaderboard")
    check(any(r["total"] != builtins.round(r["total"]) for r in same["rows"]),
          "and its totals are exact")


def wait_for_runs(port, count):
    """The leaderboard cache follows the writes; wait until it shows them all."""
    board = poll(lambda: json.loads(get(port, "/api/leaderboard")),
                 lambda b: b["ranked_runs"] >= count)
    if board["ranked_runs"] < count:
        raise SystemExit(f"FAIL: the leaderboard never showed {count} runs")
    return board


def play_competition(folder, seeds):
    db = stores.fresh(folder, seeds)
    names = ["alice", "bob", "carol", "dave", "erin"]
    tokens = {n: admin(db, "add-competitor", n).stdout.strip() for n in names}
    check(all(len(t) >= 22 for t in tokens.values()), "tokens carry at least 128 bits")
    dup = admin(db, "add-competitor", "alice", ok=False)
    check(dup.returncode == 2, "a second alice is refused")
    path = write(folder, f"{seeds}.json", competition(seeds))
    log = open(os.path.join(folder, f"{seeds}.log"), "w")
    proc, port = start_server(SERVER, "--competition", path, "--db", db, "--maze-dir", MAZES,
                              "--log-level", "info", "--resume-seconds", "30", log=log)
    try:
        results = {}
        for name in ("alice", "bob"):
            run, runs = bot_runs(port, tokens[name], os.path.join(folder, f"{seeds}-{name}.json"))
            check(run.returncode == 0, f"{name}'s bot: {run.stdout}{run.stderr}")
            results[name] = runs
        check(len(results["alice"]) == 3 + 2 + 1, f"alice played every attempt: {results['alice']}")
        # Attempts are used up: one more is refused.
        run, extra = bot_runs(port, tokens["alice"], os.path.join(folder, "extra.json"),
                              challenge="classic", attempts=1)
        check(run.returncode == 1 and "no attempts" in run.stdout and not extra,
              f"an extra attempt: {run.stdout}")
        same = [(r["steps"], r["optimal"]) for r in results["alice"]]
        other = [(r["steps"], r["optimal"]) for r in results["bob"]]
        if seeds == "shared":
            check(same == other, "shared seeds: the same mazes for everyone")
        else:
            check(same != other, "per_competitor seeds: different mazes")
        carol_result, frames = asyncio.run(wire_checks(port, tokens, folder))
        results["carol"] = [dict(carol_result, challenge="classic")]
        used = asyncio.run(takeover_checks(port, tokens))
        check(used == 3, "dave's attempts")
        # The Python kit plays a ranked run too, and the public counters do
        # not move with it (their deltas would tell its score), nor does the
        # memory the finished runs kept hold (its step would tell its moves).
        def public_counters():
            found = dict(line.split() for line in get(port, "/metrics").splitlines()
                         if line.startswith(("ariadne_moves_total", "ariadne_messages_total",
                                             "ariadne_move_seconds_count",
                                             'ariadne_memory_held_bytes{use="kept_runs"}')))
            # Its hello and its start count; nothing of the run itself does.
            found["ariadne_messages_total"] = int(found["ariadne_messages_total"]) - 2 * kits
            return found
        kits = 0
        counters_before = public_counters()
        kit = subprocess.run([sys.executable, KIT, "--url", f"ws://127.0.0.1:{port}/ws",
                              "--token", tokens["erin"], "--challenge", "warm-up",
                              "--attempts", "1"],
                             capture_output=True, text=True, timeout=60)
        check(kit.returncode == 0 and "challenge warm-up" in kit.stdout,
              f"python kit ranked: {kit.stdout}{kit.stderr}")
        kit_result = json.loads([line for line in kit.stdout.splitlines()
                                 if line.startswith("result: ")][0][len("result: "):])
        results["erin"] = [dict(kit_result, challenge="warm-up")]
        kits = 1
        check(public_counters() == counters_before,
              f"a ranked run moves no public counter: {counters_before} {public_counters()}")
        runs = json.loads(admin(db, "export-runs").stdout)
        board = wait_for_runs(port, len(runs))
        dave = [r for r in runs if r["competitor"] == "dave"]
        results["dave"] = [r for r in dave]
        leaderboard_matches(port, db, expected_board(results))
        cells = [cell for row in board["rows"] for cell in row["challenges"].values()
                 if cell["status"] is not None]
        if seeds == "shared":
            check(all(cell["optimal"] is None and cell["score"] is None for cell in cells),
                  "shared seeds: a best run's optimal shown before the close")
            # The confidence is public, rounded as the marks and totals are.
            check(all(isinstance(row["decided"], bool) and
                      (row["total_error"] is None or row["total_error"] == round(row["total_error"]))
                      for row in board["rows"]) and
                  all(cell["error"] is None or cell["error"] == round(cell["error"], 2)
                      for cell in cells),
                  f"shared seeds: the errors rounded, the verdicts shown: {board['rows']}")
        else:
            check(all(cell["optimal"] is not None for cell in cells), "per_competitor details")
        # Every result a client got is in the database with the same numbers.
        for name in ("alice", "bob"):
            # The export is in the order played (two runs may start in the
            # same millisecond: the run number decides).
            mine = [(r["challenge"], r["steps"], r["bumps"], r["score"], r["optimal"])
                    for r in runs if r["competitor"] == name]
            received = [(r["challenge"], r["steps"], r["bumps"], r["score"], r["optimal"])
                        for r in results[name]]
            check(mine == received, f"{name}'s runs in the database: {mine}, received: {received}")
        competition_doc = json.loads(get(port, "/api/competition"))
        check(all("deals" not in c and "maze" not in c for c in competition_doc["challenges"]),
              "no seeds or maze parameters while the competition runs")
        metrics = get(port, "/metrics")
        check('ariadne_ranked_runs_total{status="found"}' in metrics and
              "ariadne_store_commit_seconds_count" in metrics, "competition metrics")
        check(board["competition"] == "test-cup", "leaderboard names the competition")
    finally:
        stop_server(proc)
        log.close()
    # Secrecy: tokens nowhere but with their owners.
    with open(os.path.join(folder, f"{seeds}.log")) as f:
        logged = f.read()
    stored = stores.contents(db)
    for name, token in tokens.items():
        check(token not in logged and token.encode() not in stored and token not in frames,
              f"{name}'s token leaked")
    check("seed" not in "".join(line for line in logged.splitlines() if "challenge" in line),
          "a ranked run's seed in the log")
    return db, path, results, runs


def after_close(folder, db, path, runs, seeds):
    doc = competition(seeds, closes_at="2020-01-01T00:00:00Z")
    closed = write(folder, f"{seeds}-closed.json", doc)
    proc, port = start_server(SERVER, "--competition", closed, "--db", db, "--maze-dir", MAZES)
    try:
        tokens = {"zed": admin(db, "add-competitor", "zed").stdout.strip()}

        async def try_start():
            c = await Client.connect(port, tokens["zed"])
            try:
                await c.start("warm-up")
                return None
            except Refused as e:
                return e.code
            finally:
                await c.close()
        check(asyncio.run(try_start()) == "competition_closed", "closed competition")
        revealed = json.loads(get(port, "/api/competition"))
        check(revealed["state"] == "closed", "state closed")
        by_id = {c["id"]: c for c in revealed["challenges"]}
        # Regenerate every maze dealt and compare its optimal with the run's.
        checked = 0
        for r in runs:
            if r["status"] == "interrupted":
                continue
            c = by_id[r["challenge"]]
            deal = [d for d in c["deals"] if d["deal"] == r["deal"] and
                    d.get("competitor", r["competitor"]) == r["competitor"]]
            check(len(deal) == 1, f"deal {r['deal']} of {r['challenge']} revealed")
            if not deal:
                continue
            maze = c["maze"]
            args = ["--offline", "--bot", "frontier", "--seeds", str(deal[0]["seed"]), "-q",
                    "--treasures", str(c["treasures"]), "--reuse-walls",
                    str(c["reuse_walls_removed"]), "--json", os.path.join(folder, "replay.json")]
            if "name" in maze:
                args += ["--maze", maze["name"], "--maze-dir", MAZES]
            else:
                args += ["--generator", maze["generator"], "--size",
                         f"{maze['width']}x{maze['height']}", "--loops", str(maze["loops"])]
            if c["max_steps"]:
                args += ["--max-steps", str(c["max_steps"])]
            subprocess.run([BOT, *args], capture_output=True, text=True, timeout=60, check=True)
            with open(os.path.join(folder, "replay.json")) as f:
                replay = json.load(f)
            optimal = replay["runs"][0]["optimal"]
            if r["status"] == "found":
                check(optimal == r["optimal"], f"regenerated {r['challenge']} deal {r['deal']}: "
                                               f"optimal {optimal} != {r['optimal']}")
            checked += 1
        check(checked >= 6, f"only {checked} mazes regenerated")
    finally:
        stop_server(proc)
    # Not yet open.
    early = write(folder, f"{seeds}-early.json", competition(seeds, opens_at="2099-01-01T00:00:00Z"))
    proc, port = start_server(SERVER, "--competition", early, "--db", db, "--maze-dir", MAZES)
    try:
        async def try_early():
            c = await Client.connect(port, tokens["zed"])
            try:
                await c.start("warm-up")
            except Refused as e:
                return e.code
            finally:
                await c.close()
        check(asyncio.run(try_early()) == "competition_not_open", "not yet open")
    finally:
        stop_server(proc)
    # A file that changes a played challenge is refused, naming it.
    changed = competition(seeds)
    changed["challenges"] = [dict(CHALLENGES[0], attempts=5)] + CHALLENGES[1:]
    run = subprocess.run([SERVER, "--competition", write(folder, "changed.json", changed), "--db",
                          db, "--maze-dir", MAZES, "--port", "0", "--bind", "127.0.0.1"], capture_output=True, text=True,
                         timeout=30)
    check(run.returncode == 2 and "warm-up" in run.stderr, f"changed challenge: {run.stderr}")
    # Adding a challenge is fine.
    added = competition(seeds)
    added["challenges"] = CHALLENGES + [{"id": "new", "maze": {"generator": "prim"}}]
    proc, port = start_server(SERVER, "--competition", write(folder, "added.json", added), "--db",
                              db, "--maze-dir", MAZES)
    check(stop_server(proc) == 0, "a file with an added challenge starts")
    check(admin(db, "check").stdout.strip() == "ok", "integrity check")


def poll(what, condition, seconds=15):
    """Waits for the server's caches (rebuilt after each write, at least every
    two seconds) to show what a test expects."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        value = what()
        if condition(value):
            return value
        time.sleep(0.1)
    return value


def test_live_run_at_close(folder):
    """A run in play when the competition closes keeps its seed secret until it
    ends; named mazes of challenges are closed to practice; a revoked token
    ends the connection that used it."""
    db = stores.fresh(folder, "close")
    tokens = {n: admin(db, "add-competitor", n).stdout.strip() for n in ("ann", "ben")}
    closes = datetime.datetime.now(datetime.timezone.utc) + datetime.timedelta(seconds=3)
    doc = {"name": "closing", "seeds": "per_competitor",
           "closes_at": closes.strftime("%Y-%m-%dT%H:%M:%SZ"),
           "challenges": [{"id": "c", "maze": {"generator": "prim", "width": 12, "height": 12}},
                          {"id": "named", "maze": {"name": "classic16"}}]}
    proc, port = start_server(SERVER, "--competition", write(folder, "close.json", doc), "--db", db,
                              "--maze-dir", MAZES)
    try:
        mazes = [m["name"] for m in json.loads(get(port, "/api/mazes"))]
        check("classic16" not in mazes and "hedge5x5" in mazes, f"reserved maze listed: {mazes}")

        async def scenario():
            ann = await Client.connect(port, tokens["ann"])
            try:
                await ann.request({"type": "start", "maze": {"name": "classic16"}})
                check(False, "a challenge's named maze was open to practice")
            except Refused as e:
                check(e.code == "unknown_maze", f"reserved maze: {e.code}")
            await ann.start("c")
            # The close passes while the run is in play.
            while json.loads(get(port, "/api/competition"))["state"] != "closed":
                await ann.request({"type": "sense"})
                await asyncio.sleep(0.1)
            revealed = json.loads(get(port, "/api/competition"))
            c = [x for x in revealed["challenges"] if x["id"] == "c"][0]
            check(c["deals"] == [], f"a live run's seed revealed at the close: {c['deals']}")
            await ann.play_dfs()
            await ann.close()
            shown = poll(lambda: json.loads(get(port, "/api/competition")),
                         lambda d: [x for x in d["challenges"] if x["id"] == "c"][0]["deals"])
            check(len([x for x in shown["challenges"] if x["id"] == "c"][0]["deals"]) == 1,
                  "the seed is revealed once the run ended")
            # A revoked token: its live connection is closed.
            ben = await Client.connect(port, tokens["ben"])
            admin(db, "revoke", "ben")
            try:
                await asyncio.wait_for(ben.ws.recv(), 15)
                check(False, "a revoked competitor's connection got a frame")
            except websockets.ConnectionClosed as e:
                check(e.code == 1008 and e.reason == "token withdrawn",
                      f"revoked: {e.code} {e.reason}")
        asyncio.run(scenario())
    finally:
        stop_server(proc)


def main():
    folder = scratch.folder("ariadne-competition-")
    test_bad_files(folder)
    test_live_run_at_close(folder)
    for seeds in ("shared", "per_competitor"):
        db, path, results, runs = play_competition(folder, seeds)
        after_close(folder, db, path, runs, seeds)
    # The sample competition of docker/ starts as it is.
    proc, port = start_server(SERVER, "--competition", os.path.join(SOURCE, "docker/competition.json"),
                              "--db", stores.fresh(folder, "sample"), "--maze-dir", MAZES)
    check(json.loads(get(port, "/api/competition"))["name"] == "demo-cup", "the sample file")
    stop_server(proc)
    checks.finish()


if __name__ == "__main__":
    main()
