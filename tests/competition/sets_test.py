#!/usr/bin/python3
"""A challenge of several mazes per attempt (a set), against the real server
and a real SQLite file. ariadne-bot, the Python kit and the JavaScript kit
play whole attempts; a hand-driven client walks through a set maze by maze,
abandons one (the attempt ends there, its unplayed mazes counted as not
found), drops its connection between two mazes and comes back to finish the
set. The leaderboard must equal the totals computed here from the clients'
own numbers; nothing shows a set's mazes before the close; after it, every
maze of every set is revealed (the unplayed ones too), regenerates the very
maze played, and the set runs' replays are published. While a maze of a
reference-marked set is in play, nothing the server shows carries the
reference bot's cost on it.

Usage: sets_test.py BUILD_DIR SOURCE_DIR
"""
import asyncio
import json
import os
import re
import shutil
import subprocess
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "support"))
sys.path.insert(0, os.path.dirname(__file__))
from ariadne_server import http_get, start_server, stop_server  # noqa: E402
from checks import Checks  # noqa: E402
import scratch  # noqa: E402
from test_store import stores  # noqa: E402

from competition_client import Client, Refused  # noqa: E402
import websockets  # noqa: E402
import browser  # noqa: E402

BUILD, SOURCE = sys.argv[1], sys.argv[2]
SERVER = os.path.join(BUILD, "server/app/ariadne-server")
ADMIN = os.path.join(BUILD, "tools/ariadne-admin")
BOT = os.path.join(BUILD, "clients/runner/ariadne-bot")
KIT = os.path.join(SOURCE, "clients/python/ariadne_client.py")
JS_KIT = os.path.join(SOURCE, "clients/js/examples/dfs-bot.mjs")
K = 5
ATTEMPTS = 2
CHALLENGES = [
    {"id": "relay", "maze": {"generator": "hunt_and_kill", "width": 10, "height": 10},
     "mazes": K, "attempts": ATTEMPTS},
    {"id": "single", "maze": {"generator": "prim", "width": 8, "height": 8}},
    # Marked against the reference bot (frontier), which the server plays on
    # each maze it deals; alice plays it with tremaux.
    {"id": "ref", "maze": {"generator": "recursive_backtracker", "width": 12, "height": 12,
                           "loops": 0.3}, "mazes": 3, "mark": "reference_sum"},
]
WEIGHTS = len(CHALLENGES)
checks = Checks()
check = checks.check


def admin(db, *args):
    return subprocess.run([ADMIN, "--db", db, *args], capture_output=True, text=True, timeout=30,
                          check=True).stdout


get = http_get  # (status, text)


def write(folder, name, doc):
    path = os.path.join(folder, name)
    with open(path, "w") as f:
        f.write(doc if isinstance(doc, str) else json.dumps(doc))
    return path


def cost(r, budget):
    """A maze's cost in the mark (docs/competition.md)."""
    if r["status"] == "found":
        return max(r["score"], r["optimal"], 1)
    return max(r["score"], budget, 1)


def gain(r):
    if r["status"] != "found":
        return 0
    return 1 if r["optimal"] == 0 and r["score"] == 0 else r["optimal"]


def set_mark(results, budget, mazes=K):
    """sum_ratio over one set: its unplayed mazes cost the move budget."""
    below = sum(cost(r, budget) for r in results) + (mazes - len(results)) * budget
    return min(1.0, sum(gain(r) for r in results) / below)


def bot_plays(folder, port, token, challenge, bot):
    """ariadne-bot on a challenge, as a competitor runs it: its process and its runs."""
    out = os.path.join(folder, "bot.json")
    run = subprocess.run([BOT, "--url", f"ws://127.0.0.1:{port}/ws", "--token", token,
                          "--challenge", challenge, "--bot", bot, "--json", out],
                         capture_output=True, text=True, timeout=120)
    with open(out) as f:
        return run, json.load(f)["runs"]


def results_in(output):
    return [json.loads(line[len("result: "):]) for line in output.splitlines()
            if line.startswith("result: ")]


