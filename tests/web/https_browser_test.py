"""The pages over https:// and wss:// in a real browser: headless Chromium
against a server with a throwaway CA's certificate (tests/support/pki.py),
the CA's key trusted by --ignore-certificate-errors-spki-list and nothing
else relaxed. The server sends the full chain, so the CA's key is in what
Chromium is shown.

First the controls: the same Chromium without the flag, or with the flag
naming another key, gets the interstitial, not the page. Then, trusted: the
home page; the playground's example bot (the JavaScript kit in a worker,
over wss://) plays to the end, shows its result, and /api/runs (fetched from
Python, verified against the CA) has the run found; a run of the Python kit
over wss:// is watched live to the server's counts; its replay plays. At a
desktop's width and a phone's: /play and /watch without sideways scrolling,
a screenshot each (ARTIFACTS/https-*.png). Then once more against a server
started with --tls-only (the pages can only have used https:// and wss://),
where plain http:// is answered with the server's 400.

Usage: https_browser_test.py SERVER_BINARY ARTIFACTS_DIR"""
import asyncio
import json
import os
import ssl
import sys
import time
import urllib.request

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "support"))
sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "clients", "python"))
from ariadne_server import start_server, stop_server  # noqa: E402
from checks import Checks  # noqa: E402
from pki import Pki  # noqa: E402
from ariadne_client import Drone, explore  # noqa: E402

from browser import browser, console_errors, missing, sideways_px  # noqa: E402

if missing():
    print(f"SKIP: {missing()}")
    sys.exit(77)
from selenium.common.exceptions import WebDriverException  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402

binary, artifacts = sys.argv[1], sys.argv[2]
os.makedirs(artifacts, exist_ok=True)
checks = Checks(verbose=True)
check = checks.check
pki = Pki()
CERT, KEY = pki.server("localhost")
TRUST = f"--ignore-certificate-errors-spki-list={pki.spki_sha256(pki.ca)}"
WIDTHS = ((1280, 900, "desktop"), (390, 844, "phone"))


def https_json(port, path):
    """GET https://127.0.0.1:PORT/PATH, the certificate checked against the test CA."""
    opener = urllib.request.build_opener(
        urllib.request.ProxyHandler({}),
        urllib.request.HTTPSHandler(context=ssl.create_default_context(cafile=pki.ca)))
    with opener.open(f"https://127.0.0.1:{port}{path}", timeout=10) as reply:
        return json.loads(reply.read())


def canvas_colours(driver, canvas_id):
    """How many distinct colours a canvas shows: a blank one has one."""
    return driver.execute_script(
        """const c = document.getElementById(arguments[0]);
        const data = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
        const seen = new Set();
        for (let i = 0; i < data.length; i += 4 * 7) {
          seen.add(data[i] << 16 | data[i + 1] << 8 | data[i + 2]);
        }
        return seen.size;""", canvas_id)


def text(driver, element_id):
    return driver.find_element(By.ID, element_id).text


def shot(driver, name):
    path = os.path.join(artifacts, f"https-{name}.png")
    driver.save_screenshot(path)
    check(os.path.getsize(path) > 10_000, f"the screenshot {path} is not blank")


def fits_and_clean(driver, what):
    wide = sideways_px(driver)
    check(not wide, f"{what}: no sideways scrolling ({wide} px)")
    errors = console_errors(driver)
    check(not errors, f"{what}: a clean console {errors}")


def untrusted(port, flags, what):
    """The control: this Chromium does not trust the certificate, so
    https://localhost:PORT/ is not the home page but the interstitial (or
    the driver's net::ERR_CERT_AUTHORITY_INVALID)."""
    driver = browser(1280, 900, flags)
    try:
        try:
            driver.get(f"https://localhost:{port}/")
            said, title = driver.page_source, driver.title
            home = driver.find_elements(By.ID, "server")
        except WebDriverException as error:
            said, title, home = str(error), "", []
        named = "ERR_CERT_AUTHORITY_INVALID" in said
        check(named and title != "Ariadne" and not home,
              f"{what}: the certificate is refused (title {title!r}, home page "
              f"{'shown' if home else 'not shown'}, ERR_CERT_AUTHORITY_INVALID "
              f"{'said' if named else 'NOT said'})")
        if title:
            shot(driver, f"untrusted-{what.replace(' ', '-')}")
    finally:
        driver.quit()


