#!/usr/bin/env python3
"""make bench-cluster: deliveries per second, latency and the CPU of every part, for one FocusSync
process and for the cluster (three processes, HAProxy, Redis), at S sessions x C clients.

For each setup and size it starts the servers (release build), makes the sessions, connects
every client (protocol v2, through HAProxy for the cluster), then measures two windows on the same
connections:

- open loop: the first client of each session (its driver) sends focus intents at a fixed rate,
  spread evenly; every client, the driver included, receives each update;
- closed loop: each driver sends its next intent when the update for its last one arrives, which
  finds the most the setup can take.

A delivery is one client receiving the update for one intent; deliveries/s counts those received
during the window. Latency runs from the driver's send to each receipt, for the intents sent during
the window (one monotonic clock: a session's clients live in one generator process); their
deliveries still missing 3 s after the window count as lost. CPU is each process's user + system
time over the window (/proc/PID/stat), as a share of one core; "other" is what the rest of the
machine used meanwhile (/proc/stat), which on a shared machine says how far to trust a row.

The load generator is this file: a minimal WebSocket client on asyncio (no parsing beyond the
update's prefix), in several processes so that it is not one core's bottleneck. The audience rows
(scripts/bench_audience.py) use focus-bench instead: 10,000 viewers on asyncio took a third of a
core, about what the three focus-sync processes took, on the cores they need (docs/PERFORMANCE.md).
The cluster is started as the cluster tests start it (Tests/cluster/harness.py), so this runs in
.venv. Every process it starts it stops by PID (the cluster with scripts/cluster.sh stop)."""

import argparse
import http.client
import json
import multiprocessing
import os
import re
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "Tests" / "cluster"))
from harness import SCRIPT, Cluster as ClusterScript, free_ports  # noqa: E402 (the cluster tests' harness)
from bench_cluster_clients import worker_main  # noqa: E402

SERVER = REPO / ".build" / "release" / "focus-sync"  # --server changes it
SERVER_ARGS = ["--log-level", "warning", "--max-sessions", "100000", "--max-clients-per-session", "100000",
               "--rate-limit", "1000000"]
# More connections than this go through a second HAProxy: each proxied connection takes two
# descriptors and the hard limit here is 20,000 per process.
CONNECTIONS_PER_HAPROXY = 9000
TICKS = os.sysconf("SC_CLK_TCK")


def note(text):
    print(text, file=sys.stderr, flush=True)


