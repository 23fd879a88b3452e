"""Fixtures for the real-browser tests: the focus-sync server, two headless Chromium browsers on one
session (a session opened at `/` runs the seed screens), single pages on no session yet, and a
screenshot plus console log in test-output/ for every failing test."""

import os
import queue
import re
import shutil
import subprocess
import tempfile
import threading
from pathlib import Path

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service

from program_page import ProgramPage, after_test, open_pair

REPO = Path(__file__).resolve().parents[2]
OUTPUT = REPO / "test-output"
CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"
READY_LINE = re.compile(r"http://127\.0\.0\.1:(\d+)/")
SERVER_START_SECONDS = 30

# The two browsers of every scenario: one wide desktop window, one phone-sized one.
WINDOWS = {"A": (1280, 800), "B": (390, 844)}

# Never let Selenium look for (or download) a driver: the Debian chromedriver is the only one.
os.environ["SE_OFFLINE"] = "true"


# `-n 2` (pytest-xdist) runs two workers, each with a server and browsers of its own; it names them.
WORKER = os.environ.get("PYTEST_XDIST_WORKER")


def pytest_sessionstart(session):
    """test-output/, without the failure evidence of earlier runs (cleared once, before any worker
    starts; not by the `alone` run that follows the others, which keeps theirs)."""
    if WORKER is None:
        OUTPUT.mkdir(exist_ok=True)
        if session.config.option.markexpr == "alone":
            return
        for stale in OUTPUT.glob("FAILED-*"):
            stale.unlink()


def pytest_configure(config):
    config.addinivalue_line(
        "markers", "alone: a test that times the page, run by itself after the others (scripts/test.sh, make test-browser)")


@pytest.fixture(scope="session")
def output_dir():
    """test-output/, where failures leave their evidence."""
    OUTPUT.mkdir(exist_ok=True)
    return OUTPUT


@pytest.fixture(scope="session")
def server(output_dir):
    """Starts `focus-sync --port 0 --public Public` and yields its base URL (`http://127.0.0.1:PORT/`)."""
    binary = os.environ.get("FOCUS_SYNC_BIN") or str(REPO / ".build" / "debug" / "focus-sync")
    if not os.access(binary, os.X_OK):
        pytest.fail(f"No server binary at {binary}: run `swift build` first, or point FOCUS_SYNC_BIN at one.")
    data = tempfile.mkdtemp(prefix="focus-sync-browser-")
    process = subprocess.Popen(
        [binary, "--port", "0", "--public", str(REPO / "Public"), "--data-dir", data],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, bufsize=1,
    )
    lines = queue.Queue()
    log_path = output_dir / (f"server-{WORKER}.log" if WORKER else "server.log")

    def pump():
        with open(log_path, "w", encoding="utf-8") as log:
            for line in process.stdout:
                log.write(line)
                log.flush()
                lines.put(line)

    threading.Thread(target=pump, daemon=True).start()
    base_url = None
    try:
        while base_url is None:
            try:
                line = lines.get(timeout=SERVER_START_SECONDS)
            except queue.Empty:
                pytest.fail(f"The server printed no http://127.0.0.1:PORT/ line within {SERVER_START_SECONDS} s (see {log_path}).")
            match = READY_LINE.search(line)
            if match:
                base_url = f"http://127.0.0.1:{match.group(1)}/"
        yield base_url
    finally:
        process.terminate()
        try:
            process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        shutil.rmtree(data, ignore_errors=True)


def _chromium(width, height):
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                     f"--window-size={width},{height}", "--disable-search-engine-choice-screen"):
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service(executable_path=CHROMEDRIVER), options=options)
    # Headless windows include no browser chrome, but pin the viewport exactly anyway.
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False})
    return driver


@pytest.fixture(scope="session")
def drivers():
    started = {}
    try:
        for name, (width, height) in WINDOWS.items():
            started[name] = _chromium(width, height)
        yield started
    finally:
        for driver in started.values():
            driver.quit()


# Installed before a page's own scripts: keeps what the page sends (and when, in performance.now()
# milliseconds) and the answers (not updates or snapshots) it receives in window.__wire, for tests
# about what goes over the wire.
WIRE_TAP = """
(() => {
  const wire = { sent: [], sentAt: [], answers: [] };
  Object.defineProperty(window, '__wire', { value: wire });
  const send = WebSocket.prototype.send;
  WebSocket.prototype.send = function (data) {
    wire.sent.push(JSON.parse(data));
    wire.sentAt.push(performance.now());
    return send.call(this, data);
  };
  const listen = WebSocket.prototype.addEventListener;
  WebSocket.prototype.addEventListener = function (type, listener, options) {
    if (type !== 'message') return listen.call(this, type, listener, options);
    return listen.call(this, type, (event) => {
      const { type: kind, code = null, reason = null, seq = null } = JSON.parse(event.data);
      if (kind === 'ack' || kind === 'error') wire.answers.push({ type: kind, code, reason, seq });
      return listener.call(this, event);
    }, options);
  };
})();
"""


@pytest.fixture
def wire(drivers):
    """Taps the WebSocket of every page opened after it (list `wire` before `pair`): see Playground.wire()."""
    installed = {name: driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": WIRE_TAP})["identifier"]
                 for name, driver in drivers.items()}
    yield
    for name, driver in drivers.items():
        driver.execute_cdp_cmd("Page.removeScriptToEvaluateOnNewDocument", {"identifier": installed[name]})


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_makereport(item, call):
    report = yield
    setattr(item, f"report_{report.when}", report)
    return report


@pytest.fixture
def pair(server, drivers, output_dir, request):
    """Browser A opens `/` (a new session on the seed screens); browser B opens A's link. Yields `(a, b)`."""
    for driver in drivers.values():
        driver.get_log("browser")  # drop what earlier tests left
    a, b = open_pair(drivers, server)
    yield a, b
    after_test(request, output_dir, [a, b])


@pytest.fixture
def solo(server, drivers, output_dir, request):
    """One browser, not yet on any page (for the tests about getting in)."""
    drivers["A"].get_log("browser")
    page = ProgramPage(drivers["A"], "A", server)
    yield page
    after_test(request, output_dir, [page])


@pytest.fixture
def page(solo):
    """One browser, on no session yet (the fixture of the tests that open a source of their own)."""
    return solo


@pytest.fixture
def two(server, drivers, output_dir, request):
    """Two browsers on no session yet (B: phone-sized)."""
    for driver in drivers.values():
        driver.get_log("browser")
    pages = ProgramPage(drivers["A"], "A", server), ProgramPage(drivers["B"], "B", server)
    yield pages
    after_test(request, output_dir, list(pages))


@pytest.fixture
def watched(server, drivers, output_dir, request):
    """A: an editor on a new session, presenting; B: the watch-only link A's Share offers (a student
    in a class)."""
    for driver in drivers.values():
        driver.get_log("browser")
    a, b = ProgramPage(drivers["A"], "A", server), ProgramPage(drivers["B"], "B", server)
    a.open(server)
    a.reset_local_preferences()
    b.open(a.share_links()["watch"])
    a.wait(lambda: "1 watching" in a.people(), "A counts the one watching")
    yield a, b
    after_test(request, output_dir, [a, b])
