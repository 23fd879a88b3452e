"""The audience rows of make bench-cluster (`--setups audience`, `--viewers N,...`): one session,
its presenter (an editor, which HAProxy sends to the process holding the session) and N viewers,
which HAProxy spreads over the three processes; each process that does not hold the session
follows it through Redis (docs/SCALING.md).

The presenter changes focus at a fixed rate; a delivery is one viewer receiving the update. Latency
runs from the presenter's send to each viewer's receipt (CLOCK_MONOTONIC, shared by the generator
processes); a delivery missing 3 s after the window counts as lost. Redis's part is counted by its
own statistics over the window: PUBLISH commands per update (one, whatever the number of viewers)
and the bytes it sent per update. Reuses the load generator's client (bench_cluster_clients.py), and
bench-cluster.py's setups and CPU accounting, handed in as `bench`."""

import asyncio
import http.client
import json
import multiprocessing
import os
import subprocess
import time
from pathlib import Path

from bench_cluster_clients import UPDATE, Client, Session, Worker


def redis_stats(port):
    """(PUBLISH calls, bytes sent to clients) so far."""
    text = subprocess.run(["redis-cli", "-p", str(port), "info", "all"], capture_output=True, text=True,
                          check=True).stdout
    publishes = sent = 0
    for line in text.splitlines():
        if line.startswith("cmdstat_publish:"):
            publishes = int(line.split("calls=")[1].split(",")[0])
        elif line.startswith("total_net_output_bytes:"):
            sent = int(line.split(":")[1])
    return publishes, sent


def worker_class(bench):
    class Viewer(Client):
        """A viewer: every update counts, whoever made it (only the presenter types)."""

        def message(self, payload):
            if payload.startswith(UPDATE) and self.joined:
                at = payload.find(b'"seq":')
                if at >= 0:
                    end = at + 6
                    while payload[end] in b"0123456789":
                        end += 1
                    self.worker.receipts.append((int(payload[at + 6:end]), time.monotonic()))
                return
            super().message(payload)

    class AudienceWorker(Worker):
        """One generator process: a share of the viewers, and in one of them the presenter."""

        def __init__(self, session, viewer, viewers, ports, presenter):
            super().__init__([session] if presenter else [], 1, ports)
            self.audience = Session(viewer)
            self.viewers = viewers
            self.receipts = []  # (seq, monotonic receipt time) of every update a viewer got

        async def connect_all(self):
            loop = asyncio.get_running_loop()
            gate = asyncio.Semaphore(64)
            self.pending_handshakes = gate

            async def one(factory, port):
                await gate.acquire()
                _, client = await loop.create_connection(factory, "127.0.0.1", port)
                return client

            tasks = []
            for session in self.sessions:
                tasks.append(asyncio.create_task(one(lambda: Client(self, session, 0, self.ports[0]), self.ports[0])))
            for number in range(self.viewers):
                port = self.ports[number % len(self.ports)]
                tasks.append(asyncio.create_task(one(lambda port=port: Viewer(self, self.audience, 1, port), port)))
            clients = await asyncio.gather(*tasks)
            for session in self.sessions:
                session.driver = clients[0]
            await self.wait_joined(clients, 900)

        async def run_window(self, rate, start, warmup, duration):
            if self.sessions:
                await self.open_loop(rate, start, warmup, duration)
            else:
                self.window = (start + warmup, start + warmup + duration)
                await asyncio.sleep(max(0, self.window[1] - time.monotonic()))

        def audience_result(self):
            sent = {seq: at for session in self.sessions for seq, at in session.sent.items()}
            return {"sent": sent, "receipts": self.receipts, "window": self.window, "closed": self.closed,
                    "failed": self.failed}

    return AudienceWorker


def worker_main(bench, session, viewer, viewers, ports, presenter, pipe):
    async def serve():
        worker = worker_class(bench)(session, viewer, viewers, ports, presenter)
        await worker.connect_all()
        pipe.send("joined")
        command = await asyncio.get_running_loop().run_in_executor(None, pipe.recv)
        _, start, warmup, duration, rate = command
        await worker.run_window(rate, start, warmup, duration)
        await asyncio.sleep(max(0, worker.window[1] + 3 - time.monotonic()))  # let late deliveries arrive
        pipe.send(worker.audience_result())
        await asyncio.get_running_loop().run_in_executor(None, pipe.recv)
        for client in worker.clients:
            client.transport.close()
    asyncio.run(serve())


def create_session(port):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    connection.request("POST", "/api/sessions")
    response = connection.getresponse()
    body = response.read()
    if response.status != 201:
        raise RuntimeError(f"POST /api/sessions answered {response.status}: {body[:200]}")
    created = json.loads(body)
    return created["id"], created["viewer"]


