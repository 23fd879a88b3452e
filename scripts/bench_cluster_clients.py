"""The load generator of make bench-cluster (scripts/bench-cluster.py): sessions, WebSocket
clients over asyncio (the handshake, frames, pings answered, updates read for who sent them and
when), and the worker process that drives many of them in open or closed loops."""

import asyncio
import json
import os
import re
import time

SUBPROTOCOL = "focus-sync.v3"

# MARK: The load generator


UPDATE = b'{"type":"update","revision":'
MEMBER = re.compile(rb'"you":\{"member":"([^"]+)"')


class Session:
    def __init__(self, sid):
        self.sid = sid
        self.driver = None
        self.driver_member = None
        self.sent = {}  # seq -> monotonic send time
        self.seq = 0
        self.closed_loop = False


class Client(asyncio.Protocol):
    """One WebSocket client: handshake, frames (unmasked from the server; sent with an all-zero
    mask, which RFC 6455 allows), pings answered, and the update prefix read for (by, seq)."""

    def __init__(self, worker, session, index, port):
        self.worker = worker
        self.session = session
        self.index = index
        self.port = port
        self.buffer = bytearray()
        self.open = False
        self.joined = False
        self.member = None
        self.transport = None
        self.fragments = None
        self.counted = False  # whether its handshake left the worker's gate

    def connection_made(self, transport):
        self.transport = transport
        key = "dGhlIHNhbXBsZSBub25jZQ=="
        transport.write((
            f"GET /ws?session={self.session.sid} HTTP/1.1\r\nHost: 127.0.0.1:{self.port}\r\nUpgrade: websocket\r\n"
            f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n"
            f"Sec-WebSocket-Protocol: {SUBPROTOCOL}\r\n\r\n").encode())

    def connection_lost(self, error):
        if self.joined:
            self.worker.closed += 1
        self.joined = False
        self.worker.handshake_done(self)

    def send(self, text):
        payload = text.encode()
        length = len(payload)
        if length < 126:
            header = bytes((0x81, 0x80 | length))
        else:
            header = bytes((0x81, 0x80 | 126)) + length.to_bytes(2, "big")
        self.transport.write(header + b"\0\0\0\0" + payload)

    def data_received(self, data):
        buffer = self.buffer
        buffer += data
        if not self.open:
            end = buffer.find(b"\r\n\r\n")
            if end < 0:
                return
            if b" 101 " not in buffer[:end]:
                self.worker.failed += 1
                self.transport.close()
                return
            del buffer[:end + 4]
            self.open = True
            self.send(json.dumps({"type": "hello", "clientId": f"bench-{os.getpid()}-{id(self):x}"}))
        position = 0
        size = len(buffer)
        while size - position >= 2:
            first, second = buffer[position], buffer[position + 1]
            length = second & 0x7F
            start = position + 2
            if length == 126:
                if size - start < 2:
                    break
                length = int.from_bytes(buffer[start:start + 2], "big")
                start += 2
            elif length == 127:
                if size - start < 8:
                    break
                length = int.from_bytes(buffer[start:start + 8], "big")
                start += 8
            if size - start < length:
                break
            payload = bytes(buffer[start:start + length])
            position = start + length
            opcode = first & 0x0F
            if opcode == 0x9:
                self.transport.write(bytes((0x8A, 0x80 | len(payload))) + b"\0\0\0\0" + payload)
            elif opcode == 0x8:
                self.transport.close()
            elif opcode in (0x1, 0x0):
                if not first & 0x80:
                    self.fragments = (self.fragments or b"") + payload
                    continue
                if self.fragments is not None:
                    payload, self.fragments = self.fragments + payload, None
                self.message(payload)
        del buffer[:position]

    def message(self, payload):
        if payload.startswith(UPDATE):
            session = self.session
            by = payload.find(b',"by":"')
            if by < 0 or not payload.startswith(session.driver_member or b"-", by + 7):
                return
            at = payload.find(b'"seq":', by)
            end = at + 6
            while payload[end] in b"0123456789":
                end += 1
            seq = int(payload[at + 6:end])
            self.worker.delivered(session, seq)
            if session.closed_loop and self is session.driver and seq == session.seq:
                self.worker.send_next(session)
        elif not self.joined and b'"type":"snapshot"' in payload[:40]:
            self.joined = True
            found = MEMBER.search(payload)
            self.member = found[1] if found else None
            if self.index == 0:
                self.session.driver_member = self.member + b'"'
            self.worker.handshake_done(self)


