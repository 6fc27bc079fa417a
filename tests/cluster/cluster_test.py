#!/usr/bin/python3
"""The cluster as docker/cluster ships it: docker/cluster/cluster.py runs
three ariadne-server nodes on one PostgreSQL of its own behind Debian's
nginx on docker/cluster/nginx.conf, and everything goes through the proxy's
one address, as its users' would:
- practice and ranked runs with ariadne-bot (the C++ SDK, routed by its
  ?competitor= key) and the Python kit; the pages; /api/competition the
  same from every node within a second of a result; each node's metrics;
- practice runs spread over the nodes, every node listing them all, each
  one's replay and spectator stream found through the proxy whichever node
  holds it; in headless Chromium the home page lists them and /watch shows
  a run of each node live, then its end;
- a ranked run taken over by a connection that the proxy sends to another
  node: it moves there with its moves, and ends as it would have;
- 30 kit bots playing ranked runs through all of this:
  - nginx's workers killed (every connection cut): every bot connects
    again, and the run it had in play comes back with it, none lost;
  - a node killed with SIGKILL: its bots reach a living node within 10 s,
    and the runs they lost are given back (interrupted) once it is known
    dead;
  - a rolling restart, each node in turn stopped with SIGTERM (it drains)
    and started again: no run lost, none given back;
  - nginx reloaded: the bots play on, new connections are taken;
- every result a bot received is in the store with its numbers, and at
  most one result per bot was recorded but never received (the kill
  between a commit and its reply);
- the organizer closes the competition: every node shows it closed with
  the same deals revealed, refuses ranked starts, and each node's ranked
  runs are replayed through the proxy.

Under the sanitizers every bound on time stretches (tests/support/build_kind.py).

Usage: cluster_test.py BUILD_DIR
"""
import asyncio
import json
import os
import signal
import subprocess
import sys
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))
sys.path.insert(0, os.path.join(ROOT, "tests", "support"))
sys.path.insert(0, os.path.join(ROOT, "docker", "cluster"))
sys.path.insert(0, os.path.join(ROOT, "clients", "python"))
from checks import Checks  # noqa: E402
import scratch  # noqa: E402

try:
    import websockets  # noqa: F401
except ImportError:
    print("SKIP: python3-websockets is not installed")
    sys.exit(77)
import browser as browser_support  # noqa: E402
from build_kind import slowdown  # noqa: E402
import cluster as cluster_script  # noqa: E402
from ariadne_client import Drone, RunLost, ServerError, explore  # noqa: E402

if browser_support.missing() is None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

BUILD = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "build", "ci")
BOT = os.path.join(BUILD, "clients/runner/ariadne-bot")
JS_BOT = os.path.join(ROOT, "clients", "js", "examples", "dfs-bot.mjs")
SLOW = slowdown(BUILD)
# ariadne-bot's and the JavaScript kit's attempts on "big": still playing when a node dies
CLIENT_RUNS = 60 // SLOW
BOTS = 30
PACE = 0.002  # seconds between a bot's moves: its runs last about a second
checks = Checks(verbose=True)
check = checks.check


class PacedDrone(Drone):
    """The kit's drone, moving at a human-ish pace, keeping when each reply came."""

    def __init__(self, ws, timeout):
        super().__init__(ws, timeout)
        self.silences = []  # (the reply before, this reply): monotonic times
        self.last_reply = time.monotonic()

    async def request(self, message):
        reply = await super().request(message)
        now = time.monotonic()
        self.silences.append((self.last_reply, now))
        self.last_reply = now
        return reply

    async def move(self, direction):
        await asyncio.sleep(PACE)
        return await super().move(direction)


