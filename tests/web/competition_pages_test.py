#!/usr/bin/python3
"""A competition's pages in a real browser (headless Chromium), in its three
states (not open, open, closed), at a desktop's width and a phone's, each
with no horizontal scrolling of the page, a clean console and a screenshot
in ARTIFACTS. The home page: the state said in words with its times, figures
to their places (no raw float), ranks only for who played, hidden mazes said
to be hidden. The watch page: an unknown run, and a ranked run before the
close, said within 2 s; after the close (and a restart) a ranked run's watch
address leads to its replay, which plays. The playground: refused with the
server's words where the competition has no practice, playing where it has.

Usage: competition_pages_test.py BUILD_DIR ARTIFACTS_DIR"""
import datetime
import json
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "support"))
from ariadne_server import http_get, start_server, stop_server  # noqa: E402
from checks import Checks  # noqa: E402
import scratch  # noqa: E402
import browser  # noqa: E402

if browser.missing():
    print(f"SKIP: {browser.missing()}")
    sys.exit(77)
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402

BUILD, ARTIFACTS = sys.argv[1], sys.argv[2]
SERVER = os.path.join(BUILD, "server/app/ariadne-server")
ADMIN = os.path.join(BUILD, "tools/ariadne-admin")
BOT = os.path.join(BUILD, "clients/runner/ariadne-bot")
os.makedirs(ARTIFACTS, exist_ok=True)
checks = Checks()
check = checks.check
WIDTHS = ((1280, 800, "desktop"), (390, 844, "phone"))


def stamp(delta_hours):
    moment = datetime.datetime.now(datetime.timezone.utc) + datetime.timedelta(hours=delta_hours)
    return moment.strftime("%Y-%m-%dT%H:%M:%SZ")


