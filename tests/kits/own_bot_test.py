#!/usr/bin/python3
"""Your own bot, measured like ours, in one command: ariadne-bot --program
plays a competitor's program beside the bundled bots on the same seeds,
offline and on a server. The kits' own-bot examples (Python, JavaScript,
each in a file of its own that imports its kit) and the bridge's C and bash
bots are all depth-first searches: each must take exactly the bundled dfs's
steps on every seed, in the same table, --json, --svg and --plot. A program
that fails is said once, plainly; a program's garbage is refused line by line.

Usage: own_bot_test.py BUILD_DIR SOURCE_DIR
"""
import json
import os
import shutil
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "support"))
from ariadne_server import start_server, stop_server  # noqa: E402
from checks import Checks  # noqa: E402
import scratch  # noqa: E402

BUILD, SOURCE = sys.argv[1], sys.argv[2]
BOT = os.path.join(BUILD, "clients/runner/ariadne-bot")
SERVER = os.path.join(BUILD, "server/app/ariadne-server")
checks = Checks()
check = checks.check

if shutil.which("node") is None or not os.path.isdir(os.path.join(SOURCE, "clients/js/node_modules/ws")):
    print("SKIP: node, or the JavaScript kit's packages (npm ci in clients/js), missing")
    sys.exit(77)

work = scratch.folder("ariadne-own-bot-")
subprocess.run(["cc", "-O2", "-o", os.path.join(work, "dfs_bot"),
                os.path.join(SOURCE, "clients/bridge/examples/dfs_bot.c")], check=True)
env = dict(os.environ, PYTHONPATH=os.path.join(SOURCE, "clients/python"))
MAZE = ["--generator", "recursive_backtracker", "--size", "12x12", "--loops", "0.5"]
programs = {
    "my_bot.py": f"/usr/bin/python3 {SOURCE}/clients/python/examples/my_bot.py",
    "my-bot.mjs": f"node {SOURCE}/clients/js/examples/my-bot.mjs",
    "dfs_bot": os.path.join(work, "dfs_bot"),
    "dfs_bot.sh": f"bash {SOURCE}/clients/bridge/examples/dfs_bot.sh",
}


def measure(program, *args, where=("--offline",)):
    out = os.path.join(work, "games.json")
    done = subprocess.run([BOT, "--program", program, "--bot", "dfs", *where, *MAZE, "-q",
                           "--json", out, *args], capture_output=True, text=True, env=env,
                          cwd=work, timeout=240)
    games = None
    if done.returncode == 0:
        with open(out) as f:
            games = json.load(f)
    return done, games


def steps_by_bot(games):
    by_bot = {}
    for run in games["runs"]:
        by_bot.setdefault(run["bot"], {})[run["seed"]] = (run["status"], run["steps"], run["bumps"])
    return by_bot


for name, program in programs.items():
    seeds = "1-12" if name != "dfs_bot.sh" else "1-4"  # bash is slow
    extra = ["--svg", "game.svg", "--plot", "plot.svg"] if name == "my_bot.py" else []
    done, games = measure(program, "--seeds", seeds, *extra)
    if not check(games is not None, f"{name}: exit {done.returncode}: {done.stderr[-600:]}"):
        continue
    table = [line.split()[0] for line in done.stdout.splitlines()[1:] if line.strip()]
    check(table[:3] == ["bot", "dfs", name], f"{name}: the table's rows: {done.stdout}")
    by_bot = steps_by_bot(games)
    check(by_bot.get(name) == by_bot.get("dfs") and by_bot.get("dfs"),
          f"{name} takes the bundled dfs's steps on every seed: {by_bot}")
    check(all(s["bot"] in ("dfs", name) for s in games["summary"]), f"{name}: --json summary")
    if extra:
        for picture in ("game.svg", "plot.svg"):
            path = os.path.join(work, picture)
            check(os.path.exists(path) and "<svg" in open(path).read(), f"{picture} drawn")

# On a server, the same steps, and the program's runs are the server's runs.
server, port = start_server(SERVER)
try:
    done, games = measure(programs["my-bot.mjs"], "--seeds", "3-5",
                          where=("--url", f"ws://127.0.0.1:{port}/ws"))
    if check(games is not None, f"on a server: exit {done.returncode}: {done.stderr[-600:]}"):
        by_bot = steps_by_bot(games)
        check(by_bot.get("my-bot.mjs") == by_bot.get("dfs"), f"on a server, the same steps: {by_bot}")
        check("  my-bot.mjs: runs " in done.stdout, f"its run numbers: {done.stdout}")
finally:
    stop_server(server)

# A program that cannot play says so once, for every game it failed.
done, _ = measure("/usr/bin/python3 no_such_bot.py", "--seeds", "1-5")
said = [line for line in done.stderr.splitlines() if "no_such_bot.py seeds 1,2,3,4,5" in line]
check(len(said) == 1 and "closed its output" in said[0],
      f"a missing program: exit {done.returncode}, stderr {done.stderr!r}")
# Garbage lines are refused and the program plays on to its own end.
chatty = os.path.join(work, "chatty.sh")
with open(chatty, "w") as f:
    f.write("read -r start\necho HELLO\nread -r answer\necho \"$answer\" >&2\necho ABANDON\n"
            "read -r end\n")
done, games = measure(f"bash {chatty}", "--seeds", "1")
check(games is not None and games["runs"][-1]["status"] == "abandoned" and
      "ERROR bad_line unknown command 'HELLO'" in done.stderr,
      f"a refused line: exit {done.returncode}, {done.stderr!r}")
# Names: a bundled bot's is refused; --program-name chooses another.
done, _ = measure(programs["dfs_bot"], "--program-name", "dfs", "--seeds", "1")
check(done.returncode == 2 and "a bundled bot's name" in done.stderr, f"--program-name dfs: {done.stderr}")
done, games = measure(programs["dfs_bot"], "--program-name", "mine", "--seeds", "1")
check(games is not None and {r["bot"] for r in games["runs"]} == {"dfs", "mine"},
      f"--program-name mine: {done.stderr}")
checks.finish("your own bot is measured like ours")
