"""scripts/cluster.sh and its HAProxy routing: every request of a session meets on one node, and
removing a node moves only that node's sessions (docs/SCALING.md).

One cluster on free ports and a temporary state folder serves the whole module; the tests run in
file order, the last two take a node away and stop the cluster. The server is the debug build
`make test` makes, or FOCUS_SYNC_BIN."""

import collections
import csv
import io
import os
import random
import re
import signal
import socket
import string
import subprocess
import time
import http.client
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
SCRIPT = REPO / "scripts" / "cluster.sh"
SESSIONS = 60
ROUTING_KEY = 8
ALPHABET = string.ascii_letters + string.digits + "-_"


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


def session_ids(count, seed=12):
    """Ids shaped like the server's: an 8-character routing key, then the secret; and for each a
    viewer capability sharing the routing key."""
    rng = random.Random(seed)

    def word(length):
        return "".join(rng.choice(ALPHABET) for _ in range(length))

    ids = []
    for _ in range(count):
        route = word(ROUTING_KEY)
        ids.append((route + word(14), route + word(14)))
    return ids


class Cluster:
    def __init__(self, tmp):
        self.port, self.redis_port, *self.node_ports = free_ports(5)
        self.env = dict(
            os.environ,
            CLUSTER_STATE=str(tmp),
            CLUSTER_SERVER=os.environ.get("FOCUS_SYNC_BIN") or str(REPO / ".build" / "debug" / "focus-sync"),
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

    def recorded_pids(self):
        path = self.state / "processes"
        return [int(line.split()[1]) for line in path.read_text().splitlines()] if path.exists() else []

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

    def placement(self, ids):
        """For each session id, the nodes its WebSocket URL, its API URLs and its viewer went to."""
        return {
            sid: {
                self.server_of(f"/ws?session={sid}"),
                self.server_of(f"/api/sessions/{sid}"),
                self.server_of(f"/api/sessions/{sid}/members"),
                self.server_of(f"/ws?session={viewer}"),
                self.server_of(f"/api/sessions/{viewer}"),
            }
            for sid, viewer in ids
        }

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


@pytest.fixture(scope="module")
def cluster(tmp_path_factory):
    cluster = Cluster(tmp_path_factory.mktemp("cluster"))
    started = cluster.run("start", check=False)
    cluster.start_output = started
    if started.returncode != 0:
        cluster.run("stop", check=False)
        pytest.fail(f"scripts/cluster.sh start failed:\n{started.stderr}")
    yield cluster
    cluster.run("stop", check=False)


def test_start_prints_one_url_and_status_one_line_per_node(cluster):
    assert cluster.start_output.stdout == f"url=http://127.0.0.1:{cluster.port}/\n"
    status = cluster.run("status").stdout.splitlines()
    assert len(status) == 3
    for line, port in zip(status, cluster.node_ports):
        match = re.fullmatch(r"node=(node\d) pid=(\d+) port=(\d+)", line)
        assert match, line
        assert int(match[3]) == port
        assert Path(f"/proc/{match[2]}").exists()
    # "UP", or "UP 1/2" while a late check is being counted.
    assert all(state.startswith("UP") for state in cluster.server_states().values())


def test_every_request_of_a_session_meets_on_one_node(cluster):
    placement = cluster.placement(session_ids(SESSIONS))
    split = {sid: nodes for sid, nodes in placement.items() if len(nodes) != 1}
    assert not split, f"sessions whose requests went to several nodes: {split}"
    spread = collections.Counter(next(iter(nodes)) for nodes in placement.values())
    print(f"\n{SESSIONS} sessions over three nodes: {dict(sorted(spread.items()))}")
    assert set(spread) == {"node1", "node2", "node3"}


def test_requests_without_a_session_go_round_the_nodes(cluster):
    assert {cluster.server_of("/healthz") for _ in range(9)} == {"node1", "node2", "node3"}


def test_removing_a_node_moves_only_its_sessions(cluster):
    ids = session_ids(SESSIONS)
    before = {sid: next(iter(nodes)) for sid, nodes in cluster.placement(ids).items()}
    status = cluster.run("status").stdout.splitlines()
    victim, pid = re.fullmatch(r"node=(node\d) pid=(\d+) port=\d+", status[1]).groups()

    os.kill(int(pid), signal.SIGKILL)
    killed = time.monotonic()
    while cluster.server_states()[victim] != "DOWN":
        assert time.monotonic() - killed < 5, "HAProxy still counts the killed node as up after 5 s"
        time.sleep(0.02)
    dropped_after = time.monotonic() - killed

    placement = cluster.placement(ids)
    assert all(len(nodes) == 1 for nodes in placement.values())
    after = {sid: next(iter(nodes)) for sid, nodes in placement.items()}
    moved = [sid for sid in ids_of(ids) if before[sid] != after[sid]]
    print(f"\n{victim} killed: HAProxy marked it down after {dropped_after:.2f} s; "
          f"{len(moved)} of {SESSIONS} sessions moved, all of them {victim}'s "
          f"({sum(1 for node in before.values() if node == victim)} it had)")
    assert sorted(moved) == sorted(sid for sid, node in before.items() if node == victim)
    assert victim not in after.values()
    assert dropped_after < 2.5


def test_stop_ends_exactly_what_start_started(cluster):
    recorded = cluster.recorded_pids()
    assert len(recorded) == 5
    bystander = subprocess.Popen(["sleep", "60"])
    try:
        # As if the kernel had handed a recorded PID to another process: same PID, other start time.
        with open(cluster.state / "processes", "a") as processes:
            processes.write(f"node9 {bystander.pid} 1 1\n")
        cluster.run("stop")
        for pid in recorded:
            assert not Path(f"/proc/{pid}").exists() or Path(f"/proc/{pid}/status").read_text().find("zombie") >= 0
        assert bystander.poll() is None
        assert not (cluster.state / "processes").exists()
        assert cluster.run("status", check=False).returncode == 1
    finally:
        bystander.kill()
        bystander.wait()


def ids_of(ids):
    return [sid for sid, _ in ids]