async def bob_plays(port, token, budget):
    """Maze by maze, by hand. Returns bob's results by attempt and his runs."""
    by_attempt = {1: [], 2: []}
    runs = []
    bob = await Client.connect(port, token)
    first = await bob.start("relay")
    check(first.get("set") == {"attempt": 1, "maze": 1, "mazes": K} and "seed" not in first,
          f"a set's first start: {first}")
    runs.append(first["run"])
    result = await bob.play_dfs()
    by_attempt[1].append(result)
    place = bob.state.get("set")
    check(place == {"attempt": 1, "maze": 1, "mazes": K, "ended": False},
          f"the first maze's result: {place}")
    listed = {c["id"]: c for c in await bob.challenges()}
    check(listed["relay"]["attempts_left"] == ATTEMPTS - 1 and listed["relay"]["next_maze"] == 2,
          f"a set under way, listed: {listed['relay']}")
    check("next_maze" not in listed["single"], "no set under way on single")
    # Nothing tells the set's mazes before the close.
    status, doc = get(port, "/api/competition")
    check(all("deals" not in c for c in json.loads(doc)["challenges"]), "deals before the close")
    status, _ = get(port, f"/api/replays/{first['run']}")
    check(status == 403, f"a set run's replay before the close: {status}")
    # The second maze: given up at once. The attempt ends there.
    second = await bob.start("relay")
    check(second["set"] == {"attempt": 1, "maze": 2, "mazes": K}, f"maze 2: {second['set']}")
    check(second["run"] != first["run"], "each maze is a run of its own")
    runs.append(second["run"])
    # Nobody watches a ranked maze before the close, bob's own included.
    try:
        async with websockets.connect(f"ws://127.0.0.1:{port}/spectate/{second['run']}"):
            spectated = 101
    except websockets.exceptions.InvalidStatusCode as e:
        spectated = e.status_code
    check(spectated == 403, f"spectating a set's maze in play: {spectated}")
    status, runs_doc = get(port, "/api/runs")
    listed_runs = [r for r in json.loads(runs_doc) if r["run"] == second["run"]]
    check(all(r.get("steps") is None for r in listed_runs), f"/api/runs shows a ranked maze: {listed_runs}")
    await bob.abandon()
    result = bob.state["result"]
    check(result["status"] == "abandoned", f"maze 2 given up: {result}")
    by_attempt[1].append(result)
    place = bob.state["set"]
    expected = set_mark(by_attempt[1], budget)
    check(place["ended"] is True and place["maze"] == 2 and
          place["found"] == sum(r["status"] == "found" for r in by_attempt[1]) and
          abs(place["mark"] - expected) < 1e-12,
          f"an abandoned set ends, its mazes left counted as not found: {place}, wanted {expected}")
    # The next start opens the second attempt.
    third = await bob.start("relay")
    check(third["set"] == {"attempt": 2, "maze": 1, "mazes": K}, f"attempt 2: {third['set']}")
    runs.append(third["run"])
    by_attempt[2].append(await bob.play_dfs())
    frames = "\n".join(bob.frames)
    await bob.close()  # between two mazes: the set waits
    return by_attempt, runs, frames


async def reference_in_play(port, token):
    """frank plays the reference challenge's first maze, then reads all that
    the server shows while his second is in play, then finishes the set.
    Returns what he read (by where) and his results."""
    frank = await Client.connect(port, token)
    results = []
    await frank.start("ref")
    results.append(await frank.play_dfs())
    second = await frank.start("ref")
    await frank.play_dfs(max_moves=1)
    check(frank.state.get("result") is None, f"frank's second maze in play: {frank.state}")

    def frank_marked():
        rows = json.loads(get(port, "/api/leaderboard")[1])["rows"]
        row = next((r for r in rows if r["competitor"] == "frank"), None)
        return row is not None and (row["challenges"].get("ref", {}).get("mark") or 0) > 0
    # The leaderboard's cache follows the writes: read it once it has his first maze.
    deadline = time.monotonic() + 20
    while not frank_marked() and time.monotonic() < deadline:
        time.sleep(0.05)
    seen = {"replies": [json.loads(f) for f in frank.frames if f.startswith("{")],
            "challenges": await frank.challenges()}
    for path in ("/api/competition", "/api/leaderboard", "/api/runs"):
        seen[path] = json.loads(get(port, path)[1])
    for path in ("/api/leaderboard.csv", f"/api/runs/{second['run']}", "/metrics"):
        seen[path] = get(port, path)[1]
    results.append(await frank.play_dfs())
    await frank.start("ref")
    results.append(await frank.play_dfs())
    check(frank.state["set"]["ended"] is True, f"frank's set ended: {frank.state['set']}")
    await frank.close()
    return seen, results


