#!/usr/bin/env python3
"""Bots name themselves: hello's "bot" from the Python kit, ariadne-bot and
ariadne-pipe reaches /api/runs, the spectator snapshot, the replay and the
home page, which filters the runs by player or bot (Chromium, desktop and
phone). A bot name the rules refuse is refused in hello.

Usage: bot_identity_test.py BUILD_DIR SOURCE_DIR
"""
import asyncio
import json
import os
import subprocess
import sys

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(here, "..", "support"))
sys.path.insert(0, os.path.join(here, "..", "..", "clients", "python"))
from ariadne_server import http_get, start_server, stop_server  # noqa: E402
from checks import Checks  # noqa: E402
try:
    import websockets  # noqa: E402
except ImportError:
    print("SKIP: python3-websockets is not installed")
    sys.exit(77)
from ariadne_client import Drone, ServerError, explore  # noqa: E402
import browser  # noqa: E402

BUILD, SOURCE = sys.argv[1], sys.argv[2]
checks = Checks()
check = checks.check
MAZE = {"type": "start", "maze": {"generator": "prim", "width": 8, "height": 8, "seed": 3}}


async def kit_runs(port):
    url = f"ws://127.0.0.1:{port}/ws"
    try:
        await Drone.connect(url, "ann", 10, None, "x" * 65)
        check(False, "a bot name of 65 characters is refused")
    except ServerError as error:
        check(error.code == "bad_request" and "bot" in str(error),
              f"a bot name of 65 characters is refused: {error}")
    drone = await Drone.connect(url, "ann", 10, None, "my-bot 1.2")
    try:
        first = await drone.request(MAZE)
        async with websockets.connect(f"ws://127.0.0.1:{port}/spectate/{first['run']}") as watch:
            snapshot = json.loads(await asyncio.wait_for(watch.recv(), 10))
        check(snapshot.get("bot") == "my-bot 1.2", f"the spectator's snapshot names the bot: "
              f"{snapshot.get('bot')}")
        await explore(drone)
        return first["run"]
    finally:
        await drone.ws.close()


def tools(port):
    url = f"ws://127.0.0.1:{port}/ws"
    subprocess.run([os.path.join(BUILD, "clients/runner/ariadne-bot"), "--url", url, "--bot",
                    "frontier", "--generator", "prim", "--size", "8x8", "--seeds", "1", "--quiet"],
                   check=True, capture_output=True)
    subprocess.run([os.path.join(BUILD, "clients/bridge/ariadne-pipe"), "--url", url,
                    "--generator", "prim", "--size", "8x8", "--seed", "1", "--", "bash",
                    os.path.join(SOURCE, "clients/bridge/examples/dfs_bot.sh")],
                   check=True, capture_output=True)


def main():
    proc, port = start_server(os.path.join(BUILD, "server/app/ariadne-server"))
    try:
        version = json.loads(http_get(port, "/api/server")[1])["version"]
        kit_run = asyncio.run(kit_runs(port))
        tools(port)
        runs = json.loads(http_get(port, "/api/runs")[1])
        bots = {r["run"]: r["bot"] for r in runs}
        check(bots.get(kit_run) == "my-bot 1.2", f"/api/runs names the kit's bot: {bots}")
        check(f"ariadne-bot/frontier {version}" in bots.values(), f"and ariadne-bot's: {bots}")
        check("ariadne-pipe/bash" in bots.values(), f"and ariadne-pipe's program: {bots}")
        replay = json.loads(http_get(port, f"/api/replays/{kit_run}")[1])
        check(replay.get("bot") == "my-bot 1.2", f"the replay names the bot: {replay.get('bot')}")
        home_page(port, runs)
    finally:
        stop_server(proc)
    checks.finish("bots name themselves on every surface")


def home_page(port, runs):
    if browser.missing():
        print(f"note: the page is not checked here: {browser.missing()}")
        return
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait
    frontier = sorted(r["run"] for r in runs if "frontier" in (r["bot"] or ""))
    for width, height in ((1280, 800), (390, 844)):
        driver = browser.browser(width, height)
        try:
            driver.get(f"http://127.0.0.1:{port}/")
            shown = "return [...document.querySelectorAll('#finished tbody tr')].map(r => +r.dataset.run)"
            WebDriverWait(driver, 10).until(lambda d: len(d.execute_script(shown)) == len(runs))
            check("my-bot 1.2" in driver.find_element(By.ID, "finished").text,
                  "the home page shows the bot under its player")
            driver.find_element(By.ID, "filter").send_keys("FRONTIER")
            check(sorted(driver.execute_script(shown)) == frontier,
                  f"the filter keeps ariadne-bot's run only: {driver.execute_script(shown)}")
            driver.find_element(By.ID, "filter").send_keys("zzz")
            check(driver.find_element(By.ID, "no-finished").text ==
                  'No run matching "FRONTIERzzz" has finished yet.', "and says when none match")
            overflow = browser.sideways_px(driver)
            check(not overflow, f"no sideways scrolling at {width} px ({overflow} px)")
            check(not browser.console_errors(driver), f"a clean console at {width} px")
            driver.find_element(By.ID, "filter").clear()
            driver.execute_script("document.getElementById('filter').dispatchEvent(new Event('input'))")
            os.makedirs(os.path.join(BUILD, "artifacts"), exist_ok=True)
            driver.save_screenshot(os.path.join(BUILD, "artifacts", f"home-bots-{width}.png"))
        finally:
            driver.quit()


if __name__ == "__main__":
    main()