def cpu_seconds(pid):
    """User + system CPU seconds of process `pid` so far."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICKS


def machine_busy_seconds():
    """CPU seconds every core spent busy so far (/proc/stat)."""
    values = [int(v) for v in Path("/proc/stat").read_text().splitlines()[0].split()[1:]]
    idle = values[3] + values[4]
    return (sum(values[:8]) - idle) / TICKS


def wait_until(check, seconds, what):
    deadline = time.monotonic() + seconds
    while not check():
        if time.monotonic() > deadline:
            raise RuntimeError(f"{what} after {seconds} s")
        time.sleep(0.05)


def answers(port):
    try:
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
        connection.request("GET", "/healthz")
        return connection.getresponse().status == 200
    except OSError:
        return False


# MARK: Setups


class Single:
    """One focus-sync process: SQLite (the default), or with its own Redis."""

    def __init__(self, folder, redis):
        self.folder = Path(folder)
        self.redis = redis
        self.processes = {}

    @property
    def name(self):
        return "1 process + Redis" if self.redis else "1 process (SQLite)"

    def start(self):
        port, redis_port = free_ports(2)
        options = [str(SERVER), "--port", str(port), *SERVER_ARGS]
        if self.redis:
            self.processes["redis"] = subprocess.Popen(
                ["redis-server", "--port", str(redis_port), "--bind", "127.0.0.1", "--dir", str(self.folder),
                 "--appendonly", "yes", "--appendfsync", "everysec", "--save", "", "--logfile", ""],
                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            wait_until(lambda: subprocess.run(["redis-cli", "-p", str(redis_port), "ping"], capture_output=True,
                                              text=True).stdout.strip() == "PONG", 10, "Redis does not answer")
            options += ["--redis", f"redis://127.0.0.1:{redis_port}", "--node-id", "solo"]
        else:
            options += ["--data-dir", str(self.folder / "data")]
        self.processes["focus-sync"] = subprocess.Popen(options, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        wait_until(lambda: answers(port), 15, "focus-sync does not answer")
        self.entry_ports = [port]
        self.node_ports = [port]

    def parts(self):
        return {name: [process.pid] for name, process in self.processes.items()}

    def stop(self):
        for name in ("focus-sync", "redis"):
            process = self.processes.get(name)
            if process:
                process.send_signal(signal.SIGTERM)
                try:
                    process.wait(timeout=10)
                except subprocess.TimeoutExpired:
                    process.kill()
                    process.wait()


class Cluster:
    """scripts/cluster.sh, as the cluster tests start it: Redis, three focus-sync processes,
    HAProxy (and a second HAProxy on the same configuration when the clients need it)."""

    name = "cluster: 3 processes + HAProxy + Redis"

    def __init__(self, folder, connections):
        self.script = ClusterScript(Path(folder) / "cluster", node_args=" ".join(SERVER_ARGS), server=str(SERVER))
        self.connections = connections
        self.extra = []

    def start(self):
        self.script.start()
        self.entry_ports = [self.script.port]
        self.node_ports = self.script.node_ports
        for index in range(1, (self.connections - 1) // CONNECTIONS_PER_HAPROXY + 1):
            extra_port = free_ports(1)[0]
            config = subprocess.run([str(SCRIPT), "haproxy-config", *self.script.flags], env=self.script.env,
                                    capture_output=True, text=True, check=True).stdout
            config = config.replace(f"bind 127.0.0.1:{self.script.port}", f"bind 127.0.0.1:{extra_port}")
            config = re.sub(r"stats socket \S+", f"stats socket {self.script.state}/haproxy{index + 1}.sock", config)
            path = self.script.state / f"haproxy{index + 1}.cfg"
            path.write_text(config)
            self.extra.append(subprocess.Popen(["haproxy", "-db", "-f", str(path)], stdout=subprocess.DEVNULL,
                                               stderr=subprocess.DEVNULL))
            wait_until(lambda: answers(extra_port), 10, "the second HAProxy does not answer")
            self.entry_ports.append(extra_port)

    def parts(self):
        parts = {}
        for name, pid in self.script.recorded().items():
            parts.setdefault("focus-sync x3" if name.startswith("node") else name, []).append(pid)
        parts["haproxy"] = parts.get("haproxy", []) + [process.pid for process in self.extra]
        return parts

    def stop(self):
        for process in self.extra:
            process.terminate()
            process.wait()
        self.script.stop()


# MARK: Making sessions


def create_sessions(ports, count):
    """Makes `count` sessions with POST /api/sessions, from several loopback addresses in turn (a
    server lets one address make 200 at once, then 5 a second) and on every port in turn (any
    process of a cluster may make a session: it is stored in Redis, and taken by the process its
    clients reach)."""
    sessions = []
    for index in range(count):
        port = ports[index % len(ports)]
        source = f"127.0.0.{2 + index // (150 * len(ports))}"
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30, source_address=(source, 0))
        connection.request("POST", "/api/sessions")
        response = connection.getresponse()
        body = response.read()
        if response.status != 201:
            raise RuntimeError(f"POST /api/sessions answered {response.status}: {body[:200]}")
        sessions.append(json.loads(body)["id"])
        connection.close()
    return sessions


# MARK: Measuring


def measure(setup, size, workers, kind, rate, warmup, duration):
    sessions, clients = size
    parts = setup.parts()
    pids = {part: pids for part, pids in parts.items()}
    generator = [process.pid for process, _ in workers]
    start = time.monotonic() + 0.5
    for _, pipe in workers:
        pipe.send((kind, start, warmup, duration, rate))
    time.sleep(max(0, start + warmup - time.monotonic()))
    before = {part: sum(cpu_seconds(pid) for pid in group) for part, group in pids.items()}
    before_generator = sum(cpu_seconds(pid) for pid in generator)
    before_machine = machine_busy_seconds()
    time.sleep(duration)
    after = {part: sum(cpu_seconds(pid) for pid in group) for part, group in pids.items()}
    after_generator = sum(cpu_seconds(pid) for pid in generator)
    after_machine = machine_busy_seconds()
    results = [pipe.recv() for _, pipe in workers]
    latencies = sorted(latency for result in results for latency in result["latencies"])
    intents = sum(result["intents"] for result in results)
    delivered = sum(result["deliveries"] for result in results)
    expected = intents * clients
    cpu = {part: (after[part] - before[part]) / duration for part in pids}
    generator_cpu = (after_generator - before_generator) / duration
    other = (after_machine - before_machine) / duration - sum(cpu.values()) - generator_cpu

    def at(fraction):
        return latencies[min(len(latencies) - 1, int(fraction * len(latencies)))] * 1000 if latencies else float("nan")

    return {
        "setup": setup.name, "sessions": sessions, "clients": clients, "loop": kind,
        "rate": f"{rate}/s" if kind == "open" else "closed",
        "intents/s": intents / duration, "deliveries/s": delivered / duration,
        "lost": max(0, expected - len(latencies)), "expected": expected,
        "p50 ms": at(0.5), "p99 ms": at(0.99),
        "cpu": {part: round(value * 100) for part, value in cpu.items()},
        # CPU per delivery: what the 16-core estimate in docs/SCALING.md is built from.
        "cpu µs per delivery": {part: round(value * 1e6 / max(1, delivered / duration), 1) for part, value in cpu.items()},
        "redis cpu µs per intent": round(cpu["redis"] * 1e6 / max(1, intents / duration), 1) if "redis" in cpu else None,
        "generator cpu": round(generator_cpu * 100), "other cpu": round(max(0.0, other) * 100),
        "closed": sum(result["closed"] for result in results),
    }


def run(setup, size, args):
    sessions, clients = size
    note(f"== {setup.name}, {sessions} sessions x {clients} clients")
    setup.start()
    workers = []
    try:
        ids = create_sessions(setup.node_ports, sessions)
        note(f"   {sessions} sessions made; connecting {sessions * clients} clients")
        count = max(1, min(args.generators, sessions))
        for index in range(count):
            share = ids[index::count]
            ports = [setup.entry_ports[index % len(setup.entry_ports)]]
            parent, child = multiprocessing.Pipe()
            process = multiprocessing.Process(target=worker_main, args=(share, clients, ports, child), daemon=True)
            process.start()
            workers.append((process, parent))
        for _, pipe in workers:
            if not pipe.poll(180):
                raise RuntimeError("the clients did not all join within 180 s")
            if (message := pipe.recv()) != "joined":
                raise RuntimeError(message)
        time.sleep(1)  # the presence messages that follow the joins
        rows = []
        rate = args.rate if args.rate else max(1, round(args.deliveries / (sessions * clients)))
        note(f"   open loop, {rate} intents/s per session")
        rows.append(measure(setup, size, workers, "open", rate, args.warmup, args.duration))
        note("   closed loop")
        rows.append(measure(setup, size, workers, "closed", 0, args.warmup, args.duration))
        stop_workers(workers)
        return rows
    finally:
        end_workers(workers, setup)


def stop_workers(workers):
    """Asks every worker process to stop, and waits up to 10 s for each."""
    for _, pipe in workers:
        pipe.send(("stop",))
    for process, _ in workers:
        process.join(10)


def end_workers(workers, setup):
    """Kills the workers that did not stop, then stops the setup's processes."""
    for process, _ in workers:
        if process.is_alive():
            process.kill()
            process.join()
    setup.stop()


