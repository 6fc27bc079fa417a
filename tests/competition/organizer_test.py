#!/usr/bin/env python3
"""The organizer at a running server: ariadne-admin imports competitors,
announces, extends, closes, resets and opens again, and each change reaches
/api/competition, the welcome and the home page within 2 s, with its real
times; ranked starts follow them. Restarts keep the organizer's times.

Usage: organizer_test.py BUILD_DIR
"""
import asyncio
import datetime
import json
import os
import stat
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "support"))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from ariadne_server import http_get, start_server, stop_server  # noqa: E402
from checks import Checks  # noqa: E402
from test_store import stores  # noqa: E402
from competition_client import Client, Refused  # noqa: E402
import browser  # noqa: E402

BUILD = sys.argv[1]
SERVER = os.path.join(BUILD, "server/app/ariadne-server")
ADMIN = os.path.join(BUILD, "tools/ariadne-admin")
checks = Checks()
check = checks.check


def utc(t):
    return t.strftime("%Y-%m-%dT%H:%M:%SZ")


def parse(text):
    return datetime.datetime.strptime(text[:19], "%Y-%m-%dT%H:%M:%S").replace(
        tzinfo=datetime.timezone.utc)


def admin(db, *args, ok=True):
    done = subprocess.run([ADMIN, "--db", db, *args], capture_output=True, text=True)
    if ok:
        check(done.returncode == 0, f"ariadne-admin {' '.join(args)}: {done.stderr}")
    return done


def competition(port):
    return json.loads(http_get(port, "/api/competition")[1])


def within(seconds, what, probe):
    """probe() until it answers truthily, at most `seconds`: its answer."""
    deadline = time.monotonic() + seconds
    while True:
        answer = probe()
        if answer or time.monotonic() > deadline:
            check(bool(answer), f"within {seconds} s: {what}")
            return answer
        time.sleep(0.05)


async def welcome(port, token):
    drone = await Client.connect(port, token, "organizer-test")
    try:
        return drone.welcome
    finally:
        await drone.ws.close()


async def play_one(port, token):
    drone = await Client.connect(port, token, "organizer-test")
    try:
        first = await drone.start("small")
        await drone.play_dfs()
        return first
    finally:
        await drone.ws.close()


async def refused(port, token):
    drone = await Client.connect(port, token, "organizer-test")
    try:
        await drone.start("small")
        return None
    except Refused as error:
        return str(error)
    finally:
        await drone.ws.close()


def onboarding(folder, db):
    names = os.path.join(folder, "names.csv")
    with open(names, "w") as f:
        f.write('name,team\nann,red\n"bob, the bot",blue\n\ncy,green\n')
    tokens = os.path.join(folder, "tokens.csv")
    done = admin(db, "import-competitors", names, "--tokens", tokens)
    check("added 3" in done.stdout, f"three competitors imported: {done.stdout}")
    check(stat.S_IMODE(os.stat(tokens).st_mode) == 0o600, "the tokens file is its owner's only")
    with open(tokens) as f:
        lines = f.read().splitlines()
    check(lines[0] == "name,token" and lines[2].startswith('"bob, the bot",'),
          f"the tokens file: {lines[:3]}")
    token = {line.rsplit(",", 1)[0].strip('"'): line.rsplit(",", 1)[1] for line in lines[1:]}
    # Again: refused, and nothing changes (no file, no competitor).
    again = os.path.join(folder, "again.csv")
    with open(names, "w") as f:
        f.write("dan\nANN\n")
    done = admin(db, "import-competitors", names, "--tokens", again, ok=False)
    check(done.returncode != 0 and "twice, or is a competitor" in done.stderr,
          f"a name already taken is refused: {done.stderr}")
    check(not os.path.exists(again), "and no tokens file is left")
    listed = json.loads(admin(db, "list-competitors", "--format", "json").stdout)
    check([c["name"] for c in listed] == ["ann", "bob, the bot", "cy"],
          f"dan was not added: {[c['name'] for c in listed]}")
    return token