def home(driver, base, what, name):
    """The home page over https://, or False (the certificate refused, say)."""
    driver.get(f"{base}/")
    if not check(driver.find_elements(By.ID, "server"),
                 f"{what}: the home page opens, not {driver.title!r}"):
        shot(driver, f"refused-{name}")
        return False
    WebDriverWait(driver, 30).until(lambda d: "ariadne" in text(d, "server"))
    where = driver.execute_script("return [location.protocol, isSecureContext]")
    check(driver.title == "Ariadne" and where == ["https:", True],
          f"{what}: the home page over https://, a secure context: {where}")
    errors = console_errors(driver)
    check(not errors, f"{what}: the home page's console is clean {errors}")
    return True


async def playground(driver, base, port, what, name):
    """/play as it opens: the example bot (the kit in a worker, over wss://)
    plays the default maze to its end; the server lists the run as found."""
    wait = WebDriverWait(driver, 90)
    await asyncio.to_thread(driver.get, f"{base}/play")
    await asyncio.to_thread(wait.until, lambda d: d.find_elements(
        By.CSS_SELECTOR, "#generator option[value='recursive_backtracker']"))
    check(driver.find_element(By.ID, "code").text.startswith("// Your bot"),
          f"{what}: the playground offers its example bot")
    driver.find_element(By.ID, "run").click()
    try:
        await asyncio.to_thread(wait.until, lambda d: "your bot:" in text(d, "state"))
        await asyncio.to_thread(wait.until, lambda d: len(d.find_elements(
            By.CSS_SELECTOR, "#baseline tbody tr")) >= 6)
    except Exception:
        print(f"{what}: the playground did not finish; state {text(driver, 'state')!r}, error "
              f"{text(driver, 'error')!r}, console {driver.get_log('browser')}")
        raise
    rows = {r.find_elements(By.TAG_NAME, "td")[0].text: [c.text for c in r.find_elements(
        By.TAG_NAME, "td")] for r in driver.find_elements(By.CSS_SELECTOR, "#baseline tbody tr")}
    mine, dfs = rows.get("your bot", [""] * 2)[1], rows.get("dfs", [""] * 2)[1]
    check(mine != "" and mine == dfs == text(driver, "score"),
          f"{what}: the example bot's score {mine!r} is shown, the bundled dfs's {dfs!r}")
    history = driver.find_elements(By.CSS_SELECTOR, "#history tbody tr")
    cells = [c.text for c in history[0].find_elements(By.TAG_NAME, "td")] if history else []
    check(len(history) == 1 and "found" in cells, f"{what}: the run's result is kept: {cells}")
    check(canvas_colours(driver, "maze") > 4, f"{what}: the playground draws the run")
    run = int(cells[0]) if cells and cells[0].isdigit() else None
    listed = []
    deadline = time.monotonic() + 10
    # /api/runs is rebuilt a few times a second at most.
    while run is not None and not listed and time.monotonic() < deadline:
        listed = [r for r in https_json(port, "/api/runs") if r["run"] == run]
        if not listed:
            await asyncio.sleep(0.2)
    check(len(listed) == 1 and listed[0]["status"] == "found" and
          listed[0]["player"] == "playground",
          f"{what}: /api/runs over https has the playground's run {run} found: {listed}")
    fits_and_clean(driver, f"{what} /play")
    if name.endswith("phone"):  # the result and the maze, below the code on a phone
        driver.execute_script("document.getElementById('state').scrollIntoView()")
    shot(driver, f"play-{name}")