def competition(folder, state, practice=True):
    times = {"not_open": {"opens_at": stamp(2), "closes_at": stamp(50)},
             "open": {"opens_at": stamp(-1), "closes_at": stamp(50)},
             "closed": {"opens_at": stamp(-3), "closes_at": stamp(-1)}}[state]
    path = os.path.join(folder, f"{state}.json")
    with open(path, "w") as f:
        json.dump({"name": "page-cup", "seeds": "shared", "practice": practice, **times,
                   "challenges": [
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
            # How to join: this server's drone address in every kit's command.
            join = driver.find_element(By.ID, "join-commands").text
            url = f"ws://127.0.0.1:{port}/ws"
            check(join.count(url) == 4 and "YOUR_TOKEN" in join and
                  "ariadne_client.py" in join and "dfs-bot.mjs" in join and "ariadne-pipe" in join,
                  f"{state} {name}: the commands to join: {join!r}")
            check("mark" in driver.find_element(By.ID, "join-rules").text,
                  f"{state} {name}: the rules of marks")
            errors = overflow_and_console(driver, f"{state} {name}")
            check(not errors, f"{state} {name}: the console: {errors}")
            driver.save_screenshot(os.path.join(ARTIFACTS, f"competition-{state}-{name}.png"))
            yield driver, board
        finally:
            driver.quit()


def overflow_and_console(driver, what):
    """Checks the page does not scroll sideways; returns its console's errors."""
    wide = browser.sideways_px(driver)
    check(wide == 0, f"{what}: the page scrolls sideways by {wide} px")
    return browser.console_errors(driver)


def refused_in_time(driver, port, run, words, state, name):
    """The watch page of `run` says `words` at once, as the server answered."""
    driver.get(f"http://127.0.0.1:{port}/watch/{run}")
    WebDriverWait(driver, 10).until(lambda d: d.find_element(By.ID, "refused").is_displayed())
    why = driver.find_element(By.ID, "refused-why").text
    at = browser.answered_at_ms(driver, f"/api/runs/{run}")
    check(words in why and at is not None and at < 5000,
          f"{state} {name}: /watch/{run} says {why!r}, answered at {at} ms")
    check(not driver.find_element(By.ID, "view").is_displayed(),
          f"{state} {name}: no maze drawn for a run not watched")
    # The refusal itself (a 403 or 404 fetch) is the console's only complaint.
    errors = overflow_and_console(driver, f"{state} {name} /watch/{run}")
    check(all(f"/api/runs/{run}" in e for e in errors), f"{state} {name}: the console {errors}")
    driver.save_screenshot(os.path.join(ARTIFACTS, f"competition-{state}-watch-{name}.png"))


def other_pages(port, state, ranked_run, practice):
    """The watch, replay and play pages of the competition in `state`."""
    for width, height, name in WIDTHS:
        driver = browser.browser(width, height)
        try:
            refused_in_time(driver, port, 999999, "no such run", state, name)
            if ranked_run is not None and state == "open":
                refused_in_time(driver, port, ranked_run, "once the competition has closed",
                                state, name)
                driver.get(f"http://127.0.0.1:{port}/replay?url=/api/replays/{ranked_run}")
                WebDriverWait(driver, 10).until(
                    lambda d: d.find_element(By.ID, "error").is_displayed())
                said = driver.find_element(By.ID, "error").text
                check("published once the competition has closed" in said and
                      not driver.find_element(By.ID, "viewer").is_displayed(),
                      f"{state} {name}: a ranked replay before the close: {said!r}")
                browser.console_errors(driver)  # the 403 itself
            if ranked_run is not None and state == "closed":
                # A run of an earlier server: its watch address leads to its replay.
                driver.get(f"http://127.0.0.1:{port}/watch/{ranked_run}")
                WebDriverWait(driver, 20).until(
                    lambda d: "/replay" in d.current_url and
                    "matches" in d.find_element(By.ID, "hash").text)
                check(driver.find_element(By.ID, "viewer").is_displayed() and
                      "ranked" not in driver.find_element(By.ID, "error").text,
                      f"{state} {name}: /watch/{ranked_run} opens its replay")
                errors = overflow_and_console(driver, f"{state} {name} replay")
                check(not errors, f"{state} {name}: the replay's console {errors}")
                driver.save_screenshot(os.path.join(ARTIFACTS, f"competition-{state}-replay-{name}.png"))
            driver.get(f"http://127.0.0.1:{port}/play")
            WebDriverWait(driver, 20).until(
                lambda d: d.find_elements(By.CSS_SELECTOR, "#generator option"))
            driver.find_element(By.ID, "run").click()
            if practice:
                WebDriverWait(driver, 60).until(
                    lambda d: d.find_elements(By.CSS_SELECTOR, "#history tbody tr") or
                    d.find_element(By.ID, "error").is_displayed())
                check(not driver.find_element(By.ID, "error").is_displayed(),
                      f"{state} {name}: the playground plays: "
                      f"{driver.find_element(By.ID, 'error').text!r}")
            else:
                WebDriverWait(driver, 20).until(
                    lambda d: d.find_element(By.ID, "error").is_displayed())
                said = driver.find_element(By.ID, "error").text
                check("no practice starts" in said and driver.find_element(By.ID, "run").is_enabled(),
                      f"{state} {name}: the playground says why it cannot play: {said!r}")
            errors = overflow_and_console(driver, f"{state} {name} /play")
            check(not errors, f"{state} {name}: the playground's console {errors}")
            driver.save_screenshot(os.path.join(ARTIFACTS, f"competition-{state}-play-{name}.png"))
        finally:
            driver.quit()


def ranked_run_of(db):
    runs = json.loads(subprocess.run([ADMIN, "--db", db, "export-runs", "--format", "json"],
                                     capture_output=True, text=True, check=True).stdout)
    return runs[0]["run"] if runs else None


def main():
    folder = scratch.folder("ariadne-pages-")
    db = os.path.join(folder, "cup.db")
    tokens = {n: subprocess.run([ADMIN, "--db", db, "add-competitor", n], capture_output=True,
                                text=True, check=True).stdout.strip() for n in ("ann", "bo")}
    # Not open: nobody has played, so nobody is ranked yet.
    proc, port = start_server(SERVER, "--competition",
                              competition(folder, "not_open", practice=False), "--db", db)
    try:
        for driver, board in look(port, "not_open", "not open yet: opens in"):
            check(driver.find_element(By.ID, "no-history").is_displayed() and
                  not driver.find_element(By.ID, "history").is_displayed(),
                  "no plot over time before the first result, and a word why")
            rows = [line for line in board.splitlines() if "ann" in line or "bo" in line]
            check(rows and all(line.startswith("-") for line in rows),
                  f"no rank before anyone played: {rows}")
        other_pages(port, "not_open", None, practice=False)
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
        ranked_run = ranked_run_of(db)
        check(ranked_run is not None, "the store has the ranked runs")
        other_pages(port, "open", ranked_run, practice=True)
    finally:
        stop_server(proc)
    proc, port = start_server(SERVER, "--competition", competition(folder, "closed"), "--db", db)
    try:
        history = json.loads(http_get(port, "/api/leaderboard/history")[1])
        board_order = [row["competitor"] for row in
                       json.loads(http_get(port, "/api/leaderboard")[1])["rows"]]
        # The leaders in the board's order (who wins depends on the deal).
        check([line["competitor"] for line in history["leaders"]] == board_order and
              sorted(board_order) == ["ann", "bo"] and
              history["times"] == sorted(history["times"]) and len(history["times"]) > 1 and
              all(len(line["totals"]) == len(history["times"]) for line in history["leaders"]),
              f"the leaderboard over time: {history}")
        for driver, board in look(port, "closed", "closed at"):
            check("\u00b1" in board, f"the totals with their errors after the close: {board!r}")
            lines = driver.find_elements(By.CSS_SELECTOR, "#history path.curve")
            check(len(lines) == 2 and driver.find_element(By.ID, "history").is_displayed() and
                  all(line.get_attribute("d").count("L") > 0 for line in lines),
                  "the leaders over time are drawn, a line each")
        other_pages(port, "closed", ranked_run, practice=True)
    finally:
        stop_server(proc)
    checks.finish()


if __name__ == "__main__":
    main()
