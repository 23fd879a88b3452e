#!/usr/bin/env python3
"""Medians per scenario and server of a `make bench-baseline` run (focus-bench JSON lines).

Usage: scripts/bench-baseline-summary.py test-output/bench-baseline/run-….jsonl
Prints a Markdown table: FocusSync ([memory]) and the relay ([relay]) row by row.
"""
import json
import statistics
import sys


def median(values):
    values = [v for v in values if v is not None]
    return statistics.median(values) if values else None


def show(value, digits=1):
    if value is None:
        return "-"
    return f"{value:,.{digits}f}" if digits else f"{round(value):,}"


def main(path):
    rows = {}
    with open(path) as lines:
        for line in lines:
            line = line.strip()
            if line:
                report = json.loads(line)
                name = report["scenario"].split(" [")[0]
                rows.setdefault((name, report.get("variant") or "-"), []).append(report)

    print("| scenario | server | rounds | srv µs/deliv | p50 µs | p99 µs | intents/s | lost | upd B | gen CPU | other s/g | KB per idle conn |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|")
    order = []
    for key in rows:
        if key[0] not in order:
            order.append(key[0])
    for name in order:
        for variant in ("memory", "relay"):
            reports = rows.get((name, variant))
            if not reports:
                continue
            server = "FocusSync" if variant == "memory" else "baseline-relay"
            if reports[0]["kind"] == "idle-memory":
                per_count = {}
                for report in reports:
                    for point in report["points"]:
                        per_count.setdefault(point["connections"], []).append(point["kbPerConnection"])
                memory = ", ".join(f"{show(median(v))} at {count:,}" for count, v in sorted(per_count.items()))
                print(f"| {name} | {server} | {len(reports)} | | | | | | | | | {memory} |")
                continue
            lost = sum(report["lost"] for report in reports)
            latency = [report.get("latencyMicroseconds") or {} for report in reports]
            other = "/".join(
                show(median([r.get(key) for r in reports]), 0)
                for key in ("serverCoreOtherLoadPercent", "generatorCoreOtherLoadPercent"))
            print(
                f"| {name} | {server} | {len(reports)} "
                f"| {show(median([r.get('serverCPUMicrosecondsPerDelivery') for r in reports]), 2)} "
                f"| {show(median([l.get('p50') for l in latency]), 0)} "
                f"| {show(median([l.get('p99') for l in latency]), 0)} "
                f"| {show(median([r.get('intentsPerSecond') for r in reports]), 0)} "
                f"| {lost} "
                f"| {show(median([r.get('updateBytesMean') for r in reports]), 0)} "
                f"| {show(median([r.get('generatorCPUPercent') for r in reports]), 0)} % "
                f"| {other} % | |")


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    main(sys.argv[1])