def keys_of(doc):
    if isinstance(doc, dict):
        return set(doc) | {k for v in doc.values() for k in keys_of(v)}
    if isinstance(doc, list):
        return {k for v in doc for k in keys_of(v)}
    return set()


def reference_kept(folder, ref, seen, results):
    """What frank read while his second maze was in play: no field of a
    reference cost anywhere, and his published mark then computed from his
    first maze alone (the others at the move budget, as unplayed)."""
    keys = {k for where, doc in seen.items() if not isinstance(doc, str) for k in keys_of(doc)}
    check(not any("reference" in k or "frontier" in k for k in keys),
          f"a reference field shown during play: {sorted(keys)}")
    for where in ("/api/leaderboard.csv", "/metrics"):
        named = [line for line in seen[where].splitlines()
                 if "reference" in line.split(" ")[0] or "frontier" in line]
        check(not named, f"{where} names a reference figure: {named[:3]}")
    budget = ref["move_budget"]
    seeds = {d["deal"]: d["seed"] for d in ref["deals"] if d["competitor"] == "frank"}
    references = [cost(frontier_on(folder, seeds[d], ref), budget) for d in (1, 2, 3)]
    row = next(r for r in seen["/api/leaderboard"]["rows"] if r["competitor"] == "frank")
    shown = row["challenges"].get("ref", {}).get("mark")
    first = results[0]
    wanted = (max(references[0], 1) if first["status"] == "found" else 0) / (
        cost(first, budget) + 2 * budget)
    check(shown is None or abs(shown - wanted) < 1e-12,
          f"frank's mark during his second maze: {shown}, from his first alone {wanted} "
          f"(frontier's costs {references})")
    # His whole set, once ended, as the rules mark it.
    above = sum(max(x, 1) for x, r in zip(references, results) if r["status"] == "found")
    return above / sum(cost(r, budget) for r in results)


async def one_maze(port, token):
    """One maze of a set played, then the connection closed: the set waits."""
    client = await Client.connect(port, token)
    await client.start("relay")
    result = await client.play_dfs()
    await client.close()
    return result


async def gives_up(port, token):
    """One maze played, the next given up: a set ended early, the last."""
    dan = await Client.connect(port, token)
    await dan.start("relay")
    results = [await dan.play_dfs()]
    await dan.start("relay")
    await dan.abandon()
    results.append(dan.state["result"])
    check(dan.state["set"]["ended"] is True, f"dan's set ended: {dan.state['set']}")
    await dan.close()
    return results


