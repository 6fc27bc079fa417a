"""The pages in a real browser: headless Chromium (Debian's chromium and
chromium-driver, driven by Selenium) against the real server. A bot plays a
run while /watch/{run} shows it; the page's counters must reach exactly the
server's result, its console must stay clean, and its screenshot (kept in
ARTIFACTS) must not be blank. Then /replay?url=/api/replays/{run} must replay
the run to the same counts with a matching walls hash, and / must list it.
Usage: browser_test.py SERVER_BINARY ARTIFACTS_DIR"""
import asyncio
import json
import os
import re
import sys
import urllib.request

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "support"))
sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "clients", "python"))
from ariadne_server import start_server, stop_server  # noqa: E402
from checks import Checks  # noqa: E402
from ariadne_client import Drone, explore  # noqa: E402

from browser import answered_at_ms, browser, console_errors, missing, sideways_px  # noqa: E402

if missing():
    print(f"SKIP: {missing()}")
    sys.exit(77)
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.common.keys import Keys  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402

binary, artifacts = sys.argv[1], sys.argv[2]
os.makedirs(artifacts, exist_ok=True)
checks = Checks(verbose=True)
check = checks.check


def canvas_colours(driver, canvas_id):
    """How many distinct colours a canvas shows: a blank one has one."""
    return driver.execute_script(
        """const c = document.getElementById(arguments[0]);
        const data = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
        const seen = new Set();
        for (let i = 0; i < data.length; i += 4 * 7) seen.add(data[i] << 16 | data[i + 1] << 8 | data[i + 2]);
        return seen.size;""", canvas_id)


def text(driver, element_id):
    return driver.find_element(By.ID, element_id).text


def set_code(driver, code):
    """The editor's text replaced as a paste would: its input event tells it."""
    driver.execute_script("const code = document.getElementById('code');"
                          "code.textContent = arguments[0];"
                          "code.dispatchEvent(new Event('input'));", code)


def overlapping_labels(driver, selector):
    """Pairs of the SVG texts matching selector whose boxes intersect."""
    return driver.execute_script("""
        const boxes = [...document.querySelectorAll(arguments[0])].map(
            (t) => [t.textContent, t.getBoundingClientRect()]);
        const pairs = [];
        for (let i = 0; i < boxes.length; i++)
          for (let j = i + 1; j < boxes.length; j++) {
            const [a, p] = boxes[i], [b, q] = boxes[j];
            if (p.left < q.right && q.left < p.right && p.top < q.bottom && q.top < p.bottom)
              pairs.push([a, b]);
          }
        return pairs;""", selector)


