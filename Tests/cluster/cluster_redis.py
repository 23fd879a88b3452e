"""The cluster's Redis as the tests read it: `redis-cli` against it, a session's keys, and the
PUBLISH commands it ran (the one figure the audience tests hold to: one publish per change or
shared message, whatever the number of viewers)."""

import asyncio
import subprocess
import time


def redis_cli(cluster, *words):
    """What `redis-cli` prints for one command against the cluster's Redis."""
    return subprocess.run(["redis-cli", "-p", str(cluster.redis_port), *words], capture_output=True, text=True,
                          check=True).stdout


def session_key(session, part):
    """The Redis key `part` of `session` (`lease`, `log`, `audience`, ..., or the `updates`
    channel), as the server spells it: its routing key as the hash tag."""
    return f"fs:{{{session[:8]}}}:session:{session}:{part}"


def publishes(cluster):
    """PUBLISH commands Redis ran so far (inside scripts too)."""
    for line in redis_cli(cluster, "info", "commandstats").splitlines():
        if line.startswith("cmdstat_publish:"):
            return int(line.split("calls=")[1].split(",")[0])
    return 0


async def settled_publishes(cluster, quiet=0.5, timeout=10):
    """The PUBLISH count once it has not moved for `quiet` seconds: what joining clients made
    the owner share (presence comes a moment after a join) is counted before a test's own."""
    deadline = time.monotonic() + timeout
    count, since = publishes(cluster), time.monotonic()
    while time.monotonic() - since < quiet:
        assert time.monotonic() < deadline, f"Redis kept publishing for {timeout} s"
        await asyncio.sleep(0.1)
        now = publishes(cluster)
        if now != count:
            count, since = now, time.monotonic()
    return count