def main():
    folder = scratch.folder("ariadne-sets-")
    db = stores.fresh(folder, "sets")
    names = ["alice", "bob", "carol", "dan", "erin", "frank"]
    tokens = {n: admin(db, "add-competitor", n).strip() for n in names}
    path = write(folder, "sets.json", {"name": "set-cup", "seeds": "per_competitor",
                                       "challenges": CHALLENGES})
    log = open(os.path.join(folder, "server.log"), "w")
    # A secret of the test's own: the same mazes on every run.
    secret = write(folder, "secret", "sets-test-secret-0123456789")
    server_args = [SERVER, "--competition", path, "--db", db, "--log-level", "info",
                   "--secret-file", secret]
    proc, port = start_server(*server_args, log=log)
    try:
        about = {c["id"]: c for c in json.loads(get(port, "/api/competition")[1])["challenges"]}
        check(about["relay"]["mazes"] == K, f"/api/competition: {about['relay']}")
        budget = about["relay"]["move_budget"]
        # alice: ariadne-bot plays every attempt left, each a whole set.
        run, alice = bot_plays(folder, port, tokens["alice"], "relay", "frontier")
        check(run.returncode == 0, f"alice's bot: {run.stdout}{run.stderr}")
        check([(r["attempt"], r["maze"]) for r in alice] ==
              [(a, m) for a in range(1, ATTEMPTS + 1) for m in range(1, K + 1)],
              f"alice played two whole sets: {[(r['attempt'], r['maze']) for r in alice]}")
        for a in range(1, ATTEMPTS + 1):
            mine = [r for r in alice if r["attempt"] == a]
            check(abs(mine[-1].get("attempt_mark", -1) - set_mark(mine, budget)) < 1e-12,
                  f"alice's attempt {a} mark as the server told it")
        check(run.stdout.count("ended:") == ATTEMPTS, f"ariadne-bot's lines: {run.stdout}")
        run, alice_ref = bot_plays(folder, port, tokens["alice"], "ref", "tremaux")
        check(run.returncode == 0 and len(alice_ref) == 3 and "attempt_mark" in alice_ref[-1],
              f"alice's reference set: {run.stdout}{run.stderr}")
        # bob: by hand, then the Python kit finishes the set he left.
        by_attempt, bob_runs, frames = asyncio.run(bob_plays(port, tokens["bob"], budget))
        dan = asyncio.run(gives_up(port, tokens["dan"]))
        # A ranked maze cannot be watched before the close: the API says so,
        # and the watch page says it at once.
        status, text = get(port, f"/api/runs/{bob_runs[0]}")
        check(status == 403 and "once the competition has closed" in text,
              f"/api/runs/RUN of a ranked maze: {status} {text!r}")
        check(get(port, "/api/runs/999999")[0] == 404, "/api/runs/RUN of no run: 404")
        watch_refused(port, bob_runs[0])
        erin_first = asyncio.run(one_maze(port, tokens["erin"]))
        frank_seen, frank_ref = asyncio.run(reference_in_play(port, tokens["frank"]))
        # A restart while bob's set waits between two mazes: the set goes on
        # from the database, where it was (and dan's unplayed mazes are still
        # revealed after the close).
        stop_server(proc)
        proc, port = start_server(*server_args, log=log)
        kit = subprocess.run([sys.executable, KIT, "--url", f"ws://127.0.0.1:{port}/ws",
                              "--token", tokens["bob"], "--challenge", "relay"],
                             capture_output=True, text=True, timeout=120)
        finished = results_in(kit.stdout)
        check(len(finished) == K - 1 and "maze 2 of 5" in kit.stdout and
              "attempt 2 ended" in kit.stdout,
              f"the kit finished bob's set: {kit.stdout}{kit.stderr}")
        by_attempt[2] += finished
        check("seed" not in frames and "seed" not in kit.stdout, "a set's seed on the wire")

        async def one_more():
            c = await Client.connect(port, tokens["bob"])
            try:
                await c.start("relay")
                return None
            except Refused as e:
                return e.code
            finally:
                await c.close()
        check(asyncio.run(one_more()) == "no_attempts_left", "bob's attempts are used")
        # erin left her first set after one maze: ariadne-bot finishes it,
        # then plays her other attempt whole.
        run, erin = bot_plays(folder, port, tokens["erin"], "relay", "tremaux")
        check(run.returncode == 0 and [(r["attempt"], r["maze"]) for r in erin] ==
              [(1, m) for m in range(2, K + 1)] + [(2, m) for m in range(1, K + 1)],
              f"ariadne-bot finished erin's set, then played the other: {run.stdout}{run.stderr}")
        # carol: the JavaScript kit's example, one attempt.
        played = {"alice": {a: [r for r in alice if r["attempt"] == a] for a in (1, 2)},
                  "bob": by_attempt, "dan": {1: dan},
                  "erin": {1: [erin_first] + [r for r in erin if r["attempt"] == 1],
                           2: [r for r in erin if r["attempt"] == 2]}}
        node = shutil.which("node")
        if node:
            js = subprocess.run([node, JS_KIT, "--url", f"ws://127.0.0.1:{port}/ws", "--token",
                                 tokens["carol"], "--challenge", "relay", "--attempts", "1"],
                                capture_output=True, text=True, timeout=120)
            carol = results_in(js.stdout)
            check(len(carol) == K and js.stdout.count("attempt 1 ended") == 1,
                  f"the JavaScript kit played a set: {js.stdout}{js.stderr}")
            played["carol"] = {1: carol}
        # The leaderboard against the clients' own numbers (keep all: every
        # maze of every attempt allowed, one sum).
        runs_now = sum(len(r) for p in played.values() for r in p.values()) + len(alice_ref) + len(
            frank_ref)
        # The leaderboard's cache follows the writes: wait until it shows them.
        deadline = time.monotonic() + 20
        board = json.loads(get(port, "/api/leaderboard")[1])
        while board["ranked_runs"] < runs_now and time.monotonic() < deadline:
            time.sleep(0.05)
            board = json.loads(get(port, "/api/leaderboard")[1])
        check(board["ranked_runs"] == runs_now, f"{board['ranked_runs']} runs ranked")
        rows = {r["competitor"]: r for r in board["rows"]}
        for name, attempts in played.items():
            mazes = [r for a in sorted(attempts) for r in attempts[a]]
            unplayed = ATTEMPTS * K - len(mazes)
            mark = min(1.0, sum(gain(r) for r in mazes) /
                       (sum(cost(r, budget) for r in mazes) + unplayed * budget))
            # Each challenge weighs 1; single is not played, ref by alice only
            # (her mark there is checked once the close reveals its mazes).
            total = 100 * mark / WEIGHTS
            row = rows[name]
            check(abs(row["challenges"]["relay"]["mark"] - mark) < 1e-9 and
                  (name == "alice" or abs(row["total"] - total) < 1e-7) and
                  row["total_error"] is not None,
                  f"{name}: {row} wanted mark {mark} total {total}")
            check(row["challenges"]["relay"]["attempts"] == len(attempts),
                  f"{name}'s attempts: {row['challenges']['relay']}")
        status, text = get(port, "/api/leaderboard.csv")
        check(status == 200 and "relay.mark" in text, "the CSV")
    finally:
        stop_server(proc)
        log.close()
    with open(os.path.join(folder, "server.log")) as f:
        logged = f.read()
    check("attempt 1 maze 2 of 5" in logged, "the log names a set's maze")
    ranked_lines = [line for line in logged.splitlines() if "challenge relay" in line]
    check(ranked_lines and not any(re.search(r"seed \d", line) for line in ranked_lines),
          "no ranked seed in the log")
    after_close(folder, db, played, bob_runs, alice_ref, (frank_seen, frank_ref))
    checks.finish()