async def playground(driver, base):
    """/play: the visitor's bot (the JavaScript kit, in a worker in the real
    browser) plays and is watched; its errors are shown, never break the page."""
    wait = WebDriverWait(driver, 60)
    await asyncio.to_thread(driver.get, f"{base}/play")
    await asyncio.to_thread(wait.until, lambda d: d.find_elements(
        By.CSS_SELECTOR, "#generator option[value='kruskal']"))
    driver.execute_script("localStorage.clear();")
    check(driver.find_element(By.ID, "placeholder").is_displayed() and
          not driver.find_element(By.ID, "maze").is_displayed(),
          "before the first run the maze area says what comes there")
    for field, value in (("width", "20"), ("height", "14"), ("seeds", "5")):
        box = driver.find_element(By.ID, field)
        box.clear()
        box.send_keys(value)
    driver.execute_script("document.getElementById('generator').value = 'kruskal';")
    driver.find_element(By.ID, "run").click()
    await asyncio.to_thread(wait.until, lambda d: "your bot:" in text(d, "state"))
    await asyncio.to_thread(wait.until, lambda d: len(d.find_elements(
        By.CSS_SELECTOR, "#baseline tbody tr")) >= 6)
    rows = {r.find_elements(By.TAG_NAME, "td")[0].text: [c.text for c in r.find_elements(
        By.TAG_NAME, "td")] for r in driver.find_elements(By.CSS_SELECTOR, "#baseline tbody tr")}
    check("your bot" in rows and "dfs" in rows and "tremaux" in rows,
          f"the playground lists the bundled bots beside yours: {sorted(rows)}")
    check(rows.get("your bot", [""] * 3)[1] == rows.get("dfs", [""] * 3)[1] == text(driver, "score"),
          "the example bot (JavaScript, in the browser) plays exactly the bundled dfs")
    check(len(driver.find_elements(By.CSS_SELECTOR, "#history tbody tr")) == 1,
          "the run is kept among your earlier runs")
    check(canvas_colours(driver, "maze") > 4, "the playground draws the run")
    gutter = driver.find_elements(By.CSS_SELECTOR, "#gutter div")
    code_lines = driver.execute_script(
        "return document.getElementById('code').textContent.replace(/\\n$/, '').split('\\n').length;")
    check(len(gutter) == code_lines and gutter[0].text == "1",
          f"the editor numbers its lines: {len(gutter)} numbers, {code_lines} lines")
    kinds = set(driver.execute_script(
        "return [...document.querySelectorAll('#code span')].map((s) => s.className);"))
    check({"tok-comment", "tok-keyword", "tok-string"} <= kinds,
          f"the editor highlights the example: {sorted(kinds)}")
    driver.save_screenshot(os.path.join(artifacts, "play.png"))
    errors = console_errors(driver)
    check(not errors, f"the playground's console has no error {errors}")

    # Several seeds, a console, a stack trace pointing at your own lines.
    set_code(driver, "async function bot(drone) {\n  console.log('at', drone.position, {seed: 1});\n"
             "  await drone.move('N');\n  if (drone.position[1] > 0) throw new Error('oops');\n"
             "  await drone.abandon();\n}")
    box = driver.find_element(By.ID, "seeds")
    box.clear()
    box.send_keys("1-3")
    driver.find_element(By.ID, "run").click()
    await asyncio.to_thread(wait.until, lambda d: d.find_element(By.ID, "run").is_enabled() and
                            "at" in text(d, "console"))
    check("at [" in text(driver, "console") and '{"seed":1}' in text(driver, "console"),
          f"the bot's console.log is shown: {text(driver, 'console')!r}")
    shown = text(driver, "error") + text(driver, "console")
    if "oops" in shown:
        check("your code, line 4" in shown and "blob:" not in shown,
              f"the stack trace points at your code's line: {shown!r}")
    heads = [th.text for th in driver.find_elements(By.CSS_SELECTOR, "#baseline thead th")]
    check(heads[:2] == ["bot", "seed 1"] and "seed 3" in heads,
          f"a column a seed against the bundled bots: {heads}")
    check(len(driver.find_elements(By.CSS_SELECTOR, "#chart path.curve")) >= 5,
          "the chart draws a line a bot")
    parts = [p.text.split(":")[0] for p in driver.find_elements(By.CSS_SELECTOR, "#console summary")]
    check(parts and parts[0] == "seed 1", f"the console has a part a seed: {parts}")
    overlaps = overlapping_labels(driver, "#chart text")
    check(not overlaps, f"the chart's names and seeds never overlap: {overlaps}")
    driver.save_screenshot(os.path.join(artifacts, "play-seeds.png"))
    driver.find_element(By.ID, "reset").click()
    check(text(driver, "code").startswith("// Your bot"), "Reset brings the example back")
    box.clear()
    box.send_keys("5")

    set_code(driver, "// a bot\nasync function bot(drone) {\n  this is not javascript\n}")
    driver.find_element(By.ID, "run").click()
    await asyncio.to_thread(wait.until, lambda d: d.find_element(By.ID, "error").is_displayed())
    check("does not run" in text(driver, "error"), "a syntax error is shown")
    marked = [e.text for e in driver.find_elements(By.CSS_SELECTOR, "#gutter .marked")]
    check(marked == ["3"] and driver.find_element(By.CSS_SELECTOR, ".marked-line").is_displayed(),
          f"the error's line is marked in the editor: {marked} ({text(driver, 'error')!r})")
    driver.save_screenshot(os.path.join(artifacts, "play-error.png"))
    set_code(driver, "// a bot\nasync function bot(drone) {}")
    check(not driver.find_elements(By.CSS_SELECTOR, "#gutter .marked"),
          "an edit clears the mark")
    set_code(driver, "async function bot(drone) { await drone.move('S'); throw new Error('oops'); }")
    driver.find_element(By.ID, "run").click()
    await asyncio.to_thread(wait.until, lambda d: "oops" in text(d, "error"))
    check(True, "an exception in the bot is shown")
    set_code(driver, "async function bot(drone) { for (;;) {} }")
    driver.find_element(By.ID, "run").click()
    await asyncio.to_thread(wait.until, lambda d: "in play" in text(d, "state"))
    driver.find_element(By.ID, "stop").click()
    check(text(driver, "state") == "stopped" and driver.find_element(By.ID, "run").is_enabled(),
          "an endless bot is stopped and the page still answers")


