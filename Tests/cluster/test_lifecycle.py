"""A session's life in the cluster (docs/SCALING.md): handed to the process that asks for it, deleted
from Redis when it expires, and not made while Redis is away. One cluster (leases of 3 s, sessions
forgotten 2 s after their last client left) serves the module."""

import asyncio
import time

import pytest

from cluster_redis import redis_cli
from harness import Typist, check_nothing_seen_was_lost, joined, joined_log, running, settle, until


@pytest.fixture(scope="module")
def cluster(tmp_path_factory):
    with running(tmp_path_factory.mktemp("lifecycle"), "--lease-ttl 3 --session-ttl 2 --log-level warning") as cluster:
        yield cluster


def redis_keys(cluster, session):
    return redis_cli(cluster, "--scan", "--pattern", f"fs:{{{session[:8]}}}:*").split()


def test_a_session_is_handed_to_the_process_that_asks_for_it_and_back(cluster):
    """A client reaches the session on another process than its holder (as after a process comes
    back and the hash points at it again): the holder hands it over at its next renewal, once
    what its clients saw is stored, and closes them with 4503; through HAProxy they come back to
    it, and it asks the session back the same way. Nothing anyone saw is lost."""
    sid, _ = cluster.create_session()
    owner = cluster.session(sid)[1]["node"]
    other = next(node for node in ("node1", "node2", "node3") if node != owner)

    async def scenario():
        typist = Typist(cluster.port, sid, "firstName")
        [task] = await joined([typist])
        for _ in range(5):
            await typist.type()
        await settle([typist], timeout=10)
        # It comes back once the visitor is done, so the two do not pull the session to and fro.
        typist.reconnecting = False
        asked_at = time.monotonic()
        visitor = Typist(cluster.node_port(other), sid, "lastName")
        visitor.reconnecting = False
        [visiting] = await joined([visitor], timeout=10)
        handed_after = time.monotonic() - asked_at
        for _ in range(3):
            await visitor.type()
        await settle([visitor], timeout=10)
        await visitor.stop()
        await visiting
        await task
        typist.reconnecting = True
        task = asyncio.create_task(typist.run())
        await until(lambda: len(typist.snapshots) > 1 and typist.ready, 20, "the session never came back")
        for _ in range(2):
            await typist.type()
        await settle([typist], timeout=10)
        final = {sid: await joined_log(cluster.port, sid)}
        await typist.stop()
        await task
        return typist, visitor, final, handed_after

    typist, visitor, final, handed_after = asyncio.run(scenario())
    assert typist.closes[0][1] == 4503, typist.closes
    assert visitor.closes[0][1] == 1000, visitor.closes
    assert typist.nodes == [owner, owner], typist.nodes
    check_nothing_seen_was_lost([typist, visitor], final)
    print(f"\nhandoff: {other} served the session {handed_after:.1f} s after asking {owner} for it; back on {owner} "
          f"after, at revision {final[sid]['revision']}")


def test_an_expired_session_is_deleted_from_redis_too(cluster):
    sid, viewer = cluster.create_session()

    async def visit():
        typist = Typist(cluster.port, sid, "firstName")
        typist.reconnecting = False
        [task] = await joined([typist])
        await typist.type()
        await settle([typist], timeout=10)
        await typist.stop()
        await task

    asyncio.run(visit())
    assert redis_keys(cluster, sid)
    left_at = time.monotonic()
    while redis_keys(cluster, sid):
        assert time.monotonic() - left_at < 10, f"still in Redis 10 s after its last client left: {redis_keys(cluster, sid)}"
        time.sleep(0.1)
    assert cluster.session(sid)[0] == 404
    assert cluster.session(viewer)[0] == 404


def test_while_redis_is_away_no_session_is_made_and_health_still_answers(cluster):
    redis_cli(cluster, "shutdown")
    try:
        deadline = time.monotonic() + 5
        while any(cluster.health(node)["status"] != "degraded" for node in ("node1", "node2", "node3")):
            assert time.monotonic() < deadline
            time.sleep(0.05)
        health = cluster.health("node1")
        assert health["storage"]["kind"] == "redis" and not health["storage"]["healthy"]
        assert "cannot be reached" in health["storage"]["error"]
        assert all(state.startswith("UP") for state in cluster.server_states().values()), "HAProxy dropped a node"
        status, _, body = cluster.request("POST", "/api/sessions")
        assert status == 503 and b'"session_unavailable"' in body, body
    finally:
        cluster.run("redis-start")
    deadline = time.monotonic() + 10
    while any(cluster.health(node)["status"] != "ok" for node in ("node1", "node2", "node3")):
        assert time.monotonic() < deadline
        time.sleep(0.05)
    assert cluster.create_session()
