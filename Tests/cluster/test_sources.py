"""A session running its own SwiftUI source is as durable in Redis as any: when its node is
killed, the node that takes it over runs the same source, with the values and the focus every
client saw acknowledged."""

import asyncio
import http.client
import json
import secrets
import signal
import time

import pytest
import websockets

from harness import REPO, SUBPROTOCOL, running

SESSIONS = 6
LEASE_SECONDS = 3
LOGIN = (REPO / "Public" / "examples" / "login.swift").read_text()


@pytest.fixture
def cluster(tmp_path):
    with running(tmp_path, f"--lease-ttl {LEASE_SECONDS} --log-level warning") as cluster:
        yield cluster


def key_of(title, view):
    """The key of the control titled `title` in a drawn view, searched depth first."""
    for child in view.get("content", []):
        if child.get("title") == title and "key" in child:
            return child["key"]
        found = key_of(title, child)
        if found:
            return found
    return None


async def sign_in(port, session, name):
    """Taps Username, types `name` and presses Return, each answered before the next; returns
    the last acknowledged revision."""
    url = f"ws://127.0.0.1:{port}/ws?session={session}"
    async with websockets.connect(url, subprotocols=[SUBPROTOCOL], ping_interval=None, open_timeout=15) as socket:
        await socket.send(json.dumps({"type": "hello", "clientId": "tab-" + secrets.token_hex(10)}))
        snapshot = json.loads(await socket.recv())
        assert snapshot["type"] == "snapshot", snapshot
        member = snapshot["you"]["member"]
        username = key_of("Username", snapshot["state"]["program"]["drawn"])
        intents = [
            {"action": "tap", "key": username},
            {"action": "edit", "key": username, "value": name},
            {"action": "submit"},
        ]
        revision = snapshot["revision"]
        for seq, intent in enumerate(intents, start=1):
            await socket.send(json.dumps({"type": "intent", "seq": seq, "screen": "LoginForm", **intent}))
            while True:
                message = json.loads(await asyncio.wait_for(socket.recv(), 10))
                assert message["type"] != "error", message
                if message["type"] == "update" and message["by"] == member and message.get("seq") == seq:
                    revision = message["revision"]
                    break
        return revision


def test_a_source_session_moves_with_its_source_values_and_focus_when_its_node_dies(cluster):
    sessions = [cluster.create_session(LOGIN)[0] for _ in range(SESSIONS)]
    revisions = {sid: asyncio.run(sign_in(cluster.port, sid, f"ada{n}")) for n, sid in enumerate(sessions)}
    owner = {sid: cluster.session(sid)[1]["node"] for sid in sessions}
    victim = owner[sessions[0]]
    moved = [sid for sid in sessions if owner[sid] == victim]
    before = {sid: cluster.session(sid)[1] for sid in moved}

    cluster.signal(victim, signal.SIGKILL)
    killed_at = time.monotonic()
    for sid in moved:
        while True:
            # Until the lease lapses HAProxy may answer for the dead node, not in JSON.
            try:
                status, _, raw = cluster.request("GET", f"/api/sessions/{sid}")
            except (http.client.HTTPException, OSError) as error:
                status, raw = None, repr(error).encode()
            body = json.loads(raw) if status == 200 else None
            if body is not None and body["node"] != victim:
                break
            assert time.monotonic() < killed_at + 30, f"{sid[:6]} not taken over: {status} {raw[:200]}"
            time.sleep(0.2)
        program = body["state"]["program"]
        assert body["revision"] == revisions[sid]
        assert program["source"] == LOGIN
        assert program["runs"] is True
        assert body["state"]["program"] == before[sid]["state"]["program"], "same drawn screen, values and focus"
        drawn = program["drawn"]
        fields = [view for view in drawn["content"][0]["content"] if view.get("kind") in ("textField", "secureField")]
        assert fields[0]["value"] == f"ada{sessions.index(sid)}"
        assert drawn["focused"] == fields[1]["key"], "Return moved focus to Password, and it stayed there"
    print(f"\nkill -9 {victim}: {len(moved)} of {SESSIONS} source sessions moved with their source, values and focus")
