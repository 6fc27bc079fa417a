#!/usr/bin/env python3
"""A bot's paint on the wire and on the pages: bounded and rate-limited,
refused outside the maze and with unknown colours, sent to spectators, kept
in the replay from the move it came after, never part of the game (the
result is the same with or without it), shown on the live view with a
switch to hide it, through the bridge's PAINT too; the bot's log lines the
same way (kept at their move, bounded by paint's budget, listed on the live
view and the replay, through the bridge's LOG); a ranked run's paint and log
only once its replay may be shown (after the close).

Usage: paint_test.py BUILD_DIR SOURCE_DIR
"""
import asyncio
import datetime
import json
import os
import subprocess
import sys
import time

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(here, "..", "support"))
sys.path.insert(0, os.path.join(here, "..", "..", "clients", "python"))
from ariadne_server import http_get, start_server, stop_server  # noqa: E402
from checks import Checks  # noqa: E402
import scratch  # noqa: E402
try:
    import websockets  # noqa: E402
except ImportError:
    print("SKIP: python3-websockets is not installed")
    sys.exit(77)
import jsonschema  # noqa: E402
from ariadne_client import Drone, ServerError, explore  # noqa: E402
import browser  # noqa: E402

BUILD, SOURCE = sys.argv[1], sys.argv[2]
SERVER = os.path.join(BUILD, "server/app/ariadne-server")
ADMIN = os.path.join(BUILD, "tools/ariadne-admin")
with open(os.path.join(SOURCE, "protocol", "protocol.schema.json")) as f:
    SCHEMA = json.load(f)
checks = Checks()
check = checks.check
MAZE = {"generator": "prim", "width": 12, "height": 10, "seed": 7}


def conforms(document, definition):
    schema = {"$ref": f"#/$defs/{definition}", "$defs": SCHEMA["$defs"]}
    jsonschema.validate(document, schema)
    return True


async def refused(drone, message):
    try:
        await drone.request(message)
        return None
    except ServerError as error:
        return error.code