async def versus(driver, base, port, run, result):
    """/versus: the run beside another bot's on the same maze, both at the
    same move attempt, each to its server's exact counts, with a verdict."""
    drone = await Drone.connect(f"ws://127.0.0.1:{port}/ws", "browser-bot", bot="bumper")
    await drone.request({"type": "start", "maze": {
        "generator": "recursive_backtracker", "width": 48, "height": 36, "seed": 4}})
    for _ in range(9):
        await drone.move("S")
    await explore(drone)
    other, second = drone.state["run"], drone.state["result"]
    await drone.close()
    # The replay viewer's form opens the comparison (the pages allow no
    # form submission: it navigates itself).
    wait = WebDriverWait(driver, 30)
    await asyncio.to_thread(driver.get, f"{base}/replay?url=/api/replays/{run}")
    await asyncio.to_thread(wait.until, lambda d: d.find_element(By.ID, "versus").is_displayed())
    driver.find_element(By.ID, "versus-b").send_keys(str(other), Keys.ENTER)
    await asyncio.to_thread(wait.until, lambda d: d.current_url.endswith(f"/versus?a={run}&b={other}"))
    await asyncio.to_thread(wait.until, lambda d: d.find_element(By.ID, "viewer").is_displayed())
    errors = console_errors(driver)
    check(not errors, f"the form and the versus page: no console error {errors}")
    check("same maze" in text(driver, "same-maze"), f"the same maze is said: {text(driver, 'same-maze')}")
    driver.execute_script("""const s = document.getElementById('scrub');
        s.value = 5; s.dispatchEvent(new Event('input'));""")
    check(text(driver, "at").startswith("move 5 /") and
          int(text(driver, "steps-a")) + int(text(driver, "bumps-a")) == 5 and
          text(driver, "bumps-b") == "5", "both runs at move 5")
    driver.execute_script("""const s = document.getElementById('scrub');
        s.value = s.max; s.dispatchEvent(new Event('input'));""")
    for side, r in (("a", result), ("b", second)):
        check(text(driver, f"steps-{side}") == str(r["steps"]) and
              text(driver, f"bumps-{side}") == str(r["bumps"]) and
              text(driver, f"score-{side}") == str(r["score"]),
              f"run {side} ends at the server's counts {r['steps']}/{r['bumps']}")
    check("better by" in text(driver, "verdict") or "tie" in text(driver, "verdict"),
          f"the verdict: {text(driver, 'verdict')}")
    check(canvas_colours(driver, "view-a") > 4 and canvas_colours(driver, "view-b") > 4,
          "both mazes are drawn")
    check(driver.find_element(By.CSS_SELECTOR, "#curve path.curve.second").get_attribute("d").count("L") > 10,
          "the second run's curve is drawn beside the first")
    driver.save_screenshot(os.path.join(artifacts, "versus.png"))
    errors = console_errors(driver)
    check(not errors, f"the versus page's console has no error {errors}")
    await asyncio.to_thread(driver.get, f"{base}/versus?a={run}&b=x")
    await asyncio.to_thread(wait.until, lambda d: d.find_element(By.ID, "error").is_displayed())
    check("/versus?a=RUN&b=RUN" in text(driver, "error"), "a bad address says how to write it")
    return other