async def watch(driver, base, port, what, name):
    """A run of the Python kit over wss://, watched live at /watch/RUN to the
    server's counts. Returns (run, result)."""
    wait = WebDriverWait(driver, 60)
    drone = await Drone.connect(f"wss://127.0.0.1:{port}/ws", "https-bot", ca=pki.ca)
    first = await drone.request({"type": "start", "maze": {
        "generator": "recursive_backtracker", "width": 48, "height": 36, "seed": 4}})
    run = first["run"]
    await asyncio.to_thread(driver.get, f"{base}/watch/{run}")
    await asyncio.to_thread(wait.until, lambda d: f"run {run}" in text(d, "title"))
    check(text(driver, "status") == "active", f"{what}: the live view shows the run in play")
    for _ in range(3):
        await drone.move("S")  # the start cell's south side is the maze's edge: bumps
    await explore(drone)
    result = drone.state["result"]
    await drone.close()
    try:
        await asyncio.to_thread(
            wait.until, lambda d: d.find_element(By.ID, "result").is_displayed())
    except Exception:
        print(f"{what}: the page never showed the result; its console:", driver.get_log("browser"),
              "error:", text(driver, "error"), "steps:", text(driver, "steps"))
        raise
    check(text(driver, "steps") == str(result["steps"]) and
          text(driver, "bumps") == str(result["bumps"]) == "3",
          f"{what}: the page's steps and bumps reach the server's "
          f"{result['steps']}/{result['bumps']}")
    check(text(driver, "result-score") == str(result["score"]) and
          text(driver, "status") == "found", f"{what}: the page's score is the server's, found")
    check(canvas_colours(driver, "maze") > 4, f"{what}: the maze canvas is drawn")
    fits_and_clean(driver, f"{what} /watch/{run}")
    shot(driver, f"watch-{name}")
    return run, result


async def replay(driver, base, port, what, name, run, result):
    """/replay?url=/api/replays/RUN: the walls hash matches, played at 64x
    it ends on the server's counts."""
    wait = WebDriverWait(driver, 60)
    await asyncio.to_thread(driver.get, f"{base}/replay?url=/api/replays/{run}")
    await asyncio.to_thread(
        wait.until, lambda d: "matches" in text(d, "hash") or "NOT" in text(d, "hash"))
    check(text(driver, "hash") == "walls SHA-256 matches the maze",
          f"{what}: the replay's walls hash matches the maze it rebuilt")
    moves = len(https_json(port, f"/api/replays/{run}")["moves"])
    driver.execute_script("document.getElementById('speed').value = '64';")
    driver.find_element(By.TAG_NAME, "body").send_keys(" ")
    await asyncio.to_thread(wait.until, lambda d: d.find_element(By.ID, "play").text == "play" and
                            text(d, "move").startswith(f"{moves} /"))
    check(text(driver, "steps") == str(result["steps"]) and
          text(driver, "bumps") == str(result["bumps"]) and text(driver, "status") == "found",
          f"{what}: the replay plays to the server's counts over its {moves} moves")
    check(canvas_colours(driver, "drone-view") > 4 and canvas_colours(driver, "true-view") > 4,
          f"{what}: both of the replay's views are drawn")
    fits_and_clean(driver, f"{what} /replay")
    shot(driver, f"replay-{name}")


async def trusted(port, mode, widths):
    """The pages at each width, in a Chromium that trusts the CA's key."""
    base = f"https://localhost:{port}"
    for width, height, size in widths:
        what, name = f"{mode} {width} px", f"{mode}-{size}" if mode != "tls+plain" else size
        driver = await asyncio.to_thread(browser, width, height, [TRUST])
        try:
            if not home(driver, base, what, name):
                continue
            inner = driver.execute_script("return innerWidth")
            check(inner == width, f"{what}: the page is {inner} px wide")
            await playground(driver, base, port, what, name)
            run, result = await watch(driver, base, port, what, name)
            if size == "desktop":
                await replay(driver, base, port, what, name, run, result)
        finally:
            driver.quit()


def plain_refused(port):
    """--tls-only: http:// in the browser gets the server's 400, naming https://."""
    driver = browser(1280, 900, [TRUST])
    try:
        driver.get(f"http://127.0.0.1:{port}/")
        said = driver.find_element(By.TAG_NAME, "body").text
        check("only TLS: use https://" in said, f"--tls-only: http:// is answered {said!r}")
        console_errors(driver)  # the 400 itself
    finally:
        driver.quit()


async def main():
    pki.other_ca_server("stranger")
    proc, port = start_server(binary, "--tls-cert", CERT, "--tls-key", KEY)
    try:
        untrusted(port, [], "without the flag")
        stranger = pki.spki_sha256(pki.path("other.pem"))
        untrusted(port, [f"--ignore-certificate-errors-spki-list={stranger}"],
                  "another key trusted")
        await trusted(port, "tls+plain", WIDTHS)
    finally:
        stop_server(proc)
    proc, port = start_server(binary, "--tls-cert", CERT, "--tls-key", KEY, "--tls-only")
    try:
        await trusted(port, "tls-only", WIDTHS[:1])
        plain_refused(port)
    finally:
        stop_server(proc)
    checks.finish("the pages and the JavaScript kit work over https:// and wss://")


asyncio.run(main())
