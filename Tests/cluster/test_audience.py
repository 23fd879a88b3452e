"""One session's audience over every node (docs/SCALING.md): a viewer's WebSocket may reach any
node, which follows the session's owner through Redis. Viewers on other nodes than the owner
receive every revision in order; a viewer's node dying moves its viewers elsewhere within 5 s
with no revision missed; the owner dying leaves viewers where they are, and they catch up.

Viewers are `Typist`s that never type: they say hello, check that each update follows the
revision before it (a snapshot after a reconnect sets it), and keep what they saw."""

import asyncio
import signal
import time

import pytest

from cluster_redis import publishes, settled_publishes
from harness import Typist, joined, running, settle, type_steadily, until
from watcher import Watcher

VIEWERS = 12
LEASE_SECONDS = 3


@pytest.fixture
def cluster(tmp_path):
    with running(tmp_path, f"--lease-ttl {LEASE_SECONDS} --log-level warning") as cluster:
        yield cluster


def check_followed_everything(viewers, editor):
    """Each viewer holds the editor's final state at its revision, and took every update in
    order (a snapshot covers what came before it): nothing was missed."""
    for viewer in viewers:
        assert not viewer.problems, viewer.problems[:5]
        assert viewer.revision == editor.revision
        assert viewer.values == editor.values


async def audience(cluster, viewer_capability, count=VIEWERS):
    viewers = [Typist(cluster.port, viewer_capability, "viewer") for _ in range(count)]
    return viewers, await joined(viewers)


async def editor_and_audience(cluster, session, viewer_capability):
    """An editor typing in First Name on `session`, joined, then its audience, once the owner
    counts all of it (the relays tell it within two thirds of a lease, and it publishes the count
    then): (editor, its tasks, viewers, their tasks)."""
    editor = Watcher(cluster.port, session, "firstName")
    editor_tasks = await joined([editor])
    viewers, viewer_tasks = await audience(cluster, viewer_capability)
    await until(lambda: editor.count == {"editors": 1, "viewers": VIEWERS}, 15, "the owner does not count every viewer")
    return editor, editor_tasks, viewers, viewer_tasks


def test_viewers_on_other_nodes_receive_every_revision_in_order_and_redis_publishes_each_once(cluster):
    session, viewer_capability = cluster.create_session()
    assert len(viewer_capability) == 32 and len(session) == 30

    async def scenario():
        editor, editor_tasks, viewers, viewer_tasks = await editor_and_audience(cluster, session, viewer_capability)
        owner = editor.nodes[-1]
        before = await settled_publishes(cluster)
        for _ in range(60):
            await editor.type()
            await asyncio.sleep(0.01)
        await settle([editor, *viewers], timeout=30)
        published = publishes(cluster) - before
        for client in [editor, *viewers]:
            await client.stop()
        await asyncio.gather(*editor_tasks, *viewer_tasks)
        return editor, viewers, owner, published

    editor, viewers, owner, published = asyncio.run(scenario())
    nodes = {viewer.nodes[-1] for viewer in viewers}
    assert nodes == {"node1", "node2", "node3"}, f"viewers reached {nodes}"
    elsewhere = [viewer for viewer in viewers if viewer.nodes[-1] != owner]
    assert len(elsewhere) >= VIEWERS // 2
    check_followed_everything(viewers, editor)
    for viewer in elsewhere:
        assert sorted(viewer.seen) == list(range(1, 61)), "every revision, as an update"
    # One publish per change, whatever the number of viewers and nodes.
    assert published == 60


def test_killing_a_viewers_node_moves_its_viewers_elsewhere_within_5_s_and_they_miss_nothing(cluster):
    session, viewer_capability = cluster.create_session()

    async def scenario():
        editor, editor_tasks, viewers, viewer_tasks = await editor_and_audience(cluster, session, viewer_capability)
        owner = editor.nodes[-1]
        victim = next(node for node in ("node1", "node2", "node3") if node != owner)
        moved = [viewer for viewer in viewers if viewer.nodes[-1] == victim]
        killed_at = None
        typing = asyncio.create_task(
            type_steadily([editor], 10, lambda: killed_at is not None and time.monotonic() > killed_at + 6))
        await asyncio.sleep(1)
        cluster.signal(victim, signal.SIGKILL)
        killed_at = time.monotonic()
        await typing
        await settle([editor, *viewers], timeout=30)
        for client in [editor, *viewers]:
            await client.stop()
        await asyncio.gather(*editor_tasks, *viewer_tasks)
        return editor, viewers, moved, victim, killed_at

    editor, viewers, moved, victim, killed_at = asyncio.run(scenario())
    assert moved, f"no viewer reached {victim}"
    for viewer in moved:
        back = [at for at, _ in viewer.snapshots if at > killed_at]
        assert back and back[0] - killed_at < 5, f"a viewer of {victim} was back after {back[:1]}"
        assert viewer.nodes[-1] != victim
    assert editor.revision >= 50
    check_followed_everything(viewers, editor)


def test_killing_the_owner_leaves_viewers_connected_and_they_catch_up(cluster):
    session, viewer_capability = cluster.create_session()

    async def scenario():
        editor, editor_tasks, viewers, viewer_tasks = await editor_and_audience(cluster, session, viewer_capability)
        owner = editor.nodes[-1]
        staying = [viewer for viewer in viewers if viewer.nodes[-1] != owner]
        closes = {id(viewer): len(viewer.closes) for viewer in staying}
        killed_at = None
        typing = asyncio.create_task(
            type_steadily([editor], 10, lambda: killed_at is not None and time.monotonic() > killed_at + 6))
        await asyncio.sleep(1)
        revision_at_kill = editor.revision
        cluster.signal(owner, signal.SIGKILL)
        killed_at = time.monotonic()
        await typing
        await settle([editor, *viewers], timeout=30)
        await until(lambda: editor.nodes[-1] != owner, 1, "the editor did not move")
        for client in [editor, *viewers]:
            await client.stop()
        await asyncio.gather(*editor_tasks, *viewer_tasks)
        return editor, viewers, staying, closes, revision_at_kill

    editor, viewers, staying, closes, revision_at_kill = asyncio.run(scenario())
    assert staying
    for viewer in staying:
        assert len(viewer.closes) == closes[id(viewer)] + 1, "only the test's own close"
        assert len(viewer.snapshots) == 1, "never resynchronised: every revision came as an update"
        assert max(viewer.seen) > revision_at_kill + 10
    check_followed_everything(viewers, editor)