async def phone(base, run, other):
    """The watch page, the replay viewer, the comparison and the playground
    at a phone's width: nothing runs off the side, the page's main content
    begins in the first screen, no console error."""
    driver = await asyncio.to_thread(browser, 390, 844)
    main = {"watch": "maze", "replay": "drone-view", "versus": "view-a", "play": "code-frame",
            "replay-list": "run-table"}
    try:
        for path, ready in ((f"/watch/{run}", "result"), (f"/replay?url=/api/replays/{run}", "viewer"),
                            (f"/versus?a={run}&b={other}", "viewer"), ("/play", "run"),
                            ("/replay", "run-table")):
            await asyncio.to_thread(driver.get, f"{base}{path}")
            await asyncio.to_thread(WebDriverWait(driver, 30).until,
                                    lambda d: d.find_element(By.ID, ready).is_displayed())
            wide = sideways_px(driver)
            check(not wide, f"{path} at 390 px: no sideways scrolling ({wide} px)")
            errors = console_errors(driver)
            check(not errors, f"{path} at 390 px: a clean console {errors}")
            name = path.strip("/").split("?")[0].split("/")[0] or "home"
            name += "-list" if path == "/replay" else ""
            top = driver.execute_script(
                "return [document.getElementById(arguments[0]).getBoundingClientRect().top,"
                " innerHeight];", main[name])
            check(top[0] < top[1] - 100, f"{path} at 390 px: its {main[name]} begins in the "
                  f"first screen, 100 px of it at least ({top[0]:.0f} px of {top[1]})")
            driver.save_screenshot(os.path.join(artifacts, f"{name}-phone.png"))
    finally:
        driver.quit()


