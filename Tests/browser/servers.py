"""focus-sync servers of a test's own, beside the session-wide one in conftest.py: on a fixed port
with a data folder (so one can be killed and started again), and with options of its own."""

import os
import re
import shutil
import signal
import socket
import subprocess
import tempfile
import time
from contextlib import contextmanager
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@contextmanager
def own_server(*options):
    """A started Server with a data folder of its own, on a free port; killed and its folder removed afterwards."""
    data = tempfile.mkdtemp(prefix="focus-sync-own-")
    server = Server(data, free_port(), *options)
    try:
        server.start()
        yield server
    finally:
        server.stop_if_running()
        shutil.rmtree(data, ignore_errors=True)


class Server:
    """focus-sync on `port` keeping its sessions in `data`; `options` are passed on (`--rate-limit 5`)."""

    def __init__(self, data, port, *options):
        self.data = data
        self.port = port
        self.options = options
        self.process = None
        # What the last start printed before it was ready (the restore's warnings).
        self.start_lines = []

    def start(self):
        binary = os.environ.get("FOCUS_SYNC_BIN") or str(REPO / ".build" / "debug" / "focus-sync")
        deadline = time.monotonic() + 10
        while True:
            self.process = subprocess.Popen(
                [binary, "--port", str(self.port), "--public", str(REPO / "Public"), "--data-dir", self.data,
                 "--log-level", "warning", *self.options],
                stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
            self.start_lines = []
            for line in self.process.stdout:
                if re.search(r"http://127\.0\.0\.1:\d+/", line):
                    return
                self.start_lines.append(line)
            self.process.wait()
            # The port may still be held by the sockets of the process just killed.
            if time.monotonic() > deadline:
                pytest.fail(f"focus-sync did not start again: {line}")
            time.sleep(0.2)

    def kill(self):
        self.process.send_signal(signal.SIGKILL)
        self.process.wait()

    def stop_if_running(self):
        if self.process and self.process.poll() is None:
            self.kill()

    def url(self):
        return f"http://127.0.0.1:{self.port}/"
