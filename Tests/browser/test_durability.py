"""A restart loses nothing: typing while the server is down is delivered once it is back, and
both browsers end with all of it (issue: durable sessions)."""

import os
import re
import shutil
import signal
import socket
import subprocess
import tempfile
import time
from pathlib import Path

import pytest

from playground import Playground

REPO = Path(__file__).resolve().parents[2]


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Server:
    """focus-sync on a fixed port with a data folder, so it can be killed and started again."""

    def __init__(self, data, port):
        self.data = data
        self.port = port
        self.process = None

    def start(self):
        binary = os.environ.get("FOCUS_SYNC_BIN") or str(REPO / ".build" / "debug" / "focus-sync")
        deadline = time.monotonic() + 10
        while True:
            self.process = subprocess.Popen(
                [binary, "--port", str(self.port), "--public", str(REPO / "Public"), "--data-dir", self.data,
                 "--log-level", "warning"],
                stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
            for line in self.process.stdout:
                if re.search(r"http://127\.0\.0\.1:\d+/", line):
                    return
            self.process.wait()
            # The port may still be held by the sockets of the process just killed.
            if time.monotonic() > deadline:
                pytest.fail(f"focus-sync did not start again: {line}")
            time.sleep(0.2)

    def kill(self):
        self.process.send_signal(signal.SIGKILL)
        self.process.wait()

    def url(self):
        return f"http://127.0.0.1:{self.port}/"


@pytest.fixture
def restartable(drivers):
    data = tempfile.mkdtemp(prefix="focus-sync-restart-")
    server = Server(data, free_port())
    server.start()
    yield server
    if server.process and server.process.poll() is None:
        server.kill()
    shutil.rmtree(data, ignore_errors=True)


def test_typing_while_the_server_is_down_arrives_after_it_restarts(restartable, drivers, output_dir):
    a = Playground(drivers["A"], "A", restartable.url())
    b = Playground(drivers["B"], "B", restartable.url())
    a.open(restartable.url())
    b.open(a.url)
    for page in (a, b):
        page.reset_local_preferences()
    a.tap("profile", "firstName")
    a.type("Ada")
    b.wait_value("profile", "firstName", "Ada")

    restartable.kill()
    for page in (a, b):
        page.wait(lambda page=page: page.connection_state() in ("reconnecting", "offline"), "the page should notice the server is gone")
    a.type(" Lovelace")
    b.tap("profile", "lastName")
    b.type("Byron")
    offline = a.js("return document.getElementById('phone-offline').textContent")
    assert re.fullmatch(r"Offline — \d+ changes? waiting", offline), f"the phone should say what it holds: {offline!r}"
    assert a.value("profile", "firstName") == "Ada Lovelace", "the phone stays usable while offline"
    a.screenshot(output_dir / "offline-1280x800-profile.png")

    restartable.start()
    for page in (a, b):
        page.wait(page.connection_state, timeout=20, message="the page should reconnect")
        page.wait_connected()
    for page in (a, b):
        page.wait_value("profile", "firstName", "Ada Lovelace")
        page.wait_value("profile", "lastName", "Byron")
        page.wait(lambda page=page: page.pending_intents() == 0, "every waiting change should be answered")
        assert not page.driver.find_element("id", "phone-offline").is_displayed()
    values = a.server_state()["state"]["screens"]["profile"]["values"]
    assert values == {"firstName": "Ada Lovelace", "lastName": "Byron"}, values