def node_connections(setup):
    """How many WebSockets each process holds (/healthz)."""
    counts = {}
    for index, port in enumerate(setup.node_ports):
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
        connection.request("GET", "/healthz")
        counts[f"node{index + 1}"] = json.loads(connection.getresponse().read())["connections"]
    return counts


def run(bench, folder, viewers, args):
    """One row: `viewers` viewers of one session, the presenter at `args.rate` (or 2) changes a second."""
    # A process sending thousands of snapshots at once answers /healthz late: with the cluster's
    # 1 s check timeout HAProxy marks it down and closes its viewers (2 cores shared with others).
    os.environ["CLUSTER_CHECK_TIMEOUT"] = os.environ.get("CLUSTER_CHECK_TIMEOUT", "5s")
    setup = bench.Cluster(Path(folder), viewers + 1)
    bench.note(f"== audience: 1 session, 1 presenter, {viewers} viewers over 3 processes")
    setup.start()
    workers = []
    try:
        session, viewer = create_session(setup.entry_ports[0])
        count = max(1, args.generators)
        for index in range(count):
            share = viewers // count + (1 if index < viewers % count else 0)
            ports = [setup.entry_ports[index % len(setup.entry_ports)]]
            parent, child = multiprocessing.Pipe()
            process = multiprocessing.Process(
                target=worker_main, args=(bench, session, viewer, share, ports, index == 0, child), daemon=True)
            process.start()
            workers.append((process, parent))
        joining = time.monotonic()
        for _, pipe in workers:
            if not pipe.poll(1000):
                raise RuntimeError("the viewers did not all join within 1,000 s")
            if (message := pipe.recv()) != "joined":
                raise RuntimeError(message)
        joined_in = time.monotonic() - joining
        # The presence messages that follow the joins, and the count of the viewers on the other
        # processes, which reaches the owner within two thirds of a lease (6 s by default).
        time.sleep(6)
        spread = node_connections(setup)
        rate = args.rate or 2
        bench.note(f"   joined in {joined_in:.0f} s: connections per process {spread}; presenter at {rate} changes/s")
        parts = setup.parts()
        generator = [process.pid for process, _ in workers]
        # Redis's statistics over everything the presenter sends (warm-up and window).
        before_redis = redis_stats(setup.script.redis_port)
        start = time.monotonic() + 0.5
        for _, pipe in workers:
            pipe.send(("open", start, args.warmup, args.duration, rate))
        time.sleep(max(0, start + args.warmup - time.monotonic()))
        before = {part: sum(bench.cpu_seconds(pid) for pid in group) for part, group in parts.items()}
        before_generator = sum(bench.cpu_seconds(pid) for pid in generator)
        before_machine = bench.machine_busy_seconds()
        time.sleep(args.duration)
        after = {part: sum(bench.cpu_seconds(pid) for pid in group) for part, group in parts.items()}
        after_generator = sum(bench.cpu_seconds(pid) for pid in generator)
        after_machine = bench.machine_busy_seconds()
        results = [pipe.recv() for _, pipe in workers]
        after_redis = redis_stats(setup.script.redis_port)
        bench.stop_workers(workers)
    finally:
        bench.end_workers(workers, setup)
    every_update = sum(len(result["sent"]) for result in results)
    window = results[0]["window"]
    sent = {seq: at for result in results for seq, at in result["sent"].items() if window[0] <= at < window[1]}
    latencies = sorted(at - sent[seq] for result in results for seq, at in result["receipts"] if seq in sent)
    delivered = sum(1 for result in results for _, at in result["receipts"] if window[0] <= at < window[1])
    updates = len(sent)
    duration = args.duration
    cpu = {part: (after[part] - before[part]) / duration for part in parts}
    generator_cpu = (after_generator - before_generator) / duration
    other = (after_machine - before_machine) / duration - sum(cpu.values()) - generator_cpu
    publishes = after_redis[0] - before_redis[0]
    per_second = max(1, delivered / duration)

    def at(fraction):
        return latencies[min(len(latencies) - 1, int(fraction * len(latencies)))] * 1000 if latencies else float("nan")

    return {
        "setup": "cluster: audience", "sessions": 1, "clients": viewers, "loop": "open", "rate": f"{rate}/s",
        "intents/s": updates / duration, "deliveries/s": delivered / duration,
        "lost": max(0, updates * viewers - len(latencies)), "expected": updates * viewers,
        "p50 ms": at(0.5), "p99 ms": at(0.99), "max ms": at(1.0),
        "cpu": {part: round(value * 100) for part, value in cpu.items()},
        "cpu µs per delivery": {part: round(value * 1e6 / per_second, 1) for part, value in cpu.items()},
        "redis publishes per update": round(publishes / max(1, every_update), 2),
        "redis bytes out per update": round((after_redis[1] - before_redis[1]) / max(1, every_update)),
        "connections per process": spread,
        "generator cpu": round(generator_cpu * 100), "other cpu": round(max(0.0, other) * 100),
        "closed": sum(result["closed"] for result in results),
    }
