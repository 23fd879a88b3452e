"""What a relay's viewers see besides the changes (docs/SCALING.md, "One session's audience over
every node"): the owner's presence, carets and Step reach them as they reach a viewer on the
owner's node, one publish per message; a copy of a session nobody holds (not yet, or its owner
died) is taken by its node after two checks a lease's time apart, so its program runs while it is
watched. (What the owner knows of them, and the end of a session: test_audience_elsewhere.py.)

`Watcher` is the harness's `Typist` that also keeps what presence, carets and Step say."""

import asyncio
import json
import signal

import pytest

from cluster_redis import publishes, redis_cli, session_key, settled_publishes
from harness import Typist, joined, running, settle, until
from watcher import Watcher

VIEWERS = 9
LEASE_SECONDS = 3
NODES = ("node1", "node2", "node3")


@pytest.fixture(scope="module")
def cluster(tmp_path_factory):
    folder = tmp_path_factory.mktemp("audience-live")
    with running(folder, f"--lease-ttl {LEASE_SECONDS} --log-level warning") as cluster:
        yield cluster


def lease_holder(cluster, session):
    held = redis_cli(cluster, "GET", session_key(session, "lease")).strip()
    return held.split("/")[0] or None


def hashed_node(cluster, session):
    """The node HAProxy sends `session` to, asked with an id of its routing key that names no session."""
    return cluster.server_of(f"/api/sessions/{session[:8]}-none")


def same(viewers):
    """Whether every viewer's page shows the same besides the form."""
    return len({repr(viewer.view) for viewer in viewers}) == 1


async def send(client, message):
    await client.socket.send(json.dumps(message))


async def typed(editor, changes):
    """The editor types `changes` keystrokes and waits until each is confirmed."""
    for _ in range(changes):
        await editor.type()
    await settle([editor], timeout=30)


def test_relay_viewers_see_presence_carets_and_step_as_viewers_of_the_owner_do(cluster):
    session, viewer_capability = cluster.create_session()

    async def scenario():
        ada = Watcher(cluster.port, session, "firstName")
        tasks = await joined([ada])
        await typed(ada, 3)
        await send(ada, {"type": "caret", "key": "source", "revision": ada.revision, "at": 5, "length": 3})
        await send(ada, {"type": "step", "on": True})
        grace = Watcher(cluster.port, session, "lastName")
        tasks += await joined([grace])
        # Joining now, the viewers' copies are built from the store with the live part stored beside it.
        viewers = [Watcher(cluster.port, viewer_capability, "viewer") for _ in range(VIEWERS)]
        tasks += await joined(viewers)
        everyone = [ada, *viewers]
        # Every viewer counted too (the relays tell the owner within two thirds of a lease): no
        # count is published in the window below.
        await until(
            lambda: all(w.count == {"editors": 2, "viewers": VIEWERS} and ada.member in w.carets and w.view[3]
                        for w in everyone) and same(viewers),
            15, "a viewer without both editors, every viewer, Ada's caret or Step")
        assert viewers[0].view[3] == {"by": ada.member}
        # Then live: Grace leaves, Ada's caret moves, Step goes off.
        before = await settled_publishes(cluster)
        heard = [viewer.live_messages for viewer in viewers]
        await grace.stop()
        await until(lambda: all(w.count["editors"] == 1 for w in everyone), 15, "Grace's leaving did not reach a viewer")
        await send(ada, {"type": "caret", "key": "source", "revision": ada.revision, "at": 7, "length": 0})
        await until(lambda: all(w.view[2].get(ada.member) == (7, 0) for w in everyone), 15, "a caret did not move")
        await send(ada, {"type": "step", "on": False})
        await until(lambda: all(w.view[3] is None for w in everyone) and same(viewers), 15, "Step stayed on")
        published = publishes(cluster) - before
        heard = [viewer.live_messages - count for viewer, count in zip(viewers, heard)]
        final = viewers[0].view
        for client in [ada, *viewers]:
            await client.stop()
        await asyncio.gather(*tasks)
        return ada, viewers, published, heard, final

    ada, viewers, published, heard, final = asyncio.run(scenario())
    nodes = {viewer.nodes[-1] for viewer in viewers}
    owner = ada.nodes[-1]
    assert nodes == set(NODES), f"viewers reached {nodes}"
    relayed = [viewer for viewer in viewers if viewer.nodes[-1] != owner]
    assert relayed and len(relayed) < len(viewers)
    assert final[0] == [ada.member] and final[1]["editors"] == 1 and final[3] is None
    assert all(not viewer.problems for viewer in viewers)
    # One publish per message the owner's members were sent, whatever the number of viewers and nodes.
    assert set(heard) == {published}, (heard, published)


