"""The audience rows of make bench-cluster (`--setups audience`, `--viewers N,...`): one session,
its presenter (an editor, which HAProxy sends to the process holding the session) and N viewers,
which HAProxy spreads over the three processes; each process that does not hold the session
follows it through Redis (docs/SCALING.md).

The clients are focus-bench's (`focus-bench --audience PORTS`, the release build): one epoll
loop in one process, so that 10,000 viewers cost the machine little beside the servers they
measure. It creates the session, joins the presenter and the viewers, and has the presenter
change focus at a fixed rate; a delivery is one member receiving the update. Latency runs from
the presenter's send to each receipt on one monotonic clock; a delivery missing 3 s after the
window counts as lost. focus-bench marks its window on standard error; over it this file reads
the CPU of every part (bench-cluster.py's accounting, handed in as `bench`, with focus-bench as
the generator) and Redis's own statistics: PUBLISH commands per update (one, whatever the number
of viewers) and the bytes it sent per update."""

import http.client
import json
import os
import subprocess
from pathlib import Path

FOCUS_BENCH = Path(__file__).resolve().parents[1] / ".build" / "release" / "focus-bench"


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
    rate = args.rate or 2
    generator = None
    try:
        parts = setup.parts()
        generator = subprocess.Popen(
            [str(FOCUS_BENCH), "--audience", ",".join(str(port) for port in setup.entry_ports),
             "--viewers", str(viewers), "--presenter-rate", str(rate), "--warmup", str(args.warmup),
             "--duration", str(args.duration)],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        before = after = after_redis = None
        for line in generator.stderr:
            bench.note("   " + line.rstrip())
            if line.rstrip().endswith("audience window opens"):
                spread = node_connections(setup)
                before = ({part: sum(bench.cpu_seconds(pid) for pid in group) for part, group in parts.items()},
                          bench.cpu_seconds(generator.pid), bench.machine_busy_seconds(),
                          redis_stats(setup.script.redis_port))
            elif line.rstrip().endswith("audience window closes"):
                after = ({part: sum(bench.cpu_seconds(pid) for pid in group) for part, group in parts.items()},
                         bench.cpu_seconds(generator.pid), bench.machine_busy_seconds())
            elif line.rstrip().endswith("audience deliveries drained"):
                # No change is sent after the window, and no viewer has left yet: what Redis
                # counted since the window opened is the window's updates.
                after_redis = redis_stats(setup.script.redis_port)
        output = generator.stdout.read()
        if generator.wait() != 0 or None in (before, after, after_redis):
            raise RuntimeError(f"focus-bench --audience exited with {generator.returncode}")
        generator = None
    finally:
        if generator is not None:
            generator.kill()
            generator.wait()
        setup.stop()
    report = json.loads(output)
    bench.note(f"   joined in {report['joinSeconds']:.0f} s: connections per process {spread}; presenter at {rate} changes/s")
    duration = report["windowSeconds"]
    cpu = {part: (after[0][part] - before[0][part]) / duration for part in parts}
    generator_cpu = (after[1] - before[1]) / duration
    other = (after[2] - before[2]) / duration - sum(cpu.values()) - generator_cpu
    updates = max(1, report["updatesSent"])
    per_second = max(1, report["deliveriesReceived"] / duration)
    latency = report.get("latencyMicroseconds") or {}

    def ms(key):
        return latency[key] / 1000 if key in latency else float("nan")

    return {
        "setup": "cluster: audience", "sessions": 1, "clients": viewers, "loop": "open", "rate": f"{rate}/s",
        "intents/s": report["updatesSent"] / duration, "deliveries/s": report["deliveriesReceived"] / duration,
        "lost": report["lost"], "expected": report["deliveriesExpected"],
        "p50 ms": ms("p50"), "p99 ms": ms("p99"), "max ms": ms("max"),
        "cpu": {part: round(value * 100) for part, value in cpu.items()},
        "cpu µs per delivery": {part: round(value * 1e6 / per_second, 1) for part, value in cpu.items()},
        "redis publishes per update": round((after_redis[0] - before[3][0]) / updates, 2),
        "redis bytes out per update": round((after_redis[1] - before[3][1]) / updates),
        "connections per process": spread,
        "generator cpu": round(generator_cpu * 100), "other cpu": round(max(0.0, other) * 100),
        "closed": report["closedConnections"],
    }
