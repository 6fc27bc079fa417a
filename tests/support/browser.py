"""Headless Chromium for the tests (Debian's chromium and chromium-driver,
driven by Selenium): a browser, its console's errors, and whether the
machine has one."""
import os

import scratch

try:
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
except ImportError:
    webdriver = None

CHROMIUM = "/usr/bin/chromium"
DRIVER = "/usr/bin/chromedriver"


def missing():
    """Why no browser can be started here, or None."""
    if webdriver is None:
        return "python3-selenium is not installed"
    if not (os.path.exists(CHROMIUM) and os.path.exists(DRIVER)):
        return "chromium and chromium-driver are not installed"
    return None


def browser(width=1280, height=900, flags=()):
    """A headless Chromium of that window size; flags: more command-line
    switches (say, --ignore-certificate-errors-spki-list=HASH)."""
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                 "--disable-quic", "--no-first-run", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync",
                 f"--window-size={width},{height}", *flags):
        options.add_argument(flag)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    # Chromium leaves a folder in TMPDIR behind each run: in the test's scratch.
    service = Service(DRIVER, env=dict(os.environ, TMPDIR=scratch.folder("ariadne-chromium-")))
    driver = webdriver.Chrome(service=service, options=options)
    # Headless Chromium makes no window narrower than 500 px from
    # --window-size: a phone's 390 needs asking again.
    driver.set_window_size(width, height)
    return driver


def sideways_px(driver):
    """How far the page scrolls sideways: 0 when all of it fits the window's width."""
    return max(0, driver.execute_script(
        "return document.documentElement.scrollWidth - document.documentElement.clientWidth"))


def console_errors(driver):
    return [e["message"] for e in driver.get_log("browser") if e["level"] == "SEVERE"]


def answered_at_ms(driver, path):
    """When the page had the answer to its fetch of `path`, in milliseconds
    after its navigation began (the browser's own clock), or None."""
    return driver.execute_script(
        """const hit = performance.getEntriesByType('resource')
             .find((e) => new URL(e.name).pathname === arguments[0]);
           return hit ? hit.responseEnd : null;""", path)