def main():
    with tempfile.TemporaryDirectory() as folder:
        db = stores.fresh(folder, "cup")
        path = os.path.join(folder, "cup.json")
        now = datetime.datetime.now(datetime.timezone.utc)
        with open(path, "w") as f:
            json.dump({"name": "organizer-cup", "seeds": "shared",
                       "opens_at": utc(now - datetime.timedelta(hours=1)),
                       "closes_at": utc(now + datetime.timedelta(hours=1)),
                       "challenges": [{"id": "small", "attempts": 3,
                                       "maze": {"generator": "prim", "width": 8, "height": 8}}]},
                      f)
        log = open(os.path.join(folder, "server.log"), "w+")
        proc, port = start_server(SERVER, "--competition", path, "--db", db, "--log-level", "info",
                                  log=log)
        try:
            log.seek(0)
            check('competition "organizer-cup": open' in log.read(),
                  "the startup log confirms the competition")
            token = onboarding(folder, db)
            ann = token["ann"]
            check(len(asyncio.run(welcome(port, token["bob, the bot"]))["competition"]
                      ["challenges"]) == 1, "an imported token says hello")

            admin(db, "announce", "Final round at 18:00 UTC")
            within(2, "the announcement is published",
                   lambda: competition(port).get("announcement") == "Final round at 18:00 UTC")
            check(asyncio.run(welcome(port, ann))["competition"].get("announcement") ==
                  "Final round at 18:00 UTC", "and the welcome carries it")
            check(admin(db, "announce", "x" * 281, ok=False).returncode == 2,
                  "an announcement over 280 characters is refused")

            before = parse(competition(port)["closes_at"])
            admin(db, "extend", "--by", "2h")
            within(2, "the extension is published", lambda: parse(
                competition(port)["closes_at"]) == before + datetime.timedelta(hours=2))
            check(admin(db, "extend", "--to", utc(before), ok=False).returncode == 2,
                  "an extension to an earlier time is refused")

            first = asyncio.run(play_one(port, ann))
            listed = admin(db, "list-competitors").stdout
            check("ann" in listed and "1 (small 1)" in listed,
                  f"list-competitors counts ann's attempt: {listed}")

            done = admin(db, "close")
            asked = datetime.datetime.now(datetime.timezone.utc)
            closes = within(2, "the close is published", lambda: (
                lambda c: c["closes_at"] if parse(c["closes_at"]) < before else None)(
                    competition(port)))
            check(parse(closes) <= asked + datetime.timedelta(seconds=4),
                  f"the close published is the real one: {closes} ({done.stdout.strip()})")
            within(6, "the competition is closed",
                   lambda: competition(port)["state"] == "closed")
            why = asyncio.run(refused(port, ann))
            check(why is not None and "closed" in why, f"a ranked start is refused: {why}")
            starts = [parse(r["started_at"]) for r in
                      json.loads(admin(db, "export-runs").stdout)]
            check(starts and max(starts) <= parse(competition(port)["closes_at"]),
                  f"the close is after every start: {starts}, run {first['run']}")
            revealed = competition(port)["challenges"][0]["deals"]
            check(len(revealed) == 1, f"the deal played is revealed: {revealed}")

            check(admin(db, "reset", ok=False).returncode == 2,
                  "reset without --yes-delete-results is refused")
            done = admin(db, "reset", "--yes-delete-results")
            check("deleted 1" in done.stdout, f"reset: {done.stdout}")
            within(2, "the leaderboard is empty after the reset", lambda: json.loads(
                http_get(port, "/api/leaderboard")[1])["ranked_runs"] == 0)
            until = utc(datetime.datetime.now(datetime.timezone.utc) + datetime.timedelta(hours=1))
            admin(db, "open", "--until", until)
            within(2, "the competition is open again",
                   lambda: competition(port)["state"] == "open")
            again = asyncio.run(play_one(port, ann))
            left = asyncio.run(welcome(port, ann))["competition"]["challenges"][0]
            check(left["attempts_left"] == 2, f"the attempts start over: {left}, run {again['run']}")
            check(admin(db, "open", ok=False).returncode == 2, "an open competition is not opened")
            admin(db, "close")
            within(6, "closed again", lambda: competition(port)["state"] == "closed")
            deals = within(3, "the new deal is revealed",
                           lambda: competition(port)["challenges"][0]["deals"])
            check(deals[0]["seed"] != revealed[0]["seed"],
                  "after a reset the same deal is another maze")
            check(admin(db, "open", ok=False).returncode == 2,
                  "a closed competition with results does not open again")
            published = competition(port)["closes_at"]
            kept = json.loads(http_get(port, "/api/runs")[1])
            kept = next(r for r in kept if r["run"] == again["run"])
        finally:
            stop_server(proc)
        # A restart keeps the organizer's close, not the file's.
        proc, port = start_server(SERVER, "--competition", path, "--db", db)
        try:
            check(competition(port)["closes_at"] == published,
                  f"the close survives a restart: {competition(port)['closes_at']}")
            check(competition(port)["announcement"] == "Final round at 18:00 UTC",
                  "and so does the announcement")
            runs = json.loads(http_get(port, "/api/runs")[1])
            check(runs == [kept], f"the ranked run is listed after the restart: {runs} / {kept}")
            home_page(port, again["run"])
        finally:
            stop_server(proc)
    checks.finish("the organizer changes a running competition")


def home_page(port, run):
    """The announcement on the home page, and a ranked run from before the
    restart with its replay, at a desktop's width and a phone's."""
    if browser.missing():
        print(f"note: the page is not checked here: {browser.missing()}")
        return
    from selenium.common.exceptions import StaleElementReferenceException
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    def replay_link(driver, run):
        # The list is drawn again as runs come and go: read the row whole,
        # and again when it was replaced meanwhile.
        rows = driver.find_elements(By.CSS_SELECTOR, f"#finished tr[data-run='{run}'] a")
        return rows[0].get_attribute("href") if rows else None

    for width, height in ((1280, 800), (390, 844)):
        driver = browser.browser(width, height)
        try:
            driver.get(f"http://127.0.0.1:{port}/")
            WebDriverWait(driver, 10).until(
                lambda d: d.find_element(By.ID, "announcement").is_displayed())
            check(driver.find_element(By.ID, "announcement").text == "Final round at 18:00 UTC",
                  "the home page shows the announcement")
            link = WebDriverWait(driver, 10, ignored_exceptions=[StaleElementReferenceException]).until(
                lambda d: replay_link(d, run))
            check(link.endswith(f"/replay?url=/api/replays/{run}"),
                  f"the run from before the restart links its replay: {link}")
            check(http_get(port, f"/api/replays/{run}")[0] == 200, "which the server serves")
            overflow = browser.sideways_px(driver)
            check(not overflow, f"no sideways scrolling at {width} px ({overflow} px)")
            errors = browser.console_errors(driver)
            check(not errors, f"the console at {width} px: {errors}")
            os.makedirs(os.path.join(BUILD, "artifacts"), exist_ok=True)
            driver.save_screenshot(os.path.join(BUILD, "artifacts", f"organizer-home-{width}.png"))
        finally:
            driver.quit()


if __name__ == "__main__":
    main()
