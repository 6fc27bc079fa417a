#!/usr/bin/python3
"""The home page of a competition in a real browser (headless Chromium), in
its three states (not open, open, closed), at a desktop's width and a
phone's: the state said in words with its times, figures to their places (no
raw float), ranks only for who played, hidden mazes said to be hidden, no
horizontal scrolling of the page, a clean console, and a screenshot of each
in ARTIFACTS.

Usage: competition_pages_test.py BUILD_DIR ARTIFACTS_DIR"""
import datetime
import json
import os
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "support"))
from ariadne_server import http_get, start_server, stop_server  # noqa: E402
from checks import Checks  # noqa: E402
import browser  # noqa: E402

if browser.missing():
    print(f"SKIP: {browser.missing()}")
    sys.exit(77)
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402

BUILD, ARTIFACTS = sys.argv[1], sys.argv[2]
SERVER = os.path.join(BUILD, "server/app/ariadne-server")
ADMIN = os.path.join(BUILD, "server/tools/ariadne-admin")
BOT = os.path.join(BUILD, "clients/runner/ariadne-bot")
os.makedirs(ARTIFACTS, exist_ok=True)
checks = Checks()
check = checks.check
WIDTHS = ((1280, 800, "desktop"), (390, 844, "phone"))


def stamp(delta_hours):
    moment = datetime.datetime.now(datetime.timezone.utc) + datetime.timedelta(hours=delta_hours)
    return moment.strftime("%Y-%m-%dT%H:%M:%SZ")


def competition(folder, state):
    times = {"not_open": {"opens_at": stamp(2), "closes_at": stamp(50)},
             "open": {"opens_at": stamp(-1), "closes_at": stamp(50)},
             "closed": {"opens_at": stamp(-3), "closes_at": stamp(-1)}}[state]
    path = os.path.join(folder, f"{state}.json")
    with open(path, "w") as f:
        json.dump({"name": "page-cup", "seeds": "shared", **times, "challenges": [
            {"id": "warm-up", "maze": {"generator": "prim", "width": 10, "height": 10},
             "attempts": 2},
            {"id": "relay", "maze": {"generator": "hunt_and_kill", "width": 12, "height": 12,
                                     "loops": 0.3}, "mazes": 3}]}, f)
    return path


def look(port, state, expect):
    """The home page at both widths: its sentences, its figures, its width."""
    for width, height, name in WIDTHS:
        driver = browser.browser(width, height)
        try:
            driver.get(f"http://127.0.0.1:{port}/")
            WebDriverWait(driver, 20).until(
                lambda d: d.find_element(By.ID, "competition").is_displayed() and
                len(d.find_elements(By.CSS_SELECTOR, "#leaderboard tbody tr")) > 0)
            said = driver.find_element(By.ID, "competition-state").text
            board = driver.find_element(By.ID, "leaderboard").text
            challenges = driver.find_element(By.ID, "challenges").text
            check(expect in said and "_" not in said and not re.search(r"\dT\d", said),
                  f"{state} {name}: the state says {said!r}")
            check(not re.search(r"\d\.\d{4,}", board),
                  f"{state} {name}: a raw float on the leaderboard: {board!r}")
            if state == "closed":
                check("prim 10x10" in challenges, f"{state}: the mazes revealed: {challenges!r}")
            else:
                check("hidden until the close" in challenges,
                      f"{state}: the mazes said hidden: {challenges!r}")
            check("1 set of 3 mazes" in challenges, f"{state}: a set's attempts: {challenges!r}")
            overflow = driver.execute_script(
                "return document.documentElement.scrollWidth - document.documentElement.clientWidth")
            check(overflow <= 0, f"{state} {name}: the page scrolls sideways by {overflow} px")
            errors = browser.console_errors(driver)
            check(not errors, f"{state} {name}: the console: {errors}")
            driver.save_screenshot(os.path.join(ARTIFACTS, f"competition-{state}-{name}.png"))
            yield driver, board
        finally:
            driver.quit()


def main():
    folder = tempfile.mkdtemp(prefix="ariadne-pages-")
    db = os.path.join(folder, "cup.db")
    tokens = {n: subprocess.run([ADMIN, "--db", db, "add-competitor", n], capture_output=True,
                                text=True, check=True).stdout.strip() for n in ("ann", "bo")}
    # Not open: nobody has played, so nobody is ranked yet.
    proc, port = start_server(SERVER, "--competition", competition(folder, "not_open"), "--db", db)
    try:
        for _, board in look(port, "not_open", "not open yet: opens in"):
            rows = [line for line in board.splitlines() if "ann" in line or "bo" in line]
            check(rows and all(line.startswith("-") for line in rows),
                  f"no rank before anyone played: {rows}")
    finally:
        stop_server(proc)
    proc, port = start_server(SERVER, "--competition", competition(folder, "open"), "--db", db)
    try:
        for name, bot in (("ann", "frontier"), ("bo", "dfs")):
            run = subprocess.run([BOT, "--url", f"ws://127.0.0.1:{port}/ws", "--token",
                                  tokens[name], "--challenge", "all", "--bot", bot],
                                 capture_output=True, text=True, timeout=120)
            check(run.returncode == 0, f"{name} played: {run.stdout}{run.stderr}")
        ranked = json.loads(http_get(port, "/api/leaderboard")[1])["ranked_runs"]
        check(ranked >= 0, "the leaderboard answers")
        for _, board in look(port, "open", "open: closes in"):
            check("attempts)" in board, f"the attempts are labelled: {board!r}")
    finally:
        stop_server(proc)
    proc, port = start_server(SERVER, "--competition", competition(folder, "closed"), "--db", db)
    try:
        for driver, board in look(port, "closed", "closed at"):
            check("\u00b1" in board, f"the totals with their errors after the close: {board!r}")
    finally:
        stop_server(proc)
    checks.finish()


if __name__ == "__main__":
    main()