def test_a_copy_of_a_session_nobody_holds_is_taken_by_its_node_and_handed_on_to_its_editor(tmp_path):
    # Sessions kept as long as by default: nobody touches this one in Redis until it is taken.
    with running(tmp_path, f"--lease-ttl {LEASE_SECONDS} --log-level warning") as cluster:
        taken_over(cluster)


def taken_over(cluster):
    session, viewer_capability = cluster.create_session()
    hashed = hashed_node(cluster, session)
    elsewhere = next(node for node in NODES if node != hashed)
    assert lease_holder(cluster, session) is None

    async def scenario():
        viewer = Watcher(cluster.node_port(elsewhere), viewer_capability, "viewer")
        tasks = await joined([viewer])
        copied = cluster.health(elsewhere)["relayCopies"]
        # Nobody holds it at two checks a lease's time apart: the viewer's node takes it, and the viewer comes back.
        await until(lambda: lease_holder(cluster, session) == elsewhere, 4 * LEASE_SECONDS, "nobody took the session")
        await until(lambda: viewer.ready and len(viewer.snapshots) == 2, 10, "the viewer did not come back")
        taken = cluster.health(elsewhere)
        # Its editor comes through HAProxy: its node asks for the session, and the viewer follows it.
        editor = Typist(cluster.port, session, "firstName")
        tasks += await joined([editor])
        await typed(editor, 5)
        await until(lambda: viewer.ready and viewer.revision == editor.revision, 15, "the viewer did not follow")
        for client in (editor, viewer):
            await client.stop()
        await asyncio.gather(*tasks)
        return viewer, editor, copied, taken

    viewer, editor, copied, taken = asyncio.run(scenario())
    assert copied == 1
    assert (taken["relayCopies"], taken["sessions"]) == (0, 1), "held there now, not copied"
    assert [code for _, code in viewer.closes[:2]] == [4503, 4503], "once when taken, once when handed on"
    assert editor.nodes[-1] == hashed
    assert viewer.values == editor.values and not viewer.problems


def test_when_the_owner_dies_with_only_relayed_viewers_a_relays_node_takes_the_session(tmp_path):
    with running(tmp_path, f"--lease-ttl {LEASE_SECONDS} --log-level warning") as cluster:
        session, viewer_capability = cluster.create_session()

        async def scenario():
            editor = Typist(cluster.port, session, "firstName")
            tasks = await joined([editor])
            await typed(editor, 3)
            owner = editor.nodes[-1]
            relays = [node for node in NODES if node != owner]
            viewers = [Watcher(cluster.node_port(node), viewer_capability, "viewer") for node in relays for _ in range(2)]
            tasks += await joined(viewers)
            await editor.stop()
            cluster.signal(owner, signal.SIGKILL)
            # The lease lapses; nobody takes it over, so a relay's node does, at its second check.
            await until(lambda: lease_holder(cluster, session) in relays, 5 * LEASE_SECONDS, "no relay took the session")
            holder = lease_holder(cluster, session)
            await until(lambda: all(viewer.ready for viewer in viewers), 10, "a viewer did not come back")
            for viewer in viewers:
                await viewer.stop()
            await asyncio.gather(*tasks)
            return editor, viewers, holder

        editor, viewers, holder = asyncio.run(scenario())
        for viewer in viewers:
            assert viewer.revision == editor.revision and not viewer.problems
            moved = viewer.port == cluster.node_port(holder)
            reconnects = [code for _, code in viewer.closes if code == 4503]
            assert reconnects == ([4503] if moved else []), (holder, viewer.port, viewer.closes)
