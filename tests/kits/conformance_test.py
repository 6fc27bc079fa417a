#!/usr/bin/python3
"""Every kit is the same client. The scenario of tests/kits/scenario.json is
played over a real socket by the reference strategy written in each kit (the
C++ SDK through ariadne-bot, the Python kit, the JavaScript kit, the C bot
behind ariadne-pipe, and a scripted MCP client through ariadne-mcp's tools,
as an LLM agent plays), and offline by the C++ dfs bot: every run must give
exactly the same steps, bumps and result everywhere. Each kit also plays one
ranked challenge of a test competition with a token.

Usage: conformance_test.py BUILD_DIR SOURCE_DIR
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
from mcp_client import McpClient, explore  # noqa: E402

BUILD, SOURCE = sys.argv[1], sys.argv[2]
SERVER = os.path.join(BUILD, "server/app/ariadne-server")
BOT = os.path.join(BUILD, "clients/runner/ariadne-bot")
PIPE = os.path.join(BUILD, "clients/bridge/ariadne-pipe")
MCP = os.path.join(BUILD, "clients/mcp/ariadne-mcp")
ADMIN = os.path.join(BUILD, "tools/ariadne-admin")
KIT = os.path.join(SOURCE, "clients/python/ariadne_client.py")
JS = os.path.join(SOURCE, "clients/js/examples/dfs-bot.mjs")
FIELDS = ("status", "steps", "bumps", "score", "optimal")
checks = Checks()
check = checks.check

if shutil.which("node") is None or not os.path.isdir(os.path.join(SOURCE, "clients/js/node_modules/ws")):
    print("SKIP: node, or the JavaScript kit's packages (npm ci in clients/js), missing")
    sys.exit(77)


def result_line(text):
    lines = [line for line in text.splitlines() if line.startswith("result: ")]
    return json.loads(lines[-1][len("result: "):]) if lines else None


def pick(result):
    return tuple(result[f] for f in FIELDS)


def mcp_session(url, token=None):
    env = dict(os.environ, ARIADNE_TOKEN=token) if token else None
    client = McpClient([MCP, "--url", url, "--name", "conformance"], env=env)
    client.initialize()
    client.list_tools()
    return client


def mcp_plays(url, arguments, token=None, runs=1):
    """The reference strategy through ariadne-mcp's tools: start_run, then
    one move a call. Each run's result, or the error's text."""
    client = mcp_session(url, token)
    results = []
    try:
        for _ in range(runs):
            first = client.call("start_run", arguments)
            if first.get("isError"):
                results.append(first["content"][0]["text"])
                break
            results.append(explore(client, first["structuredContent"])["result"])
    finally:
        client.close()
    return results


def main():
    folder = scratch.folder("ariadne-kits-")
    subprocess.run(["cc", "-O2", "-o", os.path.join(folder, "dfs_bot"),
                    os.path.join(SOURCE, "clients/bridge/examples/dfs_bot.c")], check=True)
    with open(os.path.join(os.path.dirname(__file__), "scenario.json")) as f:
        runs = json.load(f)["runs"]
    db = os.path.join(folder, "kits.db")
    kits = ("cpp", "python", "javascript", "bridge", "mcp")
    tokens = {k: subprocess.run([ADMIN, "--db", db, "add-competitor", k], capture_output=True,
                                text=True, check=True).stdout.strip() for k in kits}
    competition = os.path.join(folder, "kits.json")
    with open(competition, "w") as f:
        json.dump({"name": "kits", "seeds": "shared", "challenges": [
            {"id": "one", "maze": {"generator": "prim", "width": 10, "height": 10}},
            {"id": "three", "maze": {"generator": "prim", "width": 8, "height": 8},
             "attempts": 3},
            {"id": "set", "maze": {"generator": "prim", "width": 8, "height": 8},
             "mazes": 3}]}, f)
    proc, port = start_server(SERVER, "--competition", competition, "--db", db)
    url = f"ws://127.0.0.1:{port}/ws"
    try:
        for run in runs:
            size = f"{run['width']}x{run['height']}"
            maze = ["--generator", run["generator"], "--size", size, "--loops", str(run["loops"]),
                    "--treasures", str(run["treasures"])]
            got = {}
            offline = os.path.join(folder, "offline.json")
            subprocess.run([BOT, "--offline", "--bot", "dfs", *maze, "--seeds", str(run["seed"]),
                            "-q", "--json", offline], check=True, capture_output=True)
            with open(offline) as f:
                got["cpp offline"] = pick(json.load(f)["runs"][0])
            online = os.path.join(folder, "online.json")
            subprocess.run([BOT, "--url", url, "--bot", "dfs", *maze, "--seeds", str(run["seed"]),
                            "-q", "--json", online], check=True, capture_output=True)
            with open(online) as f:
                got["cpp"] = pick(json.load(f)["runs"][0])
            py = subprocess.run(["/usr/bin/python3", KIT, "--url", url, "--generator", run["generator"],
                                 "--size", size, "--loops", str(run["loops"]), "--seed", str(run["seed"]),
                                 "--treasures", str(run["treasures"])],
                                capture_output=True, text=True, timeout=60)
            got["python"] = pick(result_line(py.stdout)) if result_line(py.stdout) else py.stderr
            js = subprocess.run(["node", JS, "--url", url, "--generator", run["generator"], "--size", size,
                                 "--loops", str(run["loops"]), "--seed", str(run["seed"]),
                                 "--treasures", str(run["treasures"])],
                                capture_output=True, text=True, timeout=60)
            got["javascript"] = pick(result_line(js.stdout)) if result_line(js.stdout) else js.stderr
            bridge = subprocess.run([PIPE, "--url", url, *maze, "--seed", str(run["seed"]), "--",
                                     os.path.join(folder, "dfs_bot")],
                                    capture_output=True, text=True, timeout=60)
            got["bridge"] = pick(result_line(bridge.stdout)) if result_line(bridge.stdout) else bridge.stderr
            mcp = mcp_plays(url, {k: run[k] for k in ("generator", "width", "height", "seed", "loops",
                                                      "treasures")})[0]
            got["mcp"] = pick(mcp) if isinstance(mcp, dict) else mcp
            if check(len(set(got.values())) == 1, f"{run}: {got}"):
                print(f"ok {run['generator']} {size} seed {run['seed']}: {got['cpp']}")
        # A range of seeds: both kits play each seed, alike.
        ranges = {}
        for kit, command in (("python", ["/usr/bin/python3", KIT]), ("javascript", ["node", JS])):
            done = subprocess.run([*command, "--url", url, "--generator", "prim", "--size", "9x9",
                                   "--seeds", "5-7"], capture_output=True, text=True, timeout=60)
            ranges[kit] = [pick(json.loads(line[len("result: "):])) for line in
                           done.stdout.splitlines() if line.startswith("result: ")]
        check(len(ranges["python"]) == 3 and ranges["python"] == ranges["javascript"],
              f"--seeds 5-7 in both kits: {ranges}")
        # One ranked challenge per kit, with its token.
        ranked = {
            "cpp": [BOT, "--url", url, "--token", tokens["cpp"], "--challenge", "one", "--bot", "dfs"],
            "python": ["/usr/bin/python3", KIT, "--url", url, "--token", tokens["python"], "--challenge", "one"],
            "javascript": ["node", JS, "--url", url, "--token", tokens["javascript"], "--challenge", "one"],
            "bridge": [PIPE, "--url", url, "--token", tokens["bridge"], "--challenge", "one", "--",
                       os.path.join(folder, "dfs_bot")],
        }
        for kit, command in ranked.items():
            done = subprocess.run(command, capture_output=True, text=True, timeout=60)
            check(done.returncode == 0, f"{kit} ranked: {done.stdout}{done.stderr}")
        ends = mcp_plays(url, {"challenge": "one"}, tokens["mcp"])
        check(ends[0]["status"] == "found", f"mcp ranked: {ends}")
        # Every attempt counts (keep all, the default): without --attempts each
        # kit plays all three (the bridge plays one attempt a start: not here).
        players = [kit for kit in kits if kit != "bridge"]
        for kit, command in ((k, ranked[k]) for k in players if k != "mcp"):
            command = [("three" if part == "one" else part) for part in command]
            done = subprocess.run(command, capture_output=True, text=True, timeout=60)
            check(done.returncode == 0, f"{kit} on three: {done.stdout}{done.stderr}")
        # The agent starts each attempt itself.
        ends = mcp_plays(url, {"challenge": "three"}, tokens["mcp"], runs=3)
        check(len(ends) == 3 and all(e["status"] == "found" for e in ends), f"mcp on three: {ends}")
        # A set of three mazes: every kit, the bridge too, plays the whole attempt.
        for kit, command in ranked.items():
            command = [("set" if part == "one" else part) for part in command]
            done = subprocess.run(command, capture_output=True, text=True, timeout=60)
            check(done.returncode == 0, f"{kit} on set: {done.stdout}{done.stderr}")
        ends = mcp_plays(url, {"challenge": "set"}, tokens["mcp"], runs=3)
        check(len(ends) == 3 and all(e["status"] == "found" for e in ends), f"mcp on set: {ends}")
        export = json.loads(subprocess.run([ADMIN, "--db", db, "export-runs"], capture_output=True,
                                           text=True, check=True).stdout)
        for kit in players:
            played = [r for r in export if r["competitor"] == kit and r["challenge"] == "three"]
            check(len(played) == 3, f"{kit} played {len(played)} of three's 3 attempts")
        sets = {kit: [(r["deal"], r["status"], r["steps"]) for r in export
                      if r["competitor"] == kit and r["challenge"] == "set"] for kit in kits}
        check(all(len(played) == 3 for played in sets.values()) and
              len({tuple(played) for played in sets.values()}) == 1,
              f"every kit played the set's three mazes alike: {sets}")
        export = [r for r in export if r["challenge"] == "one"]
        steps = {r["competitor"]: (r["status"], r["steps"]) for r in export}
        # Shared seeds: the same maze for everyone, and the same strategy.
        check(sorted(steps) == sorted(kits) and len(set(steps.values())) == 1,
              f"ranked runs differ: {steps}")
    finally:
        stop_server(proc)
    checks.finish()


if __name__ == "__main__":
    main()