def frontier_on(folder, seed, c):
    """The reference bot's result on a revealed maze of challenge c, offline."""
    maze = c["maze"]
    args = ["--offline", "--bot", "frontier", "--seeds", str(seed), "-q", "--generator",
            maze["generator"], "--size", f"{maze['width']}x{maze['height']}", "--loops",
            str(maze["loops"]), "--json", os.path.join(folder, "re.json")]
    subprocess.run([BOT, *args], capture_output=True, text=True, timeout=60, check=True)
    with open(os.path.join(folder, "re.json")) as f:
        return json.load(f)["runs"][0]


def after_close(folder, db, played, bob_runs, alice_ref, frank):
    closed = write(folder, "closed.json", {"name": "set-cup", "seeds": "per_competitor",
                                           "closes_at": "2020-01-01T00:00:00Z",
                                           "challenges": CHALLENGES})
    proc, port = start_server(SERVER, "--competition", closed, "--db", db, "--secret-file",
                              os.path.join(folder, "secret"))
    try:
        revealed = {c["id"]: c for c in json.loads(get(port, "/api/competition")[1])["challenges"]}
        relay = revealed["relay"]
        dealt = {(d["competitor"], d["deal"]): d["seed"] for d in relay["deals"]}
        # Every maze of every set, bob's three unplayed mazes of his first
        # attempt included.
        for name, attempts in played.items():
            want = {(name, d) for d in range(1, len(attempts) * K + 1)}
            check(want <= set(dealt), f"{name}'s sets revealed: {sorted(d for d in dealt if d[0] == name)}")
        runs = [r for r in json.loads(admin(db, "export-runs")) if r["challenge"] == "relay"]
        checked = 0
        for r in runs:
            seed = dealt.get((r["competitor"], r["deal"]))
            check(seed is not None, f"{r['competitor']}'s deal {r['deal']} revealed")
            if seed is None:
                continue
            optimal = frontier_on(folder, seed, relay)["optimal"]
            check(optimal == r["optimal"], f"regenerated {r['competitor']} deal {r['deal']}")
            checked += 1
        check(checked == sum(len(a) for p in played.values() for a in p.values()),
              f"{checked} set mazes regenerated")
        for run in bob_runs:
            status, text = get(port, f"/api/replays/{run}")
            check(status == 200 and json.loads(text)["run"] == run,
                  f"a set run's replay after the close: {status}")
        # alice's reference mark: frontier's costs on her very mazes over hers.
        ref = revealed["ref"]
        budget = ref["move_budget"]
        seeds = {d["deal"]: d["seed"] for d in ref["deals"] if d["competitor"] == "alice"}
        references = [cost(frontier_on(folder, seeds[d], ref), budget) for d in (1, 2, 3)]
        above = sum(max(x, 1) for x, r in zip(references, alice_ref) if r["status"] == "found")
        wanted = above / sum(cost(r, budget) for r in alice_ref)
        board = json.loads(get(port, "/api/leaderboard")[1])
        rows = {r["competitor"]: r for r in board["rows"]}
        alice = rows["alice"]
        relay_mark = alice["challenges"]["relay"]["mark"]
        check(abs(alice["challenges"]["ref"]["mark"] - wanted) < 1e-9 and
              abs(alice_ref[-1]["attempt_mark"] - wanted) < 1e-9 and
              abs(alice["total"] - 100 * (relay_mark + wanted) / WEIGHTS) < 1e-7,
              f"alice's reference mark {alice['challenges']['ref']} (told "
              f"{alice_ref[-1]['attempt_mark']}), wanted {wanted} from {references}")
        frank_mark = reference_kept(folder, ref, *frank)
        check(abs(rows["frank"]["challenges"]["ref"]["mark"] - frank_mark) < 1e-9,
              f"frank's reference mark {rows['frank']['challenges']['ref']}, wanted {frank_mark}")
        replays = {r["competitor"]: r["challenges"]["relay"]["replays"] for r in board["rows"]
                   if "relay" in r["challenges"]}
        check([len(a["runs"]) for a in replays["bob"]] == [2, K] and
              replays["bob"][0]["runs"] == bob_runs[:2],
              f"bob's sets' runs on the leaderboard: {replays['bob']}")
        every_run = [run for r in board["rows"] for c in r["challenges"].values()
                     for a in c["replays"] for run in a["runs"]]
        leaderboard_page(port, every_run)
    finally:
        stop_server(proc)


