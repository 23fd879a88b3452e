"""scripts/cluster.sh and its HAProxy routing: every request of a session meets on one node, and
removing a node moves only that node's sessions (docs/SCALING.md).

One cluster on free ports and a temporary state folder serves the whole module; the tests run in
file order, the last two take a node away and stop the cluster. The server is the debug build
`make test` makes, or FOCUS_SYNC_BIN; the shared parts are in harness.py."""

import asyncio
import collections
import os
import random
import re
import signal
import string
import subprocess
import time
from pathlib import Path

import pytest

from harness import Typist, joined, running

SESSIONS = 60
ROUTING_KEY = 8
ALPHABET = string.ascii_letters + string.digits + "-_"


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


def placement_of(cluster, ids):
    """For each session id, the nodes its WebSocket URL, its API URLs and its viewer went to."""
    return {
        sid: {
            cluster.server_of(f"/ws?session={sid}"),
            cluster.server_of(f"/api/sessions/{sid}"),
            cluster.server_of(f"/api/sessions/{sid}/members"),
            cluster.server_of(f"/ws?session={viewer}"),
            cluster.server_of(f"/api/sessions/{viewer}"),
        }
        for sid, viewer in ids
    }


@pytest.fixture(scope="module")
def cluster(tmp_path_factory):
    with running(tmp_path_factory.mktemp("cluster")) as cluster:
        yield cluster


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
    placement = placement_of(cluster, session_ids(SESSIONS))
    split = {sid: nodes for sid, nodes in placement.items() if len(nodes) != 1}
    assert not split, f"sessions whose requests went to several nodes: {split}"
    spread = collections.Counter(next(iter(nodes)) for nodes in placement.values())
    print(f"\n{SESSIONS} sessions over three nodes: {dict(sorted(spread.items()))}")
    assert set(spread) == {"node1", "node2", "node3"}


def test_real_sessions_spread_and_all_their_clients_meet_on_their_node(cluster):
    """60 sessions made through HAProxy; for each, two WebSocket clients by editor id and one by
    viewer capability join through HAProxy, and GET /api/sessions/{id} says which node holds it:
    each session's editors, its API answers and its holder are one node. Viewers' WebSockets go
    round the nodes (test_audience.py)."""
    sessions = [cluster.create_session() for _ in range(SESSIONS)]

    async def join_all():
        typists = []
        for sid, viewer in sessions:
            typists += [Typist(cluster.port, sid, "firstName"), Typist(cluster.port, sid, "lastName"),
                        Typist(cluster.port, viewer, "firstName")]
        for typist in typists:
            typist.reconnecting = False
        tasks = await joined(typists)
        for typist in typists:
            await typist.stop()
        await asyncio.gather(*tasks)
        return typists

    typists = asyncio.run(join_all())
    nodes = {}
    for sid, viewer in sessions:
        status, body = cluster.session(sid)
        viewer_status, viewer_body = cluster.session(viewer)
        assert (status, viewer_status) == (200, 200)
        assert viewer_body["role"] == "viewer"
        nodes[sid] = {body["node"], viewer_body["node"]} | {
            node for typist in typists if typist.session == sid for node in typist.nodes}
    split = {sid[:6]: found for sid, found in nodes.items() if len(found) != 1}
    assert not split, f"sessions served by several nodes: {split}"
    spread = collections.Counter(next(iter(found)) for found in nodes.values())
    held = {node: cluster.health(node)["sessions"] for node in ("node1", "node2", "node3")}
    print(f"\n{SESSIONS} sessions made through HAProxy, 180 clients: sessions per node {dict(sorted(spread.items()))}, "
          f"held per /healthz {held}")
    assert set(spread) == {"node1", "node2", "node3"}
    assert held == dict(spread)
    viewer_capabilities = {viewer for _, viewer in sessions}
    assert {node for typist in typists if typist.session in viewer_capabilities for node in typist.nodes} == set(spread)


def test_requests_without_a_session_go_round_the_nodes(cluster):
    assert {cluster.server_of("/healthz") for _ in range(9)} == {"node1", "node2", "node3"}


def test_removing_a_node_moves_only_its_sessions(cluster):
    ids = session_ids(SESSIONS)
    before = {sid: next(iter(nodes)) for sid, nodes in placement_of(cluster, ids).items()}
    status = cluster.run("status").stdout.splitlines()
    victim, pid = re.fullmatch(r"node=(node\d) pid=(\d+) port=\d+", status[1]).groups()

    os.kill(int(pid), signal.SIGKILL)
    killed = time.monotonic()
    while cluster.server_states()[victim] != "DOWN":
        assert time.monotonic() - killed < 5, "HAProxy still counts the killed node as up after 5 s"
        time.sleep(0.02)
    dropped_after = time.monotonic() - killed

    placement = placement_of(cluster, ids)
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
