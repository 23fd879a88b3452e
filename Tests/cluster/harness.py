"""What the cluster tests share: a cluster started by scripts/cluster.sh on free ports in a
temporary state folder, and protocol v3 clients that behave like the page (a secret clientId kept
across reconnects, intents resent with the same seq after every reconnect until answered).

Every process a test starts is stopped by PID: the cluster by `scripts/cluster.sh stop`, which
ends exactly what `start` recorded, and anything else by the test that started it."""

import asyncio
import contextlib
import csv
import http.client
import io
import json
import os
import secrets
import signal
import socket
import subprocess
import time
from pathlib import Path

import pytest
import websockets

from session_state import drawn_values, merge

REPO = Path(__file__).resolve().parents[2]
SCRIPT = REPO / "scripts" / "cluster.sh"
SUBPROTOCOL = "focus-sync.v3"


def free_ports(count):
    """Ports nothing listens on now (the kernel picks them; closed again before use)."""
    sockets = [socket.socket() for _ in range(count)]
    try:
        for s in sockets:
            s.bind(("127.0.0.1", 0))
        return [s.getsockname()[1] for s in sockets]
    finally:
        for s in sockets:
            s.close()


class Cluster:
    """Redis, three focus-sync processes (node1, node2, node3) and HAProxy, from scripts/cluster.sh."""

    def __init__(self, tmp, node_args="", server=None):
        self.port, self.redis_port, *self.node_ports = free_ports(5)
        self.env = dict(
            os.environ,
            CLUSTER_STATE=str(tmp),
            CLUSTER_SERVER=server or os.environ.get("FOCUS_SYNC_BIN") or str(REPO / ".build" / "debug" / "focus-sync"),
            CLUSTER_NODE_ARGS=node_args,
        )
        self.state = Path(tmp)
        self.connection = None
        self.flags = [
            "--port", str(self.port), "--redis-port", str(self.redis_port),
            "--node-ports", ",".join(map(str, self.node_ports)), "--fresh",
        ]

    def run(self, command, check=True):
        return subprocess.run(
            [str(SCRIPT), command, *self.flags] if command == "start" else [str(SCRIPT), command],
            env=self.env, cwd=REPO, capture_output=True, text=True, timeout=120, check=check)

    def start(self):
        started = self.run("start", check=False)
        self.start_output = started
        if started.returncode != 0:
            self.run("stop", check=False)
            raise RuntimeError(f"scripts/cluster.sh start failed:\n{started.stderr}")
        return self

    def stop(self):
        self.run("stop", check=False)

    def recorded(self):
        """name -> PID of every process `start` recorded."""
        path = self.state / "processes"
        if not path.exists():
            return {}
        return {line.split()[0]: int(line.split()[1]) for line in path.read_text().splitlines()}

    def recorded_pids(self):
        return list(self.recorded().values())

    def node_port(self, node):
        return self.node_ports[int(node.removeprefix("node")) - 1]

    @property
    def url(self):
        return f"http://127.0.0.1:{self.port}"

    def request(self, method, path, port=None, body=None):
        """(status, headers, body) of one request through HAProxy, or straight to `port`."""
        connection = http.client.HTTPConnection("127.0.0.1", port or self.port, timeout=30)
        try:
            connection.request(method, path, body=body)
            response = connection.getresponse()
            return response.status, response.headers, response.read()
        finally:
            connection.close()

    def server_of(self, path):
        """The node HAProxy sent `path` to (its X-FocusSync-Server answer header). One kept-alive
        connection serves every call: HAProxy balances each request on it anew."""
        for attempt in range(2):
            if self.connection is None:
                self.connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=5)
            try:
                self.connection.request("GET", path)
                response = self.connection.getresponse()
                response.read()
                return response.headers["X-FocusSync-Server"]
            except (http.client.HTTPException, OSError):
                self.connection.close()
                self.connection = None
                if attempt:
                    raise

    def create_session(self, source=None):
        """(id, viewer) of a session made through HAProxy, running `source` if given."""
        status, _, body = self.request(
            "POST", "/api/sessions", body=None if source is None else json.dumps({"source": source}))
        assert status == 201, body
        created = json.loads(body)
        return created["id"], created["viewer"]

    def session(self, capability, port=None):
        """GET /api/sessions/{capability}: (status, body as JSON)."""
        status, _, body = self.request("GET", f"/api/sessions/{capability}", port)
        return status, json.loads(body)

    def health(self, node):
        """A node's /healthz, asked directly."""
        status, _, body = self.request("GET", "/healthz", self.node_port(node))
        assert status == 200, body
        return json.loads(body)

    def server_states(self):
        """Each node's status as HAProxy's admin socket reports it (`show stat`): UP, DOWN, …"""
        with socket.socket(socket.AF_UNIX) as admin:
            admin.connect(str(self.state / "haproxy.sock"))
            admin.sendall(b"show stat\n")
            data = b""
            while chunk := admin.recv(65536):
                data += chunk
        rows = csv.DictReader(io.StringIO(data.decode().lstrip("# ")))
        return {row["svname"]: row["status"] for row in rows if row["pxname"] == "nodes" and row["svname"].startswith("node")}

    def wait_for_state(self, node, state, timeout=10):
        deadline = time.monotonic() + timeout
        while not self.server_states()[node].startswith(state):
            assert time.monotonic() < deadline, f"HAProxy does not count {node} as {state} after {timeout} s"
            time.sleep(0.02)

    def signal(self, node, number):
        """Sends `number` to the node; for SIGSTOP, returns once every thread of it has stopped.
        (`kill` returns when the signal is queued: the other threads of a process stop only after
        the one that took it has run, and until then the node could still serve a message.)"""
        pid = self.recorded()[node]
        os.kill(pid, number)
        if number == signal.SIGSTOP:
            deadline = time.monotonic() + 5
            while not all(thread_state(pid, tid) in ("T", "t", "") for tid in os.listdir(f"/proc/{pid}/task")):
                assert time.monotonic() < deadline, f"{node} did not stop within 5 s"
                time.sleep(0.001)

    def log(self, node):
        return (self.state / f"{node}.log").read_text()