class Player:
    """One competitor's bot: ranked runs of "many" until told to stop."""

    def __init__(self, name, token):
        self.name, self.token = name, token
        self.runs = []  # {run, result (None while in play), lost}
        self.drone = None
        self.error = None

    def results(self):
        return [e for e in self.runs if e["result"]]

    async def play(self, url, stop):
        try:
            self.drone = await PacedDrone.connect(url, self.name, 15.0, self.token,
                                                  "cluster-test/dfs")
            while not stop.is_set():
                try:
                    first = await self.drone.start_challenge("many")
                except ServerError as error:
                    if error.code != "server_busy":  # a draining node: it closes, we go on
                        raise
                    await asyncio.sleep(0.2)
                    continue
                entry = {"run": first["run"], "result": None, "lost": False}
                self.runs.append(entry)
                try:
                    await explore(self.drone)
                    entry["result"] = self.drone.state["result"]
                except RunLost:
                    entry["lost"] = True
            await self.drone.close()
        except Exception as error:  # noqa: BLE001: reported by the checks
            self.error = f"{type(error).__name__}: {error}"

    def longest_silence(self, since):
        """The longest time without a reply that ended after `since`."""
        return max((end - begin for begin, end in self.drone.silences if end >= since), default=0)


def get(port, path):
    return cluster_script.get(port, path, timeout=10)


async def until(condition, seconds):
    """Waits on the players' own progress (not on a server), at most `seconds`
    (stretched under the sanitizers)."""
    deadline = time.monotonic() + seconds * SLOW
    while not condition() and time.monotonic() < deadline:
        await asyncio.sleep(0.05)
    return condition()


def runs_of(c):
    return json.loads(c.admin("export-runs"))


def numbers(result):
    return tuple(result[k] for k in ("status", "steps", "bumps", "score", "optimal"))


async def one_greedy_address(c):
    """One address asking for more than its share (each node's, 256): the
    proxy answers 429 past 256 connections (limit_conn), and a node's 429 or
    503 for one client never makes nginx leave the node out for everyone:
    another address's drones and pages are served throughout."""
    import websockets

    async def connect(address):
        return await websockets.connect(c.url(), local_addr=(address, 0), open_timeout=10,
                                        close_timeout=1)

    held, refused = [], []
    try:
        for _ in range(256 + 6):
            try:
                held.append(await connect("127.0.0.7"))
            except websockets.exceptions.InvalidStatusCode as error:
                refused.append(error.status_code)
        check(len(held) == 256 and refused == [429] * 6,
              f"one address holds 256 connections through the proxy, then 429: "
              f"{len(held)} held, refused {refused}")
        welcomed, boards = 0, 0
        for _ in range(30):
            ws = await connect("127.0.0.8")
            await ws.send(json.dumps({"type": "hello", "name": "bystander"}))
            welcomed += json.loads(await ws.recv()).get("type") == "welcome"
            await ws.close()
            boards += get(c.port, "/api/leaderboard")[0] == 200
        check(welcomed == 30 and boards == 30,
              f"beside it another address is served: {welcomed} of 30 drones welcomed, "
              f"{boards} of 30 leaderboards")
    finally:
        for ws in held:
            await ws.close()


