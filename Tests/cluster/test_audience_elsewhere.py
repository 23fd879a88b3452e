"""What a session's holder knows of its viewers on other nodes (docs/SCALING.md, "One session's
audience over every node"): each relay tells it through Redis, every third of a lease, how many
it serves, so every client's `count.viewers` is the whole audience, and a session watched only
elsewhere outlives its idle time; the end of a session still closes relay viewers with 4404; and
relay viewers that stay connected while Redis is away catch up on what the holder did meanwhile
once it is back, with nothing more published to show them a gap."""

import asyncio
import time

import pytest
import websockets

from cluster_redis import redis_cli, session_key
from harness import SUBPROTOCOL, joined, running, settle, until
from watcher import Watcher

VIEWERS = 9
LEASE_SECONDS = 3
SESSION_TTL = 2
NODES = ("node1", "node2", "node3")


@pytest.fixture(scope="module")
def cluster(tmp_path_factory):
    folder = tmp_path_factory.mktemp("audience-elsewhere")
    with running(folder, f"--lease-ttl {LEASE_SECONDS} --session-ttl {SESSION_TTL} --log-level warning") as cluster:
        yield cluster


def audience_reports(cluster, session):
    """The session's audience hash: viewers each relay node last reported."""
    lines = redis_cli(cluster, "HGETALL", session_key(session, "audience")).splitlines()
    return {node: int(report.split()[0]) for node, report in zip(lines[::2], lines[1::2])}


async def reports_from(cluster, session, node, count, timeout=10):
    """Waits for `count` more reports of `node` to the session's audience hash (each has a new
    deadline, so its entry changes)."""
    def entry():
        return redis_cli(cluster, "HGET", session_key(session, "audience"), node)

    deadline = time.monotonic() + timeout
    last, changes = entry(), 0
    while changes < count:
        assert time.monotonic() < deadline, f"{node} did not report {count} times in {timeout} s"
        await asyncio.sleep(0.05)
        now = entry()
        if now != last:
            last, changes = now, changes + 1


def test_every_client_counts_the_viewers_of_every_node(cluster):
    session, viewer_capability = cluster.create_session()

    async def scenario():
        editor = Watcher(cluster.port, session, "firstName")
        tasks = await joined([editor])
        owner = editor.nodes[-1]
        viewers = [Watcher(cluster.port, viewer_capability, "viewer") for _ in range(VIEWERS)]
        tasks += await joined(viewers)
        everyone = [editor, *viewers]
        await until(lambda: all(client.count == {"editors": 1, "viewers": VIEWERS} for client in everyone), 15,
                    "a client does not count every viewer")
        reports = audience_reports(cluster, session)
        # Three relay viewers leave: everyone left counts them gone.
        leaving = [viewer for viewer in viewers if viewer.nodes[-1] != owner][:3]
        for viewer in leaving:
            await viewer.stop()
        staying = [client for client in everyone if client not in leaving]
        await until(lambda: all(client.count == {"editors": 1, "viewers": VIEWERS - 3} for client in staying), 15,
                    "a client still counts the viewers who left")
        for client in staying:
            await client.stop()
        await asyncio.gather(*tasks)
        return owner, viewers, reports

    owner, viewers, reports = asyncio.run(scenario())
    relayed = {node: sum(viewer.nodes[-1] == node for viewer in viewers) for node in NODES if node != owner}
    assert set(relayed.values()) != {0}, f"no viewer reached a relay: {relayed}"
    # One entry per relay node, whatever the number of its viewers.
    assert reports == {node: count for node, count in relayed.items() if count}, reports


def test_a_relay_counts_who_joined_and_shows_a_joining_viewer_the_whole_count(cluster):
    """A connection to a relay that has not said hello is nobody the holder counts; a viewer
    joining a relay gets, in its first snapshot, the whole count the relay last heard from the
    holder, not the relay's own."""
    session, viewer_capability = cluster.create_session()

    async def scenario():
        editor = Watcher(cluster.port, session, "firstName")
        tasks = await joined([editor])
        owner = editor.nodes[-1]
        relay, other = [node for node in NODES if node != owner]
        viewers = [Watcher(cluster.node_port(relay), viewer_capability, "viewer") for _ in range(3)]
        viewers += [Watcher(cluster.node_port(other), viewer_capability, "viewer") for _ in range(2)]
        tasks += await joined(viewers)
        whole = {"editors": 1, "viewers": 5}
        await until(lambda: all(client.count == whole for client in [editor, *viewers]), 15,
                    "a client does not count every viewer")
        url = f"ws://127.0.0.1:{cluster.node_port(relay)}/ws?session={viewer_capability}"
        async with websockets.connect(url, subprotocols=[SUBPROTOCOL], ping_interval=None, open_timeout=15):
            # Two of the relay's reports after the connection opened (the first may have been on
            # its way already), well within its hello deadline (10 s).
            await reports_from(cluster, session, relay, 2)
            reported = audience_reports(cluster, session)[relay]
            # A viewer joining the relay: its snapshot counts as the relay's viewers show now.
            heard = viewers[0].count
            joining = Watcher(cluster.node_port(relay), viewer_capability, "viewer")
            tasks += await joined([joining])
        for client in [editor, *viewers, joining]:
            await client.stop()
        await asyncio.gather(*tasks)
        return reported, heard, joining

    reported, heard, joining = asyncio.run(scenario())
    assert reported == 3, f"the relay counted {reported} for 3 viewers joined and one connection that said no hello"
    assert heard == {"editors": 1, "viewers": 5}, heard
    assert joining.snapshot_counts[0] == heard, f"the relay's own count {joining.snapshot_counts[0]}, not the whole one"