@contextlib.contextmanager
def running(folder, node_args=""):
    """A started cluster for a fixture to yield; stopped afterwards, whatever happened."""
    cluster = Cluster(folder, node_args)
    try:
        cluster.start()
    except RuntimeError as error:
        pytest.fail(str(error))
    try:
        yield cluster
    finally:
        cluster.stop()


def thread_state(pid, tid):
    """A thread's scheduler state letter from /proc ("T" when stopped by a signal); "" once it has exited."""
    try:
        stat = Path(f"/proc/{pid}/task/{tid}/stat").read_text()
    except FileNotFoundError:
        return ""
    return stat[stat.rindex(")") + 2]


class Typist:
    """One tab typing into one field of the seed profile form, through HAProxy (or straight to a
    node with `port`). It keeps what it sent until answered (an update by its member with that
    seq, or an ack) and resends it, in order and with the same seq, after each reconnect's
    snapshot, as the protocol asks. It records every update it saw, by revision."""

    def __init__(self, port, session, field, tag=None):
        self.port = port
        self.session = session
        self.field = field
        self.tag = tag or field  # the values it types are "<tag>-<seq>", unlike any other typist's
        self.client_id = "tab-" + secrets.token_hex(10)
        self.seq = 0
        self.pending = {}  # seq -> value, unanswered, in seq order
        self.answered = set()  # seqs answered by an update or an ack
        self.member = None
        self.revision = 0
        self.state = None
        self.seen = {}  # revision -> (by, seq) of every update received
        self.snapshots = []  # (monotonic time, revision) of every snapshot
        self.closes = []  # (monotonic time, close code or None)
        self.problems = []  # updates out of order, errors
        self.nodes = []  # the node that served each connection
        self.answers = []  # (monotonic time, revision or None, seq) of every update by it and ack
        self.ready = False
        self.stopping = False
        self.reconnecting = True
        self.lock = asyncio.Lock()
        self.socket = None

    @property
    def url(self):
        return f"ws://127.0.0.1:{self.port}/ws?session={self.session}"

    @property
    def last_value(self):
        return f"{self.tag}-{self.seq}"

    async def run(self):
        """Connects, and reconnects after every close, until `stop`."""
        delay = 0.05
        while not self.stopping:
            try:
                async with websockets.connect(
                    self.url, subprotocols=[SUBPROTOCOL], ping_interval=None, open_timeout=15, max_size=2**23
                ) as socket:
                    self.socket = socket
                    self.nodes.append(socket.response.headers.get("X-FocusSync-Server"))
                    await socket.send(json.dumps({"type": "hello", "clientId": self.client_id}))
                    async for text in socket:
                        await self.receive(json.loads(text), socket)
                    self.closes.append((time.monotonic(), socket.close_code))
            except (websockets.WebSocketException, OSError, TimeoutError) as error:
                code = getattr(getattr(error, "rcvd", None), "code", None)
                self.closes.append((time.monotonic(), code))
            finally:
                self.ready = False
                self.socket = None
            if not self.reconnecting:
                break
            await asyncio.sleep(delay)

    async def receive(self, message, socket):
        kind = message["type"]
        if kind == "snapshot":
            self.member = message["you"]["member"]
            self.revision = message["revision"]
            self.state = message["state"]
            self.snapshots.append((time.monotonic(), message["revision"]))
            async with self.lock:
                for seq, value in list(self.pending.items()):
                    await self.send_intent(socket, seq, value)
                self.ready = True
        elif kind == "update":
            if message["revision"] != self.revision + 1:
                self.problems.append(f"update {message['revision']} after {self.revision}")
            self.revision = message["revision"]
            self.state = merge(self.state, message["patch"])
            self.seen[message["revision"]] = (message["by"], message.get("seq"))
            if message["by"] == self.member and "seq" in message:
                self.answers.append((time.monotonic(), message["revision"], message["seq"]))
                self.settle(message["seq"])
        elif kind == "ack":
            self.answers.append((time.monotonic(), None, message["seq"]))
            self.settle(message["seq"])
        elif kind == "error":
            self.problems.append(f"error {message}")

    def settle(self, seq):
        """Answers arrive in seq order: an answer to `seq` settles every earlier one too."""
        for pending in [s for s in self.pending if s <= seq]:
            del self.pending[pending]
        self.answered.add(seq)

    async def send_intent(self, socket, seq, value):
        await socket.send(json.dumps({
            "type": "intent", "seq": seq, "screen": "ProfileForm", "action": "edit", "key": self.field, "value": value}))

    async def type(self):
        """The next value: sent now if connected, kept for the next snapshot otherwise."""
        async with self.lock:
            self.seq += 1
            self.pending[self.seq] = self.last_value
            if self.ready and self.socket is not None:
                try:
                    await self.send_intent(self.socket, self.seq, self.last_value)
                except websockets.ConnectionClosed:
                    pass

    @property
    def values(self):
        return drawn_values(self.state or {})

    async def stop(self):
        self.stopping = True
        self.reconnecting = False
        if self.socket is not None:
            await self.socket.close()