def one_address(c, tokens):
    """Runs, pages and metrics through the proxy, with ariadne-bot and the kit."""
    done = subprocess.run([BOT, "--url", c.url(), "--bot", "dfs", "--seeds", "1-6", "-j", "3",
                           "--quiet"], capture_output=True, text=True, timeout=60 * SLOW)
    check(done.returncode == 0, f"ariadne-bot's practice runs through the proxy: "
          f"{done.returncode} {done.stderr[-300:]}")
    done = subprocess.run([BOT, "--url", c.url(), "--bot", "frontier", "--token", tokens["ace"],
                           "--challenge", "warm-up", "--attempts", "1"],
                          capture_output=True, text=True, timeout=60 * SLOW)
    check(done.returncode == 0 and "warm-up: maze 1 of 1: found" in done.stdout,
          f"ariadne-bot's ranked run through the proxy: {done.returncode} {done.stdout[-300:]}"
          f"{done.stderr[-300:]}")
    routed = [line for line in open(os.path.join(c.folder, "nginx", "logs", "access.log"))
              if "competitor=" in line]
    check(routed and all(tokens["ace"] not in line for line in routed),
          f"ariadne-bot's connections carry their route key, never the token: {routed[:1]}")
    status, page = get(c.port, "/")
    check(status == 200 and "<html" in page.lower(), f"the home page through the proxy: {status}")
    # Identical from every node within a second of the result (but for
    # when each node made its board).
    def views():
        seen = []
        for port in c.node_ports:
            board = json.loads(get(port, "/api/leaderboard")[1])
            board.pop("generated_at", None)
            seen.append((get(port, "/api/competition")[1], board))
        return seen

    began = time.monotonic()
    while True:
        seen = views()
        ranked = [any(r["competitor"] == "ace" and r["found"] == 1 for r in b["rows"])
                  for _, b in seen]
        same = all(ranked) and all(v == seen[0] for v in seen)
        if same or time.monotonic() - began > 2 * SLOW:
            break
        time.sleep(0.05)
    # Within a second as a rule; the first result after a start has been
    # seen at 1.2 s (a node's first rebuild of its board).
    check(same, f"/api/competition and the leaderboard the same from every node, with ace's "
          f"result, {time.monotonic() - began:.2f} s after it: {ranked}")
    for k in range(1, 4):
        status, text = get(c.port, f"/nodes/{k}/metrics")
        check(status == 200 and "ariadne_" in text, f"/nodes/{k}/metrics through the proxy: {status}")
    status, _ = get(c.port, "/nodes/9/metrics")
    check(status == 404, f"/nodes/9/metrics (no such node): {status}")


def listed(port, runs, active):
    """Which of runs the list of the node at port shows, and as in play or not."""
    status, text = get(port, "/api/runs")
    if status != 200:
        check(False, f"/api/runs on port {port}: {status} {text[:200]}")
        return set()
    items = json.loads(text)
    return {i["run"] for i in items if i["run"] in runs and (i["status"] == "active") == active}


def pages_in_play(c, runs, where):
    """In a browser, through the proxy: the home page lists the cluster's
    runs in play, and a run of each node is watched live. The browser, or
    None where there is none."""
    why = browser_support.missing()
    if why:
        print(f"SKIP: the pages in a browser: {why}")
        return None
    driver = browser_support.browser()
    wait = WebDriverWait(driver, 20 * SLOW)
    driver.get(c.url("/").replace("ws://", "http://"))
    # Read in one script: the table is rebuilt every second, and rows found
    # by one call may be gone (stale) by the next.
    wait.until(lambda d: runs <= set(d.execute_script(
        "return [...document.querySelectorAll('#live tbody tr')].map((r) => +r.dataset.run)")))
    check(True, "the home page through the proxy lists the 12 runs in play")
    driver.save_screenshot(os.path.join(c.folder, "home.png"))
    for node in sorted({nodes[0] for nodes in where.values() if nodes}):
        run = min(r for r in runs if where[r] == [node])
        driver.get(c.url(f"/watch/{run}").replace("ws://", "http://"))
        wait.until(lambda d: f"run {run}" in d.find_element(By.ID, "title").text)
        status = driver.find_element(By.ID, "status").text
        check(status == "active", f"/watch/{run} (node {node}) through the proxy: {status}")
    errors = browser_support.console_errors(driver)
    check(not errors, f"the pages' console through the proxy: {errors}")
    return driver


def pages_ended(c, driver):
    """The run watched last ends on its page, as on one server."""
    try:
        WebDriverWait(driver, 20 * SLOW).until(lambda d: d.find_element(By.ID, "result").is_displayed())
        check(driver.find_element(By.ID, "status").text == "found",
              "the watched run ends on its page through the proxy")
        driver.save_screenshot(os.path.join(c.folder, "watch.png"))
    finally:
        driver.quit()


