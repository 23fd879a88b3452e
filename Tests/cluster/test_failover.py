"""A node can die (docs/SCALING.md): `kill -9` one process while the clients of 60 sessions type;
only its sessions move, every client converges, and every change any client saw is still there.

Each test starts its own cluster (leases of 3 s, so takeovers are quick) and stops it. Clients
go through HAProxy and behave like the page: same clientId after a reconnect, unanswered intents
resent with their seq."""

import asyncio
import signal
import time

import pytest

from harness import Cluster, Typist, check_nothing_seen_was_lost, joined_log, percentile, settle, type_steadily

SESSIONS = 60
RATE = 4  # intents a second per client
LEASE_SECONDS = 3


@pytest.fixture
def cluster(tmp_path):
    cluster = Cluster(tmp_path, node_args=f"--lease-ttl {LEASE_SECONDS} --log-level warning")
    try:
        cluster.start()
    except RuntimeError as error:
        pytest.fail(str(error))
    yield cluster
    cluster.stop()


async def typists_for(cluster, sessions):
    """Two typists per session (first and last name), joined through HAProxy."""
    typists = [Typist(cluster.port, sid, field) for sid, _ in sessions for field in ("firstName", "lastName")]
    tasks = [asyncio.create_task(typist.run()) for typist in typists]
    deadline = time.monotonic() + 60
    while not all(typist.ready for typist in typists):
        assert time.monotonic() < deadline, "not every client joined within 60 s"
        await asyncio.sleep(0.05)
    return typists, tasks


async def final_snapshots(cluster, sessions):
    return {sid: await joined_log(cluster.port, sid) for sid, _ in sessions}


def test_kill_9_moves_only_that_nodes_sessions_and_loses_nothing_anyone_saw(cluster):
    sessions = [cluster.create_session() for _ in range(SESSIONS)]

    async def scenario():
        typists, tasks = await typists_for(cluster, sessions)
        owner = {sid: cluster.session(sid)[1]["node"] for sid, _ in sessions}
        victim = "node2"
        moved = {sid for sid, node in owner.items() if node == victim}
        killed_at = None
        typing = asyncio.create_task(type_steadily(typists, RATE, lambda: killed_at and time.monotonic() > killed_at + 8))
        await asyncio.sleep(2)
        seen_before = {id(typist): typist.revision for typist in typists}
        cluster.signal(victim, signal.SIGKILL)
        killed_at = time.monotonic()
        await typing
        settled = await settle(typists, timeout=30)
        final = await final_snapshots(cluster, sessions)
        for typist in typists:
            await typist.stop()
        await asyncio.gather(*tasks)
        return typists, owner, victim, moved, killed_at, seen_before, settled, final

    typists, owner, victim, moved, killed_at, seen_before, settled, final = asyncio.run(scenario())

    # Only the victim's sessions moved: their clients reconnected, nobody else's did.
    after = {sid: cluster.session(sid)[1]["node"] for sid, _ in sessions}
    assert {sid for sid in after if after[sid] != owner[sid]} == moved
    assert victim not in after.values()
    for typist in typists:
        reconnected = len(typist.snapshots) > 1
        assert reconnected == (typist.session in moved), (typist.session[:6], typist.nodes, typist.closes)

    # Time from the kill to each moved client's first snapshot at or past what it had seen.
    resync = []
    for typist in typists:
        if typist.session in moved:
            resync.append(next(at for at, revision in typist.snapshots if at > killed_at and revision >= seen_before[id(typist)])
                          - killed_at)
    checked = check_nothing_seen_was_lost(typists, final)
    intents = sum(typist.seq for typist in typists)
    print(f"\nkill -9 {victim}: {len(moved)} of {SESSIONS} sessions moved ({len(resync)} clients), none of the others'; "
          f"kill to resynchronised p50 {percentile(resync, 0.5):.2f} s, p99 {percentile(resync, 0.99):.2f} s, "
          f"max {max(resync):.2f} s (lease {LEASE_SECONDS} s); {intents} intents applied exactly once, "
          f"{checked} updates seen all present; settled {settled:.1f} s after typing stopped")
    assert len(moved) > 0