async def until(check, timeout, what):
    """Waits until `check()` is true; fails with `what` after `timeout` seconds."""
    deadline = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < deadline, f"{what} after {timeout} s"
        await asyncio.sleep(0.05)


async def joined(typists, timeout=60):
    """Starts every typist and waits until each has its snapshot; returns their tasks."""
    tasks = [asyncio.create_task(typist.run()) for typist in typists]
    await until(lambda: all(typist.ready for typist in typists), timeout, "not every client joined")
    return tasks


async def type_steadily(typists, rate, done):
    """Every typist types `rate` times a second, spread evenly, until `done()` is true."""
    interval = 1 / rate
    offsets = [index * interval / len(typists) for index in range(len(typists))]
    start = time.monotonic()
    round_number = 0
    while not done():
        for typist, offset in zip(typists, offsets):
            wait = start + round_number * interval + offset - time.monotonic()
            if wait > 0:
                await asyncio.sleep(wait)
            await typist.type()
        round_number += 1


async def settle(typists, timeout):
    """Waits until no typist has anything unanswered and the typists of each session are at one
    revision; returns how long that took."""
    start = time.monotonic()
    while time.monotonic() - start < timeout:
        by_session = {}
        for typist in typists:
            by_session.setdefault(typist.session, set()).add(typist.revision)
        if all(not typist.pending and typist.ready for typist in typists) and all(len(r) == 1 for r in by_session.values()):
            return time.monotonic() - start
        await asyncio.sleep(0.05)
    stuck = [(t.session[:6], t.field, len(t.pending), t.revision, t.ready) for t in typists if t.pending or not t.ready]
    raise AssertionError(f"not settled after {timeout} s: {stuck[:10]}")


async def joined_log(port, session):
    """The snapshot a fresh tab gets: its revision, state and log (the last 200 events)."""
    async with websockets.connect(f"ws://127.0.0.1:{port}/ws?session={session}", subprotocols=[SUBPROTOCOL],
                                  ping_interval=None, open_timeout=15, max_size=2**23) as socket:
        await socket.send(json.dumps({"type": "hello", "clientId": "tab-" + secrets.token_hex(10)}))
        async for text in socket:
            message = json.loads(text)
            if message["type"] == "snapshot":
                return message


def check_nothing_seen_was_lost(typists, final):
    """Each session's final snapshot against everything its typists saw and sent:

    - every intent was applied exactly once (each edit sets a value its field never had, so each
      makes one revision, and a resend that was applied already is only acknowledged);
    - each field holds the last value one of its typists sent;
    - every update any typist received (revision, author, seq) is in the final log unchanged.
    (That the typists agree with each other is what `settle` waits for.) Returns the number of
    updates checked."""
    checked = 0
    for session, snapshot in final.items():
        mine = [typist for typist in typists if typist.session == session]
        assert snapshot["revision"] == sum(typist.seq for typist in mine), (
            f"session {session[:6]}: revision {snapshot['revision']} after {[t.seq for t in mine]} intents")
        values = drawn_values(snapshot["state"])
        for typist in mine:
            last = {other.last_value for other in mine if other.field == typist.field}
            assert values[typist.field] in last, (session[:6], typist.field, values[typist.field], last)
            assert not typist.problems, typist.problems[:5]
        log = {entry["revision"]: (entry["by"], entry.get("seq")) for entry in snapshot["log"]}
        seen = {}
        for typist in mine:
            seen.update(typist.seen)
        assert min(log) <= min(seen), "the final log no longer reaches the first update seen"
        for revision, change in seen.items():
            assert log.get(revision) == change, f"session {session[:6]} revision {revision}: saw {change}, now {log.get(revision)}"
            checked += 1
    return checked