async def any_node(c):
    """Practice runs land on every node; every node lists them all (in play,
    then ended), and each one's watch page probe, spectator stream (in play)
    and replay (ended) are found through the proxy."""
    drones = []
    for k in range(12):
        d = await Drone.connect(c.url(), f"walker{k}", 15.0)
        await d.request({"type": "start", "maze": {"generator": "prim", "width": 10,
                                                   "height": 10, "seed": 100 + k}})
        drones.append(d)
    runs = {d.state["run"] for d in drones}
    # Which node holds a run: only that one answers /api/runs/{run}.
    where = {run: [k for k, port in enumerate(c.node_ports)
                   if get(port, f"/api/runs/{run}")[0] == 200] for run in runs}
    check(all(len(nodes) == 1 for nodes in where.values()),
          f"each run held by one node: {where}")
    nodes = {nodes[0] for nodes in where.values() if nodes}
    check(len(nodes) >= 2, f"12 practice drones spread over the nodes: {nodes}")
    # Each node publishes its list with its heartbeat (once a second).
    began = time.monotonic()
    while time.monotonic() - began < 5 * SLOW:
        seen = [listed(port, runs, True) for port in c.node_ports]
        if all(s == runs for s in seen):
            break
        await asyncio.sleep(0.1)
    check(all(s == runs for s in seen), f"every node lists the cluster's 12 runs in play, "
          f"{time.monotonic() - began:.1f} s after their starts: {[len(s) for s in seen]}")
    for run in runs:
        status, text = get(c.port, f"/api/runs/{run}")
        check(status == 200 and json.loads(text).get("run") == run,
              f"run {run} (node {where[run]}) asked for through the proxy: {status}")
        async with websockets.connect(c.url(f"/spectate/{run}")) as spectator:
            snapshot = json.loads(await asyncio.wait_for(spectator.recv(), 10))
        check(snapshot.get("type") == "snapshot" and snapshot.get("run") == run,
              f"run {run} (node {where[run]}) spectated through the proxy: "
              f"{str(snapshot)[:80]}")
    watching = await asyncio.to_thread(pages_in_play, c, runs, where)
    for d in drones:
        await explore(d)
        await d.close()
    if watching is not None:
        await asyncio.to_thread(pages_ended, c, watching)
    began = time.monotonic()
    while time.monotonic() - began < 5 * SLOW:
        seen = [(listed(port, runs, False), listed(port, runs, True)) for port in c.node_ports]
        if all(ended == runs and not active for ended, active in seen):
            break
        await asyncio.sleep(0.1)
    check(all(ended == runs and not active for ended, active in seen),
          f"every node lists the 12 runs ended, {time.monotonic() - began:.1f} s after: "
          f"{[(len(ended), len(active)) for ended, active in seen]}")
    for run in runs:
        status, text = get(c.port, f"/api/replays/{run}")
        check(status == 200 and json.loads(text).get("run") == run,
              f"run {run}'s replay (node {where[run]}) through the proxy: {status}")


def holders(c, run):
    """The nodes that hold a run in memory (a node it left forgets it): the
    others answer 404."""
    return [k for k, port in enumerate(c.node_ports) if get(port, f"/api/runs/{run}")[0] != 404]


async def takeover_elsewhere(c, token):
    """A ranked run in play, taken over by a connection of its competitor
    that the proxy sends to another node: the run moves there with its
    moves and is played to its end."""
    first = await Drone.connect(c.url(), "taker", 15.0, token, reconnect=False)
    for _ in range(5):  # a run whose treasure lies a few moves away ends at once
        await first.start_challenge("big")
        run = first.state["run"]
        await explore(first, 6)
        if not first.finished:
            break
    played = (first.state["steps"], first.state["bumps"])
    home = holders(c, run)
    check(len(home) == 1, f"the run is held by one node: {home}")
    # Other keys than the token's own reach other nodes: the first key that
    # does is the test's (the key is the proxy's only, the token says who).
    now, taker = home, first
    for k in range(12):
        second = await Drone.connect(c.url(f"/ws?competitor=elsewhere{k}"), "taker", 15.0, token,
                                     reconnect=False)
        state = second.welcome.get("state") or {}
        check(state.get("run") == run and (state.get("steps"), state.get("bumps")) == played,
              f"connection {k + 1} took the run over where it stood: {state} (played {played})")
        now, taker = holders(c, run), second
        if now != home:
            break
    check(now != home and len(now) == 1, f"the run moved from node {home} to node {now}")
    await explore(taker)
    result = taker.state.get("result") or {}
    check(result.get("status") == "found" and result.get("steps", 0) >= played[0],
          f"the run taken over ends found, its first moves counted: {result}")
    await taker.close()
    stored = [r for r in runs_of(c) if r["run"] == run]
    check(stored and stored[0]["status"] == "found" and stored[0]["steps"] == result.get("steps"),
          f"the run is in the store as its last connection saw it: {stored}")