def watch_refused(port, run):
    """/watch/RUN of a ranked maze before the close: its message within 2 s."""
    if browser.missing():
        return
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait
    driver = browser.browser()
    try:
        driver.get(f"http://127.0.0.1:{port}/watch/{run}")
        WebDriverWait(driver, 10).until(lambda d: d.find_element(By.ID, "refused").is_displayed())
        said = driver.find_element(By.ID, "refused-why").text
        at = browser.answered_at_ms(driver, f"/api/runs/{run}")
        check("once the competition has closed" in said and at is not None and at < 5000,
              f"/watch of a ranked maze: {said!r}, answered at {at} ms after the page opened")
        os.makedirs(os.path.join(BUILD, "artifacts"), exist_ok=True)
        driver.save_screenshot(os.path.join(BUILD, "artifacts", "sets-watch-ranked.png"))
    finally:
        driver.quit()


def leaderboard_page(port, runs):
    """The home page links every set run's replay from the leaderboard, at a
    desktop's width and a phone's, with a clean console."""
    if browser.missing():
        print(f"note: the page is not checked here: {browser.missing()}")
        return
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait
    artifacts = os.path.join(BUILD, "artifacts")
    os.makedirs(artifacts, exist_ok=True)
    for width, height, name in ((1280, 900, "desktop"), (390, 844, "phone")):
        driver = browser.browser(width, height)
        try:
            driver.get(f"http://127.0.0.1:{port}/")
            WebDriverWait(driver, 20).until(
                lambda d: len(d.find_elements(By.CSS_SELECTOR, "#leaderboard details")) > 0)
            for summary in driver.find_elements(By.CSS_SELECTOR, "#leaderboard details summary"):
                summary.click()
            links = driver.execute_script(
                "return [...document.querySelectorAll('#leaderboard details a')].map(a => a.href)")
            wanted = [f"http://127.0.0.1:{port}/replay?url=/api/replays/{run}" for run in runs]
            check(sorted(links) == sorted(wanted), f"{name}: the replays linked: {links}")
            # The page refreshes the board every 2 s: an unchanged one is not
            # built again, so what the reader opened stays open.
            fetches = ("return performance.getEntriesByType('resource')"
                       ".filter(e => e.name.endsWith('/api/leaderboard')).length")
            before = driver.execute_script(fetches)
            WebDriverWait(driver, 20).until(lambda d: d.execute_script(fetches) >= before + 2)
            opened = driver.execute_script(
                "return [...document.querySelectorAll('#leaderboard details')].every(d => d.open)")
            check(opened, f"{name}: the replay lists stayed open across a refresh")
            driver.save_screenshot(os.path.join(artifacts, f"sets-leaderboard-{name}.png"))
            first = driver.find_element(By.CSS_SELECTOR, "#leaderboard details a")
            first.click()
            WebDriverWait(driver, 20).until(lambda d: "/replay" in d.current_url)
            errors = browser.console_errors(driver)
            check(not errors, f"{name}: the console: {errors}")
        finally:
            driver.quit()


if __name__ == "__main__":
    main()