async def main():
    proc, port = start_server(binary)
    base = f"http://127.0.0.1:{port}"
    driver = await asyncio.to_thread(browser)
    wait = WebDriverWait(driver, 30)
    try:
        # A run the server does not have: said at once, no reconnecting.
        await asyncio.to_thread(driver.get, f"{base}/watch/999999")
        await asyncio.to_thread(WebDriverWait(driver, 10).until,
                                lambda d: d.find_element(By.ID, "refused").is_displayed())
        at = answered_at_ms(driver, "/api/runs/999999")
        check("no such run" in text(driver, "refused-why") and
              not driver.find_element(By.ID, "view").is_displayed() and at is not None and
              at < 2000, f"an unknown run: {text(driver, 'refused-why')!r}, answered at {at} ms")
        driver.save_screenshot(os.path.join(artifacts, "watch-unknown.png"))
        # The 404 itself is the console's only complaint (reading the log empties it).
        unknown = console_errors(driver)
        check(all("/api/runs/999999" in e and "404" in e for e in unknown),
              f"the unknown run's console: {unknown}")
        drone = await Drone.connect(f"ws://127.0.0.1:{port}/ws", "browser-bot")
        first = await drone.request({"type": "start", "maze": {
            "generator": "recursive_backtracker", "width": 48, "height": 36, "seed": 4}})
        run = first["run"]
        # The page opens while the run is live, before a single move.
        await asyncio.to_thread(driver.get, f"{base}/watch/{run}")
        await asyncio.to_thread(wait.until, lambda d: f"run {run}" in text(d, "title"))
        check(text(driver, "status") == "active", "the live view shows the run in play")
        for _ in range(3):
            await drone.move("S")  # the start cell's south side is the maze's edge: bumps
        await explore(drone)
        result = drone.state["result"]
        await drone.close()
        try:
            await asyncio.to_thread(
                wait.until, lambda d: d.find_element(By.ID, "result").is_displayed())
        except Exception:
            print("the page never showed the result; its console:", driver.get_log("browser"),
                  "error:", text(driver, "error"), "steps:", text(driver, "steps"))
            raise
        check(text(driver, "steps") == str(result["steps"]),
              f"the page's steps reach the server's {result['steps']}")
        check(text(driver, "bumps") == str(result["bumps"]) and result["bumps"] == 3,
              f"the page's bumps reach the server's {result['bumps']}")
        check(text(driver, "result-score") == str(result["score"]), "the page's score is the server's")
        check(not driver.find_element(By.ID, "score").is_displayed(),
              "no \"score so far\" once the run has ended")
        check(text(driver, "result-optimal") == str(result["optimal"]), "the end shows the optimal")
        check(re.fullmatch(r"\d+:\d\d", text(driver, "elapsed")) is not None and
              text(driver, "rate") == "-", f"the elapsed time, stopped: {text(driver, 'elapsed')}")
        curve = driver.find_element(By.CSS_SELECTOR, "#curve path.curve").get_attribute("d")
        check(curve.count("L") > 10, f"the exploration curve is drawn: {curve[:300]!r}")
        check(text(driver, "heat-most").endswith("\u00d7"), "the heat scale says its top")
        fits = driver.execute_script("""const c = document.getElementById('maze').getBoundingClientRect();
            return c.bottom <= window.innerHeight + 1 && c.right <= window.innerWidth + 1;""")
        check(fits, "the whole maze is on the screen, its start row included")
        check(text(driver, "status") == "found", "the end shows the result")
        check(canvas_colours(driver, "maze") > 4, "the maze canvas is drawn")
        shot = os.path.join(artifacts, "watch.png")
        driver.save_screenshot(shot)
        check(os.path.getsize(shot) > 10_000, f"the screenshot {shot} is not blank")
        errors = console_errors(driver)
        check(not errors, f"the watch page's console has no error {errors}")

        await asyncio.to_thread(driver.get, f"{base}/replay?url=/api/replays/{run}")
        await asyncio.to_thread(
            wait.until, lambda d: "matches" in text(d, "hash") or "NOT" in text(d, "hash"))
        check(text(driver, "hash") == "walls SHA-256 matches the maze",
              "the viewer's walls hash matches the maze it rebuilt")
        body = driver.find_element(By.TAG_NAME, "body")
        body.send_keys(Keys.ARROW_RIGHT)
        body.send_keys(Keys.ARROW_RIGHT)
        check(text(driver, "move").startswith("2 /"), "the right arrow steps forward")
        body.send_keys(Keys.ARROW_LEFT)
        check(text(driver, "move").startswith("1 /"), "the left arrow steps back")
        driver.execute_script("""const s = document.getElementById('scrub');
            s.value = s.max; s.dispatchEvent(new Event('input'));""")
        check(text(driver, "steps") == str(result["steps"]) and
              text(driver, "bumps") == str(result["bumps"]) and
              text(driver, "status") == "found",
              "the replay ends at the server's exact counts")
        driver.execute_script("document.getElementById('speed').value = '64';")
        body.send_keys(Keys.HOME)
        driver.execute_script("""const s = document.getElementById('scrub');
            s.value = 0; s.dispatchEvent(new Event('input'));""")
        body.send_keys(" ")
        await asyncio.to_thread(
            WebDriverWait(driver, 60).until,
            lambda d: d.find_element(By.ID, "play").text == "play" and
            text(d, "move").startswith(str(len(json.loads(urllib.request.urlopen(
                f"{base}/api/replays/{run}").read())["moves"]))))
        check(text(driver, "steps") == str(result["steps"]), "played at 64x, it ends on the same counts")
        check(canvas_colours(driver, "drone-view") > 4 and canvas_colours(driver, "true-view") > 4,
              "both views are drawn")
        driver.save_screenshot(os.path.join(artifacts, "replay.png"))
        errors = console_errors(driver)
        check(not errors, f"the replay viewer's console has no error {errors}")
        check(driver.find_element(By.ID, "download").get_attribute("href").startswith("blob:") and
              driver.find_element(By.ID, "download").get_attribute("download") ==
              f"ariadne-replay-{run}.json", "the replay can be downloaded")
        last_move = len(json.loads(urllib.request.urlopen(f"{base}/api/replays/{run}").read())["moves"])
        await asyncio.to_thread(wait.until, lambda d: d.execute_script("return location.hash") ==
                                f"#move={last_move}")
        check(True, f"the address keeps the move: #move={last_move}")
        check(driver.find_element(By.CSS_SELECTOR, "#curve path.curve").get_attribute("d").count("L") > 10,
              "the replay's exploration curve is drawn")
        panel = driver.execute_script(
            "return document.getElementById('steps').getBoundingClientRect().bottom")
        check(panel < driver.execute_script("return window.innerHeight"),
              "the counters are on the first screen")
        # A moment shared: the address opens the replay at its move.
        await asyncio.to_thread(driver.get, f"{base}/replay?url=/api/replays/{run}#move=5")
        await asyncio.to_thread(wait.until, lambda d: text(d, "move").startswith("5 /"))
        check(True, "an address with #move=5 opens the replay at move 5")
        await asyncio.to_thread(driver.get, f"{base}/replay")
        await asyncio.to_thread(wait.until, lambda d: d.find_elements(By.CSS_SELECTOR, "#run-table td.links a"))
        links = [a.get_attribute("href") for a in driver.find_elements(By.CSS_SELECTOR, "#run-table td.links a")]
        check(f"{base}/replay?url=/api/replays/{run}" in links and f"{base}/watch/{run}" in links,
              f"an empty /replay lists the server's replays to replay and watch: {links}")
        cells = [td.text for td in driver.find_elements(By.CSS_SELECTOR, "#run-table tbody tr:first-child td")]
        check(any(len(c) == 5 and c.startswith("0.") for c in cells) and "found" in cells,
              f"a row's efficiency (three places) and status: {cells}")
        query = driver.find_element(By.ID, "run-query")
        query.send_keys("nobody-plays-here")
        await asyncio.to_thread(wait.until, lambda d: text(d, "run-count").startswith("0 of"))
        check(not driver.find_element(By.ID, "run-table").is_displayed(), "a query no run matches: no rows")
        query.clear()
        query.send_keys("browser-bot found")
        await asyncio.to_thread(wait.until, lambda d: " of " in text(d, "run-count") and
                                not text(d, "run-count").startswith("0 of"))
        check(True, f"a query of two words finds the run: {text(driver, 'run-count')}")
        driver.find_element(By.CSS_SELECTOR, "#run-table th:nth-child(6) button").click()
        check(driver.find_element(By.CSS_SELECTOR, "#run-table th:nth-child(6)").get_attribute(
            "aria-sort") == "descending", "a heading sorts the table by its column")
        picks = driver.find_elements(By.CSS_SELECTOR, "#run-table td.links input")
        if len(picks) >= 2:
            picks[0].click()
            driver.find_elements(By.CSS_SELECTOR, "#run-table td.links input")[1].click()
            check(driver.find_element(By.ID, "versus-picked").get_attribute("href").startswith(
                f"{base}/versus?a="), "two runs picked open /versus")
        # Another origin's replay (a forged result) is not loaded beside the badge.
        await asyncio.to_thread(
            driver.get, f"{base}/replay?url=http://127.0.0.2:{port}/api/replays/{run}")
        await asyncio.to_thread(wait.until, lambda d: d.find_element(By.ID, "error").is_displayed())
        check("this server only" in text(driver, "error") and text(driver, "hash") == "" and
              not driver.find_element(By.ID, "viewer").is_displayed(),
              f"another origin's replay is refused: {text(driver, 'error')}")

        await asyncio.to_thread(driver.get, f"{base}/")
        await asyncio.to_thread(wait.until, lambda d: d.find_elements(
            By.CSS_SELECTOR, f"#finished tr[data-run='{run}']"))
        row = driver.find_element(By.CSS_SELECTOR, f"#finished tr[data-run='{run}']")
        check("browser-bot" in row.text and "found" in row.text, "the home page lists the run")
        check("ariadne" in text(driver, "server"), "the home page names the server")
        driver.save_screenshot(os.path.join(artifacts, "home.png"))
        errors = console_errors(driver)
        check(not errors, f"the home page's console has no error {errors}")
        other = await versus(driver, base, port, run, result)
        await playground(driver, base)
        await phone(base, run, other)
    finally:
        driver.quit()
        stop_server(proc)
    checks.finish("the pages work in a real browser")


asyncio.run(main())