class Program:
    """A client program playing ranked attempts on "big" beside the bots."""

    def __init__(self, name, command):
        self.name, self.command, self.lines, self.code = name, command, [], None

    async def run(self):
        proc = await asyncio.create_subprocess_exec(
            *self.command, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.STDOUT)
        async for line in proc.stdout:
            self.lines.append(line.decode(errors="replace").rstrip())
        self.code = await proc.wait()

    def results(self):
        return sum(1 for line in self.lines if "found" in line and "steps" in line)


async def under_load(c, players, tokens):
    # Whatever blocks (a process to wait for, a store to read) runs in a
    # thread: the bots share this event loop.
    stop = asyncio.Event()
    tasks = [asyncio.create_task(p.play(c.url(), stop)) for p in players]
    programs = [
        Program("ariadne-bot", [BOT, "--url", c.url(), "--bot", "dfs", "--token", tokens["cpp"],
                                "--challenge", "big", "--attempts", str(CLIENT_RUNS)]),
        Program("the JavaScript kit", ["node", JS_BOT, "--url", c.url(), "--token", tokens["js"],
                                       "--challenge", "big", "--attempts", str(CLIENT_RUNS)])]
    running = [asyncio.create_task(program.run()) for program in programs]

    def all_have(more, base):
        return all(len(p.results()) >= base[p.name] + more for p in players)

    def counts():
        return {p.name: len(p.results()) for p in players}

    def lost():
        """The runs that did not come back with their bots' new connections."""
        return {e["run"] for p in players for e in p.runs if e["lost"]}

    def gone(runs):
        """Of runs lost, those not ended in the store: a run whose last move's
        reply a cut took ended unseen (its kit says so and plays on), it is
        not lost."""
        ended = {r["run"] for r in runs_of(c) if r["status"] not in ("in_play", "interrupted")}
        unseen = runs & ended
        if unseen:
            print(f"ended unseen (the reply to their last move cut): {sorted(unseen)}")
        return runs - ended

    def alive():
        return all(p.error is None for p in players)

    check(await until(lambda: all_have(2, {p.name: 0 for p in players}), 90),
          "30 bots play ranked runs through the proxy")
    check(await until(lambda: all(program.results() >= 1 for program in programs), 120),
          "ariadne-bot and the JavaScript kit play beside them")

    # Every connection cut at once: back on their nodes, their runs with them.
    before, lost_before = counts(), lost()
    mended = sum(p.drone.reconnects for p in players)
    for pid in c.proxy_workers():
        os.kill(pid, signal.SIGKILL)
    check(await until(lambda: all_have(2, before), 60) and alive(),
          "nginx's workers killed: every bot plays on")
    check(sum(p.drone.reconnects for p in players) >= mended + BOTS,
          f"every bot connected again: {sum(p.drone.reconnects for p in players) - mended}")
    missing = await asyncio.to_thread(gone, lost() - lost_before)
    check(not missing, f"the runs in play came back with their bots: {sorted(missing)} lost")

    # A node dies.
    before, lost_before = counts(), lost()
    reconnected = {p.name: p.drone.reconnects for p in players}
    await asyncio.to_thread(c.kill, 1)
    killed = time.monotonic()
    # When each run is first seen given back, read beside the bots' play.
    seen_interrupted, watching = {}, threading.Event()

    def watch_interrupted():
        while not watching.is_set() and time.monotonic() - killed < 30 * SLOW:
            for r in runs_of(c):
                if r["status"] == "interrupted":
                    seen_interrupted.setdefault(r["run"], time.monotonic() - killed)
            time.sleep(0.25)

    watcher = asyncio.create_task(asyncio.to_thread(watch_interrupted))
    check(await until(lambda: all_have(2, before), 90) and alive(),
          "node2 killed: every bot plays on")
    silence = {p.name: p.longest_silence(killed) for p in players}
    worst = max(silence, key=silence.get)
    check(silence[worst] < 10 * SLOW, f"the bots reach a living node within {10 * SLOW} s: {worst} waited "
          f"{silence[worst]:.1f} s")
    cut = await asyncio.to_thread(gone, lost() - lost_before)
    check(len(cut) >= 1, f"the kill cut runs in play: {len(cut)}")
    while set(cut) - set(seen_interrupted) and time.monotonic() - killed < 30 * SLOW:
        await asyncio.sleep(0.25)
    watching.set()
    await watcher
    stuck = set(cut) - set(seen_interrupted)
    given_back = max((seen_interrupted[run] for run in cut if run in seen_interrupted), default=0)
    check(not stuck and given_back <= 17 * SLOW,
          f"the dead node's runs given back {given_back:.1f} s after the kill: {stuck}")
    # What the bots of the dead node waited (docs/benchmarks.md).
    waits = sorted(silence[p.name] for p in players if p.drone.reconnects > reconnected[p.name])
    median = waits[len(waits) // 2] if waits else 0
    print(f"the kill: {len(cut)} runs cut, the longest silence {silence[worst]:.1f} s, "
          f"given back after {given_back:.1f} s; {len(waits)} bots connected again, waiting "
          f"{median:.2f} s (median) to {max(waits, default=0):.2f} s (worst)")
    await asyncio.to_thread(c.start_node, 1)
    await asyncio.gather(*running)
    for program in programs:
        check(program.code == 0 and program.results() >= CLIENT_RUNS
              and any("lost connection(s) made again" in line for line in program.lines),
              f"{program.name} played its {CLIENT_RUNS} attempts through the cuts, connecting "
              f"again: exit {program.code}, {program.results()} results, the end of its output: "
              f"{program.lines[-3:]}")

    # A rolling restart.
    interrupted = {r["run"] for r in await asyncio.to_thread(runs_of, c)
                   if r["status"] == "interrupted"}
    lost_before = lost()
    for k in range(3):
        before = counts()
        code = await asyncio.to_thread(c.drain, k, 30 * SLOW)
        check(code == 0, f"node{k + 1} drained and exited: {code}")
        await asyncio.to_thread(c.start_node, k)
        check(await until(lambda: all_have(1, before), 60) and alive(),
              f"node{k + 1} restarted: every bot plays on")
    missing = await asyncio.to_thread(gone, lost() - lost_before)
    check(not missing, f"the rolling restart lost no run: {sorted(missing)}")
    again = {r["run"] for r in await asyncio.to_thread(runs_of, c)
             if r["status"] == "interrupted"} - interrupted
    check(not again, f"the rolling restart gave back no attempt: {sorted(again)}")

    # nginx reloaded under load.
    before = counts()
    c.reload()
    check(await until(lambda: all_have(1, before), 60) and alive(),
          "nginx reloaded: every bot plays on")
    done = await asyncio.to_thread(
        subprocess.run, [BOT, "--url", c.url(), "--bot", "dfs", "--seeds", "1", "--quiet"],
        capture_output=True, text=True, timeout=60 * SLOW)
    check(done.returncode == 0, f"a new connection after the reload: {done.stderr[-200:]}")

    stop.set()
    await asyncio.gather(*tasks)
    for p in players:
        check(p.error is None, f"{p.name}: {p.error}")


def ledger(c, players):
    """Every result received is the store's; few recorded and never received."""
    runs = runs_of(c)
    by_run = {r["run"]: r for r in runs}
    for p in players:
        got = p.results()
        check(all(e["run"] in by_run and numbers(by_run[e["run"]]) == numbers(e["result"])
                  for e in got),
              f"{p.name}: the {len(got)} results it received are in the store")
        seen = {e["run"] for e in got}
        unseen = [r for r in runs if r["competitor"] == p.name and r["challenge"] == "many"
                  and r["status"] != "interrupted" and r["run"] not in seen]
        check(len(unseen) <= 1, f"{p.name}: results recorded, never received: {unseen}")
    check(not [r for r in runs if r["status"] == "in_play"], "nothing left in play")
    # No attempt counted twice: one counted run an attempt (one maze each),
    # the attempts numbered 1, 2, ... without a gap.
    counted = {}
    for r in runs:
        if r["status"] != "interrupted":
            counted.setdefault((r["competitor"], r["challenge"]), []).append(r["attempt"])
    twice = {k: a for k, a in counted.items() if sorted(a) != list(range(1, len(a) + 1))}
    check(not twice, f"every attempt counted once, none lost: {twice}")
    # The leaderboard through the proxy against totals computed here.
    # (The board is at most a second behind the last result.)
    totals = expected_totals(runs)
    began = time.monotonic()
    while True:
        board = json.loads(get(c.port, "/api/leaderboard")[1])
        shown = {row["competitor"]: row["total"] for row in board["rows"]}
        wrong = {n: (shown.get(n), t) for n, t in totals.items()
                 if shown.get(n) is None or abs(shown[n] - t) > 1e-9 * max(1.0, t)}
        if not wrong or time.monotonic() - began > 3:
            break
        time.sleep(0.2)
    check(totals and not wrong, f"the leaderboard's totals are those computed from the runs "
          f"({len(totals)} competitors), {time.monotonic() - began:.1f} s after: {wrong}")
    print(f"{len(runs)} runs in the store, {sum(len(p.results()) for p in players)} results "
          f"received by the bots")


# The test's challenges: attempts allowed, and a maze's budget (10 moves a cell).
CHALLENGES = {"warm-up": (1, 10 * 8 * 8), "many": (100000, 10 * 16 * 16),
              "big": (100000, 10 * 64 * 64)}


def expected_totals(runs):
    """Each competitor's total as docs/competition.md ("Ranking") defines it,
    keep: all, every challenge of weight 1: a mark is the optimal paths of
    the mazes found over the costs of every maze allowed (a maze found costs
    its score, never below its optimal; one not found or not played, its
    budget)."""
    totals = {}
    for name in {r["competitor"] for r in runs}:
        marks = []
        for challenge, (attempts, budget) in CHALLENGES.items():
            played = [r for r in runs if r["competitor"] == name and r["challenge"] == challenge
                      and r["status"] not in ("interrupted", "in_play")]
            found = [r for r in played if r["status"] == "found"]
            cost = sum(max(r["score"], r["optimal"]) for r in found)
            cost += sum(max(budget, r["score"]) for r in played if r["status"] != "found")
            cost += (attempts - len({r["attempt"] for r in played})) * budget
            marks.append(sum(r["optimal"] for r in found) / cost)
        totals[name] = 100 * sum(marks) / len(marks)
    return totals


async def close_and_reveal(c, token):
    """The organizer closes the competition: every node says so, refuses
    ranked starts, and reveals the same deals; a ranked run's replay and
    counters are shown through the proxy, whichever node played it."""
    c.admin("close")
    began = time.monotonic()
    while time.monotonic() - began < 8 * SLOW:
        seen = [json.loads(get(port, "/api/competition")[1]) for port in c.node_ports]
        if all(doc["state"] == "closed" and any(ch.get("deals") for ch in doc["challenges"])
               for doc in seen):
            break
        await asyncio.sleep(0.1)
    check(all(doc["state"] == "closed" for doc in seen) and all(doc == seen[0] for doc in seen),
          f"every node shows the same closed competition, {time.monotonic() - began:.1f} s "
          f"after the close: {[doc['state'] for doc in seen]}")
    dealt = sum(len(ch.get("deals") or []) for ch in seen[0]["challenges"])
    check(dealt > 0, f"the deals are revealed: {dealt}")
    drone = await Drone.connect(c.url(), "late", 15.0, token, reconnect=False)
    try:
        await drone.start_challenge("many")
        check(False, "a ranked start after the close is refused")
    except ServerError as error:
        check("closed" in str(error), f"a ranked start after the close is refused: {error}")
    await drone.close()
    # Each node's start numbers its runs from a block of its own.
    blocks = {}
    for r in runs_of(c):
        if r["status"] == "found":
            blocks.setdefault(r["run"] // 1_000_000, r)
    check(len(blocks) >= 3, f"ranked runs of every node: blocks {sorted(blocks)}")
    for block, r in sorted(blocks.items()):
        # The mazes are shown once every node has read the store at least
        # 2 s after the close with no ranked run in play.
        began = time.monotonic()
        while time.monotonic() - began < 10 * SLOW:
            status, text = get(c.port, f"/api/replays/{r['run']}")
            if status == 200:
                break
            await asyncio.sleep(0.2)
        if status != 200:
            print([get(port, f"/api/replays/{r['run']}") for port in c.node_ports])
            for port in c.node_ports:
                print([line for line in get(port, "/metrics")[1].splitlines()
                       if "ranked" in line and not line.startswith("#")])
        replay = json.loads(text) if status == 200 else {}
        check(status == 200 and replay.get("run") == r["run"]
              and (replay.get("result") or {}).get("steps") == r["steps"],
              f"ranked run {r['run']}: its replay through the proxy after the close: {status}")
    # Each node's list shows the others' runs as they last published them.
    began = time.monotonic()
    while time.monotonic() - began < 10 * SLOW:
        lists = [json.loads(get(port, "/api/runs")[1]) for port in c.node_ports]
        hidden = [sum(1 for i in items if i["ranked"] and i["steps"] is None) for items in lists]
        if not any(hidden):
            break
        await asyncio.sleep(0.2)
    check(not any(hidden) and all(any(i["ranked"] for i in items) for items in lists),
          f"every node lists the ranked runs with their counters, {time.monotonic() - began:.1f} s "
          f"after the replays: still hidden {hidden}")


def main():
    folder = scratch.folder("ariadne-cluster-test-")
    competition = os.path.join(folder, "cup.json")
    with open(competition, "w") as f:
        json.dump({"name": "cluster-cup", "seeds": "per_competitor", "practice": True,
                   "challenges": [
                       {"id": "warm-up", "maze": {"generator": "prim", "width": 8, "height": 8},
                        "attempts": 1},
                       {"id": "many", "attempts": 100000,
                        "maze": {"generator": "prim", "width": 16, "height": 16}},
                       {"id": "big", "attempts": 100000,
                        "maze": {"generator": "prim", "width": 64, "height": 64}}]}, f)
    c = cluster_script.Cluster(BUILD, nodes=3, competition=competition, folder=folder,
                               # Well above a run of "many" (about a second quiet, five
                               # and more beside CI's builds): a drain waits for them.
                               server_args=["--drain-seconds", "20"])
    players = []
    try:
        c.prepare()
        names = ["ace", "cpp", "js"] + [f"bot{k}" for k in range(BOTS)]
        tokens = {n: c.admin("add-competitor", n).strip() for n in names}
        c.start()
        one_address(c, tokens)
        asyncio.run(one_greedy_address(c))
        asyncio.run(any_node(c))
        asyncio.run(takeover_elsewhere(c, tokens["ace"]))
        players = [Player(n, tokens[n]) for n in names[3:]]
        asyncio.run(under_load(c, players, tokens))
        ledger(c, players)
        asyncio.run(close_and_reveal(c, tokens["ace"]))
    finally:
        c.stop()
    if checks.failed:
        lost = {str(e["run"]) for p in players for e in p.runs if e["lost"]}
        for k in range(3):
            with open(c.node_log(k), errors="replace") as f:
                lines = f.readlines()
            print(f"--- node{k + 1}'s log: the lost runs' lines, then its end")
            print("".join(line for line in lines
                          if any(f"run {run} " in line or f"run {run}:" in line for run in lost)))
            print("".join(lines[-15:]))
    checks.finish()


if __name__ == "__main__":
    main()
