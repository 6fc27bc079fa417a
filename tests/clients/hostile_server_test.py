#!/usr/bin/env python3
"""Every client Ariadne ships against a server that lies (tests/support/
hostile_server.py): ariadne-bot with each bundled bot, ariadne-pipe with the C
example bot, the Python kit and the JavaScript kit. Each lie must end the
client within seconds, with an exit code (not a signal, not success) and a
sentence naming the lie; never a crash, heap corruption or a game without end.

Usage: hostile_server_test.py ARIADNE_BOT ARIADNE_PIPE SOURCE_DIR
"""
import concurrent.futures
import os
import shutil
import subprocess
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "support"))
from checks import Checks  # noqa: E402
import scratch  # noqa: E402

try:
    from hostile_server import MODES, HostileServer  # noqa: E402
except ImportError:
    print("SKIP: python3-websockets is not installed (scripts/test.sh installs it)")
    sys.exit(77)

# The words every client uses for each lie (None: any clear sentence will do).
NAMED = {
    "edge_open": "open to the outside of the maze",
    "outside": "outside the 16x16 maze",
    "stuck": "arrived at",
    "huge": "beyond the protocol's sizes",
    "never_ends": "still in play after 50 moves",
    "big_frame": None,
    "not_json": None,
    "bad_frame": None,
}
CRASHES = ("Segmentation", "double free", "AddressSanitizer", "runtime error", "Traceback",
           "core dumped", "Aborted", "at file://", "node:internal")


def play(argv):
    """One client's run: its exit code (None: still running after 60 s),
    stdout, stderr and seconds taken."""
    began = time.monotonic()
    try:
        run = subprocess.run(argv, capture_output=True, text=True, timeout=60)
    except subprocess.TimeoutExpired:
        return None, "", "", time.monotonic() - began
    return run.returncode, run.stdout, run.stderr, time.monotonic() - began


def main():
    bot, pipe, source = sys.argv[1:4]
    checks = Checks()
    work = scratch.folder()
    c_bot = os.path.join(work, "dfs_bot")
    subprocess.run(["cc", "-O2", "-o", c_bot,
                    os.path.join(source, "clients/bridge/examples/dfs_bot.c")], check=True)
    # The fuzzer's C bot is built with the sanitizers: a write out of its
    # arrays is a report, not a silent luck.
    c_bot_checked = os.path.join(work, "dfs_bot_checked")
    subprocess.run(["cc", "-O1", "-g", "-fsanitize=address,undefined",
                    "-fno-sanitize-recover=all", "-o", c_bot_checked,
                    os.path.join(source, "clients/bridge/examples/dfs_bot.c")], check=True)
    maze = ["--generator", "prim", "--size", "16x16"]
    clients = {f"ariadne-bot --bot {name}": lambda url, name=name:
               [bot, "--url", url, "--bot", name, "--seeds", "1", "-q", *maze]
               for name in ("tremaux", "dfs", "frontier", "wall_follower", "random_mouse")}
    clients["ariadne-pipe with the C bot"] = lambda url: [
        pipe, "--url", url, *maze, "--seed", "1", "--", c_bot]
    clients["the Python kit"] = lambda url: [
        sys.executable, os.path.join(source, "clients/python/ariadne_client.py"),
        "--url", url, "--generator", "prim", "--size", "16x16", "--seed", "1"]
    node = shutil.which("node")
    if node and os.path.isdir(os.path.join(source, "clients/js/node_modules/ws")):
        clients["the JavaScript kit"] = lambda url: [
            node, os.path.join(source, "clients/js/examples/dfs-bot.mjs"),
            "--url", url, *maze, "--seed", "1"]
    else:
        print("note: the JavaScript kit is not checked (node or its packages missing)")
    with HostileServer() as server:
        # Every client at every lie, then the fuzzer (replies bent at random,
        # 100 seeds, through the bridge with the checked C bot and through
        # ariadne-bot), then a server that answers, slowly, forever: the run's
        # deadline ends it (--max-run-seconds 1, and the drone's 5 s of
        # grace). Four clients at a time: most of a lie's time is a client
        # waiting (a close never answered, a deadline).
        runs = [(mode, f"{client} against {mode}", command(server.url(mode)))
                for mode in MODES for client, command in clients.items()]
        fuzzed = {"ariadne-pipe with the checked C bot": lambda url: [
            pipe, "--url", url, *maze, "--seed", "1", "--", c_bot_checked],
            "ariadne-bot --bot tremaux": clients["ariadne-bot --bot tremaux"]}
        runs += [("random", f"{client} against random-{seed}",
                  command(server.url(f"random-{seed}")))
                 for seed in range(100) for client, command in fuzzed.items()]
        runs.insert(0, ("slow", "a slow endless run",
                        [bot, "--url", server.url("slow"), "--bot", "dfs", "--seeds", "1", "-q",
                         "--max-run-seconds", "1", *maze]))
        with concurrent.futures.ThreadPoolExecutor(max_workers=4) as pool:
            results = list(pool.map(lambda run: play(run[2]), runs))
    for (mode, what, _), (code, out, err, took) in zip(runs, results):
        output = out + err
        if code is None:
            checks.fail(f"{what}: still running after 60 s")
            continue
        crash = [c for c in CRASHES if c in output]
        if mode == "slow":
            checks.check(0 < code < 128 and "still in play after 6 s" in err and took < 20,
                         f"{what}: exit {code} after {took:.1f} s\n{output}")
        elif mode == "random":
            checks.check(0 <= code < 128 and not crash,
                         f"{what}: exit code {code} {crash}\n{output[-2000:]}")
        else:
            checks.check(0 < code < 128, f"{what}: exit code {code}\n{output[-2000:]}")
            checks.check(not crash, f"{what}: {crash}\n{output[-2000:]}")
            if NAMED[mode] is not None:
                checks.check(NAMED[mode] in output,
                             f"{what}: no \"{NAMED[mode]}\"\n{output[-2000:]}")
            else:
                checks.check(err.strip() != "" or "error" in out,
                             f"{what}: no word of why\n{output[-2000:]}")
    checks.finish("every client stops cleanly at every lie")


if __name__ == "__main__":
    main()