def table(rows):
    columns = ["setup", "sessions x clients", "loop", "intents/s", "deliveries/s", "lost", "p50 ms", "p99 ms",
               "CPU (% of a core)", "CPU µs per delivery", "gen CPU", "other"]
    lines = []
    for row in rows:
        lines.append([
            row["setup"], f"{row['sessions']} x {row['clients']}", row["rate"], f"{row['intents/s']:,.0f}",
            f"{row['deliveries/s']:,.0f}", f"{row['lost']}", f"{row['p50 ms']:.1f}", f"{row['p99 ms']:.1f}",
            ", ".join(f"{part} {value}%" for part, value in row["cpu"].items()),
            ", ".join(f"{part} {value}" for part, value in row["cpu µs per delivery"].items()), f"{row['generator cpu']}%",
            f"{row['other cpu']}%"])
    widths = [max(len(str(cell)) for cell in column) for column in zip(columns, *lines)]
    out = [" | ".join(str(cell).ljust(width) for cell, width in zip(columns, widths))]
    out.append("-|-".join("-" * width for width in widths))
    out += [" | ".join(str(cell).ljust(width) for cell, width in zip(line, widths)) for line in lines]
    return "\n".join(out)


def main():
    global SERVER
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0], formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sizes", default="100x10,1000x10", help="sessions x clients, comma-separated (default: %(default)s)")
    parser.add_argument("--setups", default="single,single-redis,cluster,audience",
                        help="single (SQLite), single-redis, cluster, audience (one session's viewers over the "
                             "cluster, at the --viewers sizes); comma-separated (default: %(default)s)")
    parser.add_argument("--viewers", default="2000,5000,10000",
                        help="audience: viewers of the one session, comma-separated (default: %(default)s)")
    parser.add_argument("--deliveries", type=int, default=20000,
                        help="open loop: deliveries a second to offer, spread over the sessions (default: %(default)s)")
    parser.add_argument("--rate", type=int, default=0, help="open loop: intents a second per session instead")
    parser.add_argument("--warmup", type=float, default=2, help="seconds before each window (default: %(default)s)")
    parser.add_argument("--duration", type=float, default=10, help="seconds of each window (default: %(default)s)")
    parser.add_argument("--generators", type=int, default=2, help="load generator processes of the session rows (default: %(default)s)")
    parser.add_argument("--json", action="store_true", help="one JSON object per row instead of the table")
    parser.add_argument("--server", default=str(SERVER), help="the focus-sync executable (default: the release build)")
    args = parser.parse_args()
    SERVER = Path(args.server).resolve()
    if not SERVER.exists():
        sys.exit(f"no server at {SERVER}; run 'swift build -c release' (make bench-cluster does)")
    sizes = [tuple(int(n) for n in size.split("x")) for size in args.sizes.split(",")]
    rows = []
    setups = args.setups.split(",")
    with tempfile.TemporaryDirectory(prefix="focus-sync-bench-cluster-") as folder:
        for size in sizes:
            for name in [setup for setup in setups if setup != "audience"]:
                sub = Path(folder) / f"{name}-{size[0]}x{size[1]}"
                sub.mkdir()
                if name == "cluster":
                    setup = Cluster(sub, size[0] * size[1])
                elif name in ("single", "single-redis"):
                    setup = Single(sub, redis=name == "single-redis")
                else:
                    sys.exit(f"unknown setup '{name}'; use single, single-redis or cluster")
                rows += run(setup, size, args)
        if "audience" in setups:
            import bench_audience  # scripts/bench_audience.py, beside this file
            for viewers in (int(n) for n in args.viewers.split(",")):
                sub = Path(folder) / f"audience-{viewers}"
                sub.mkdir()
                try:
                    rows.append(bench_audience.run(sys.modules[__name__], sub, viewers, args))
                except (RuntimeError, EOFError) as error:
                    note(f"   the audience of {viewers} was not measured: {error!r}")
                    continue
                note(table(rows[-1:]))
    if args.json:
        for row in rows:
            print(json.dumps(row))
    else:
        print(table(rows))
        for row in rows:
            if "redis publishes per update" in row:
                print(f"audience 1 x {row['clients']}: Redis {row['redis publishes per update']} PUBLISH and "
                      f"{row['redis bytes out per update']:,} bytes sent per update; max {row['max ms']:.0f} ms; "
                      f"connections per process {row['connections per process']}")
        print(f"\n{os.cpu_count()} cores; window {args.duration:g} s after {args.warmup:g} s of warm-up; "
              "latency from the driver's send to each client's receipt; CPU over the window")


if __name__ == "__main__":
    main()