async def practice(port):
    url = f"ws://127.0.0.1:{port}/ws"
    drone = await Drone.connect(url, "painter", 10)
    check(await refused(drone, {"type": "paint", "cells": [{"x": 0, "y": 0, "colour": "red"}]})
          == "no_run", "paint needs a run in play")
    first = await drone.request({"type": "start", "maze": MAZE})
    run = first["run"]
    watcher = await websockets.connect(f"ws://127.0.0.1:{port}/spectate/{run}")
    snapshot = json.loads(await asyncio.wait_for(watcher.recv(), 10))
    check(snapshot["type"] == "snapshot", "a spectator watches")
    # A cell away from the start, where the drone's dot would hide the mark.
    start = (first["position"]["x"], first["position"]["y"])
    mark = (11, 9) if start != (11, 9) else (0, 0)
    check(await drone.paint([(*mark, "red", "s"), (1, 0, "blue", None)]) == 2, "two cells marked")
    check(await drone.log("début: <b>west</b> first") == 2, "a log line, its marks unchanged")
    answer = await drone.request({"type": "paint", "cells": [{"x": 1, "y": 0, "colour": "blue"}]})
    check(conforms(answer, "server_message") and answer == {"type": "painted", "marks": 2},
          f"the reply says the cells marked: {answer}")
    for bad, code, what in (
        ({"cells": [{"x": 12, "y": 0, "colour": "red"}]}, "bad_request", "a cell outside the maze"),
        ({"cells": [{"x": 0, "y": 0, "colour": "pink"}]}, "bad_request", "an unknown colour"),
        ({"cells": [{"x": 0, "y": 0, "text": "toolong"}]}, "bad_request", "a text over 4 characters"),
        ({"cells": [{"x": 0, "y": 0}] * 129}, "bad_request", "129 cells at once"),
        ({}, "bad_request", "a paint of nothing"),
        ({"log": ""}, "bad_request", "an empty log line"),
        ({"log": "a" * 121}, "bad_request", "a log line over 120 characters"),
        ({"log": "two\nlines"}, "bad_request", "a log line with a control character"),
        ({"log": ["x"]}, "bad_request", "a log line that is not text"),
    ):
        check(await refused(drone, {"type": "paint", **bad}) == code, f"refused: {what}")
    await explore(drone, 5)
    check(await drone.paint([(*mark, None, None)]) == 1, "a cell with neither loses its mark")
    # 20 paints a second: a burst past 40 is refused, and refused paints add nothing.
    codes = []
    began = time.monotonic()
    for i in range(60):
        codes.append(await refused(drone, {"type": "paint", "cells": [{"x": i % 12, "y": 1,
                                                                       "colour": "green"}]}))
    allowed = 40 + 20 * (time.monotonic() - began) + 1  # the bucket's burst and its refill
    check("rate_limited" in codes and codes.count(None) <= allowed,
          f"a flood of paints is rate-limited: {codes.count(None)} kept of {allowed:.0f} allowed")
    await explore(drone)
    result = drone.state["result"]
    # The flood above may have left the paint bucket empty (it refills at 20 a
    # second, and a fast machine ends the run sooner): past the rate, the answer.
    after_end = "rate_limited"
    for _ in range(40):
        after_end = await refused(drone, {"type": "paint", "cells": [{"x": 0, "y": 0,
                                                                       "colour": "red"}]})
        if after_end != "rate_limited":
            break
        await asyncio.sleep(0.05)
    check(after_end == "no_run", f"no paint after the end: {after_end}")
    messages = []
    while True:
        message = json.loads(await asyncio.wait_for(watcher.recv(), 10))
        messages.append(message)
        if message["type"] == "end":
            break
    await watcher.close()
    painted = [e for m in messages if m["type"] == "paint" for e in m["events"]]
    check(all(conforms(m, "spectator_message") for m in messages), "the stream follows the schema")
    check(painted and painted[0]["cells"][0] == {"x": mark[0], "y": mark[1], "colour": "red",
                                                 "text": "s"},
          f"the spectator is sent the paint: {painted[:1]}")
    replay = json.loads(http_get(port, f"/api/replays/{run}")[1])
    check(conforms(replay, "replay"), "the replay follows the schema")
    check(replay["paint"] == painted, "the replay keeps every paint the spectator saw")
    check(replay["paint"][0]["at"] == 0 and replay["paint"][-1]["at"] > 0,
          "each paint says the moves it came after")
    logged = [e for e in replay["paint"] if "log" in e]
    check([(e["at"], e["log"], e["cells"]) for e in logged] == [(0, "début: <b>west</b> first", [])],
          f"the replay keeps the log line at its move: {logged}")
    # The same game without paint: the same result (paint is never counted).
    plain = await Drone.connect(url, "plain", 10)
    await plain.request({"type": "start", "maze": MAZE})
    await explore(plain)
    check(plain.state["result"]["steps"] == result["steps"] and
          plain.state["result"]["score"] == result["score"],
          "paint changes nothing in the game")
    await plain.ws.close()
    # The run's budget: 4096 cells, each paint counting one more.
    budget = await Drone.connect(url, "budget", 10)
    await budget.request({"type": "start", "maze": {**MAZE, "width": 64, "height": 64}})
    cells = [{"x": i % 64, "y": i // 64, "colour": "teal"} for i in range(128)]
    spent, code = 0, None
    while code is None and spent < 8000:
        try:
            await budget.request({"type": "paint", "cells": cells})
            spent += 129
        except ServerError as error:
            if error.code == "rate_limited":
                await asyncio.sleep(0.05)  # the paint rate's own limit, not the server's readiness
                continue
            code = error.code
    check(code == "too_large" and 3800 < spent <= 4096, f"a run paints at most 4096 cells: "
          f"{spent}, then {code}")
    await budget.ws.close()
    # Log lines draw on the same budget: 5 cells each (the paint and its line).
    talker = await Drone.connect(url, "talker", 10)
    await talker.request({"type": "start", "maze": MAZE})
    lines, code = 0, None
    while code is None and lines < 2000:
        try:
            await talker.log(f"line {lines}")
            lines += 1
        except ServerError as error:
            if error.code == "rate_limited":
                await asyncio.sleep(0.05)  # the paint rate's own limit
                continue
            code = error.code
    check(code == "too_large" and lines == 4096 // 5, f"a run logs at most 819 lines: {lines}, "
          f"then {code}")
    await talker.ws.close()
    await drone.ws.close()
    return run, mark


async def flood(port):
    """100 paints sent at once: past its rate a connection is read again only
    when a paint is allowed (the rest wait in its socket), so the bucket
    refills between refusals and most of the flood is kept; another player's
    moves go on meanwhile."""
    url = f"ws://127.0.0.1:{port}/ws"
    async with websockets.connect(url) as ws, websockets.connect(url) as other:
        for sock, name in ((ws, "flooder"), (other, "bystander")):
            await sock.send(json.dumps({"type": "hello", "name": name}))
            await sock.recv()
            await sock.send(json.dumps({"type": "start", "maze": MAZE}))
            await sock.recv()
        paint = json.dumps({"type": "paint", "cells": [{"x": 1, "y": 1, "colour": "teal"}]})
        for _ in range(100):
            await ws.send(paint)
        await other.send(json.dumps({"type": "sense"}))
        sensed = json.loads(await asyncio.wait_for(other.recv(), 10))
        check(sensed["type"] == "state", "the other player is answered during the flood")
        replies = [json.loads(await asyncio.wait_for(ws.recv(), 30)) for _ in range(100)]
        kept = sum(r["type"] == "painted" for r in replies)
        limited = sum(r.get("code") == "rate_limited" for r in replies)
        check(kept + limited == 100 and limited > 0 and kept >= 55,
              f"a flood is read at the paint rate: {kept} kept, {limited} refused")


def bridge(port):
    script = os.path.join(scratch.folder(), "painter.sh")
    with open(script, "w") as f:
        f.write("read start\necho 'PAINT 0 0 purple hi'\nread answer\necho \"$answer\" >&2\n"
                "echo 'PAINT CLEAR'\nread answer\necho \"$answer\" >&2\n"
                "echo 'PAINT 0 0 pink'\nread answer\necho \"$answer\" >&2\n"
                "echo 'LOG going home'\nread answer\necho \"$answer\" >&2\n"
                "echo 'LOG'\nread answer\necho \"$answer\" >&2\necho ABANDON\nread end\n")
    done = subprocess.run([os.path.join(BUILD, "clients/bridge/ariadne-pipe"), "--url",
                           f"ws://127.0.0.1:{port}/ws", "--generator", "prim", "--size", "6x6",
                           "--seed", "1", "--", "bash", script], capture_output=True, text=True)
    lines = [line for line in done.stderr.splitlines() if not line.startswith("ariadne-pipe")]
    check(lines[:2] == ["PAINTED 1", "PAINTED 0"] and lines[2].startswith("ERROR bad_line"),
          f"the bridge paints: {lines}")
    check(lines[3:4] == ["PAINTED 0"] and lines[4].startswith("ERROR bad_line"),
          f"the bridge logs a line, and refuses an empty one: {lines[3:]}")


def page(port, run, mark):
    if browser.missing():
        print(f"note: the page is not checked here: {browser.missing()}")
        return
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait
    driver = browser.browser(1280, 800)
    try:
        driver.get(f"http://127.0.0.1:{port}/replay?url=/api/replays/{run}#move=0")
        WebDriverWait(driver, 20).until(lambda d: d.find_element(By.ID, "viewer").is_displayed())
        # The mark is a diamond on its cell (its text in the middle): four
        # points of it off the text, diagonally; y = 0 is the bottom row.
        pixel = ("const c = document.getElementById('drone-view'); const cell = Math.floor(c.width / 12);"
                 f"const cx = ({mark[0]} + 0.5) * cell, cy = (9 - {mark[1]} + 0.5) * cell;"
                 "const g = c.getContext('2d');"
                 "return [[-1, -1], [1, -1], [-1, 1], [1, 1]].map(([dx, dy]) => {"
                 "  const d = g.getImageData(cx + dx * 0.12 * cell, cy + dy * 0.12 * cell, 1, 1).data;"
                 "  return [d[0], d[1], d[2]]; });")
        painted = driver.execute_script(pixel)
        check(any(p[0] > p[2] + 40 and p[0] > p[1] + 40 for p in painted),
              f"the replay shows the red mark at move 0: {painted}")
        driver.find_element(By.ID, "show-paint").click()
        plain = driver.execute_script(pixel)
        check(plain != painted, f"and hides it when asked: {plain}")
        check(not browser.console_errors(driver), "a clean console")
        driver.find_element(By.ID, "show-paint").click()
        log = driver.find_elements(By.CSS_SELECTOR, "#bot-log li")
        check([li.text for li in log] == ["move 0 début: <b>west</b> first"] and
              not driver.find_elements(By.CSS_SELECTOR, "#bot-log b"),
              f"the replay lists the bot's log line at its move, as text: {[li.text for li in log]}")
        driver.save_screenshot(os.path.join(BUILD, "artifacts", "replay-paint.png"))
    finally:
        driver.quit()


async def ranked(folder):
    """Before the close nothing of a ranked run is shown, paint included;
    after it the replay carries the paint."""
    db = os.path.join(folder, "cup.db")
    path = os.path.join(folder, "cup.json")
    now = datetime.datetime.now(datetime.timezone.utc)
    with open(path, "w") as f:
        json.dump({"name": "paint-cup", "closes_at": (now + datetime.timedelta(hours=1))
                   .strftime("%Y-%m-%dT%H:%M:%SZ"),
                   "challenges": [{"id": "c", "maze": {"generator": "prim", "width": 8,
                                                       "height": 8}}]}, f)
    token = subprocess.run([ADMIN, "--db", db, "add-competitor", "ann"], check=True,
                           capture_output=True, text=True).stdout.strip()
    proc, port = start_server(SERVER, "--competition", path, "--db", db)
    try:
        drone = await Drone.connect(f"ws://127.0.0.1:{port}/ws", "ann", 10, token)
        first = await drone.start_challenge("c")
        await drone.paint([(0, 0, "red", "x")])
        await drone.log("a ranked secret")
        try:
            watcher = await websockets.connect(f"ws://127.0.0.1:{port}/spectate/{first['run']}")
            watched = f"watched: {await asyncio.wait_for(watcher.recv(), 10)}"
        except websockets.exceptions.InvalidHandshake as error:
            watched = f"refused: {error}"
        check(watched.startswith("refused") and "403" in watched and "secret" not in watched,
              f"no spectator of a ranked run in play sees it, log and all: {watched}")
        await explore(drone)
        await drone.ws.close()
        run = first["run"]
        check(http_get(port, f"/api/replays/{run}")[0] == 403,
              "a ranked run's replay, paint and log and all, waits for the close")
        subprocess.run([ADMIN, "--db", db, "close"], check=True, capture_output=True)
        deadline = asyncio.get_running_loop().time() + 10
        status, body = http_get(port, f"/api/replays/{run}")
        while status != 200 and asyncio.get_running_loop().time() < deadline:
            await asyncio.sleep(0.1)  # the close, 3 s ahead, has not come yet
            status, body = http_get(port, f"/api/replays/{run}")
        check(status == 200 and json.loads(body)["paint"][0]["cells"][0]["text"] == "x",
              "after the close its replay shows the paint")
        check(status == 200 and json.loads(body)["paint"][1].get("log") == "a ranked secret",
              "and the log")
    finally:
        stop_server(proc)


def main():
    proc, port = start_server(SERVER)
    try:
        run, mark = asyncio.run(practice(port))
        asyncio.run(flood(port))
        bridge(port)
        os.makedirs(os.path.join(BUILD, "artifacts"), exist_ok=True)
        page(port, run, mark)
    finally:
        stop_server(proc)
    asyncio.run(ranked(scratch.folder("ariadne-paint-")))
    checks.finish("a bot's paint is shown, bounded, and never part of the game")


if __name__ == "__main__":
    main()