def test_a_session_watched_only_elsewhere_outlives_its_idle_time_until_it_ends(cluster):
    session, viewer_capability = cluster.create_session()

    async def scenario():
        editor = Watcher(cluster.port, session, "firstName")
        tasks = await joined([editor])
        owner = editor.nodes[-1]
        relays = [node for node in NODES if node != owner]
        # Straight to the nodes that do not hold it: the owner has nobody left once the editor goes.
        viewers = [Watcher(cluster.node_port(node), viewer_capability, "viewer") for node in relays for _ in range(2)]
        tasks += await joined(viewers)
        await until(lambda: editor.count == {"editors": 1, "viewers": 4}, 15, "the owner does not count the relays' viewers")
        copies = {node: cluster.health(node)["relayCopies"] for node in NODES}
        await editor.stop()
        await asyncio.sleep(3 * SESSION_TTL)
        watched = cluster.session(viewer_capability)[0], [len(viewer.closes) for viewer in viewers]
        # The end of a session, as its deletion announces it, closes the relay viewers as it
        # would a viewer connecting then; their copies go, and the session expires.
        redis_cli(cluster, "PUBLISH", session_key(session, "updates"), "end")
        await until(lambda: all(viewer.closes and viewer.closes[0][1] == 4404 for viewer in viewers), 20,
                    "a relay viewer was not closed with 4404")
        ended_at = time.monotonic()
        await until(lambda: cluster.session(viewer_capability)[0] == 404, 5 * LEASE_SECONDS, "the session did not expire")
        expired_after = time.monotonic() - ended_at
        for viewer in viewers:
            await viewer.stop()
        await asyncio.gather(*tasks)
        return owner, viewers, copies, watched, expired_after

    owner, viewers, copies, watched, expired_after = asyncio.run(scenario())
    assert copies[owner] == 0 and all(copies[node] == 1 for node in NODES if node != owner), copies
    assert watched == (200, [0] * len(viewers)), f"after {3 * SESSION_TTL} s watched only elsewhere: {watched}"
    for viewer in viewers:
        assert viewer.errors[0] == "unknown_session", viewer.errors
    assert all(cluster.health(node)["relayCopies"] == 0 for node in NODES)
    print(f"\nwatched only elsewhere for {3 * SESSION_TTL} s past an idle time of {SESSION_TTL} s; "
          f"expired {expired_after:.1f} s after its last viewers went")


def test_relay_viewers_that_stay_connected_while_redis_is_away_catch_up_once_it_is_back(tmp_path):
    # The default 6 s leases: an outage under 3 s costs the holder no session.
    with running(tmp_path, "--log-level warning") as cluster:
        session, viewer_capability = cluster.create_session()

        async def scenario():
            editor = Watcher(cluster.port, session, "firstName")
            tasks = await joined([editor])
            owner = editor.nodes[-1]
            viewers = [Watcher(cluster.node_port(node), viewer_capability, "viewer")
                       for node in NODES if node != owner for _ in range(2)]
            tasks += await joined(viewers)
            for _ in range(5):
                await editor.type()
            await settle([editor, *viewers], timeout=30)
            redis_cli(cluster, "shutdown")
            await until(lambda: all(cluster.health(node)["status"] == "degraded" for node in NODES), 5,
                        "a node does not say degraded")
            # Answered from memory while Redis is away; nothing reaches the relays: ten changes,
            # and a second editor.
            for _ in range(10):
                await editor.type()
            await settle([editor], timeout=10)
            second = Watcher(cluster.port, session, "lastName")
            tasks += await joined([second])
            await until(lambda: editor.count["editors"] == 2, 5, "the second editor is not counted")
            before = [(viewer.revision, viewer.count["editors"]) for viewer in viewers]
            cluster.run("redis-start")
            back_at = time.monotonic()
            # Nothing more is typed: no later change shows the relays a gap.
            await until(lambda: all(viewer.revision == editor.revision and viewer.view[:2] == editor.view[:2]
                                    for viewer in viewers), 20, "a relay viewer did not catch up")
            caught_up_after = time.monotonic() - back_at
            for client in [editor, second, *viewers]:
                await client.stop()
            await asyncio.gather(*tasks)
            return editor, viewers, before, caught_up_after

        editor, viewers, before, caught_up_after = asyncio.run(scenario())
        assert editor.revision == 15 and set(before) == {(5, 1)}, (editor.revision, before)
        assert editor.view[1]["editors"] == 2
        for viewer in viewers:
            assert len(viewer.closes) == 1, "stayed connected: the test's own close only"
            assert not viewer.problems, viewer.problems[:3]
            assert viewer.values == editor.values
        print(f"\nrelay viewers caught up (changes and presence) {caught_up_after:.2f} s after Redis was started again; "
              f"snapshots per viewer {[len(viewer.snapshots) for viewer in viewers]}")