class Worker:
    """One generator process: the clients of its share of the sessions."""

    def __init__(self, sessions, clients, ports):
        self.sessions = [Session(sid) for sid in sessions]
        self.clients_per_session = clients
        self.ports = ports
        self.pending_handshakes = None
        self.failed = 0
        self.closed = 0
        self.window = None  # (start, end) monotonic
        self.latencies = []
        self.in_window = {}  # (session index, seq) -> deliveries expected
        self.deliveries_in_window = 0
        self.intents_in_window = 0

    def handshake_done(self, client):
        """A handshake under way ended (joined, refused or dropped): another may start."""
        if self.pending_handshakes is not None and not client.counted:
            client.counted = True
            self.pending_handshakes.release()

    def delivered(self, session, seq):
        """Counts a delivery received in the window; keeps the latency of one sent in it."""
        sent = session.sent.get(seq)
        if sent is None or not self.window:
            return
        now = time.monotonic()
        if self.window[0] <= now < self.window[1]:
            self.deliveries_in_window += 1
        if self.window[0] <= sent < self.window[1]:
            self.latencies.append(now - sent)

    def send_next(self, session):
        session.seq += 1
        now = time.monotonic()
        session.sent[session.seq] = now
        if self.window and self.window[0] <= now < self.window[1]:
            self.intents_in_window += 1
        key = "firstName" if session.seq % 2 else "lastName"
        session.driver.send(json.dumps({"type": "intent", "seq": session.seq, "screen": "ProfileForm", "action": "focus",
                                        "key": key}, separators=(",", ":")))

    async def connect_all(self):
        loop = asyncio.get_running_loop()
        gate = asyncio.Semaphore(64)
        self.pending_handshakes = gate

        async def one(session, index, port):
            await gate.acquire()
            _, client = await loop.create_connection(lambda: Client(self, session, index, port), "127.0.0.1", port)
            return client

        tasks = []
        for number, session in enumerate(self.sessions):
            port = self.ports[number % len(self.ports)]
            for index in range(self.clients_per_session):
                tasks.append(asyncio.create_task(one(session, index, port)))
        clients = await asyncio.gather(*tasks)
        for client in clients:
            if client.index == 0:
                client.session.driver = client
        await self.wait_joined(clients, 120)

    async def wait_joined(self, clients, seconds):
        """Waits until every one of `clients` has joined its session (at most `seconds`), then keeps them."""
        deadline = time.monotonic() + seconds
        while not all(client.joined for client in clients):
            if time.monotonic() > deadline:
                raise RuntimeError(f"{sum(not c.joined for c in clients)} clients never joined")
            await asyncio.sleep(0.05)
        self.pending_handshakes = None
        self.clients = clients

    async def open_loop(self, rate, start, warmup, duration):
        """Each driver sends `rate` intents a second, the drivers spread evenly over the interval."""
        interval = 1 / rate
        count = len(self.sessions)
        end = start + warmup + duration
        self.window = (start + warmup, end)
        slot = 0
        while True:
            due = start + (slot // count) * interval + (slot % count) * interval / count
            if due >= end:
                break
            wait = due - time.monotonic()
            if wait > 0:
                await asyncio.sleep(wait)
            self.send_next(self.sessions[slot % count])
            slot += 1

    async def closed_loop(self, start, warmup, duration):
        await asyncio.sleep(max(0, start - time.monotonic()))
        self.window = (start + warmup, start + warmup + duration)
        for session in self.sessions:
            session.closed_loop = True
            self.send_next(session)
        await asyncio.sleep(max(0, self.window[1] - time.monotonic()))
        for session in self.sessions:
            session.closed_loop = False

    def result(self):
        return {"latencies": self.latencies, "intents": self.intents_in_window,
                "deliveries": self.deliveries_in_window, "closed": self.closed, "failed": self.failed}

    def reset(self):
        self.latencies = []
        self.deliveries_in_window = 0
        self.intents_in_window = 0
        self.window = None


def worker_main(sessions, clients, ports, pipe):
    """A generator process: connects, then runs each window the parent asks for."""
    async def serve():
        worker = Worker(sessions, clients, ports)
        await worker.connect_all()
        pipe.send("joined")
        while True:
            command = await asyncio.get_running_loop().run_in_executor(None, pipe.recv)
            if command[0] == "stop":
                break
            kind, start, warmup, duration, rate = command
            worker.reset()
            if kind == "open":
                await worker.open_loop(rate, start, warmup, duration)
            else:
                await worker.closed_loop(start, warmup, duration)
            await asyncio.sleep(max(0, worker.window[1] + 3 - time.monotonic()))  # let late deliveries arrive
            pipe.send(worker.result())
        for client in worker.clients:
            client.transport.close()
    asyncio.run(serve())
