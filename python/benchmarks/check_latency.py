#!/usr/bin/env python3
"""How long one check of a generated answer takes through the Python API.

    python python/benchmarks/check_latency.py [--size 20000] [--calls 200]

Builds a Markdown answer of about --size bytes citing 20 retrieved sources
by key ([id:d_N]), most sentences supported by their source and some not,
then times check_text on one warm worker: the default rules with the
sources, and with the claim-support rules (low-overlap, number-mismatch)
scoring every cited sentence.  Prints the median, 90th percentile and
minimum per call, after 20 warm-up calls, and on Linux the CPU time per
call of the worker and of this process together (from /proc), which other
load on the machine does not inflate.  A benchmark, not a test: the
figures depend on the machine and what else runs on it.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time

import citelint

TOPICS = [
    ("Global mean sea level", "rose by {a} mm per year between {y} and {z}"),
    ("Arctic sea ice extent", "fell by {a} percent per decade from {y} to {z}"),
    ("Ocean heat content", "increased by {a} zettajoules between {y} and {z}"),
    ("Mountain glaciers", "lost {a} gigatonnes of ice from {y} to {z}"),
    ("Atmospheric carbon dioxide", "reached {a} parts per million in {z}, up from {y}"),
]


def answer(size: int):
    paras, sources, i = [], {}, 0
    while sum(len(p) for p in paras) < size:
        sents = []
        for k in range(4):
            n = i * 4 + k
            subj, pred = TOPICS[n % len(TOPICS)]
            a, y, z = 1 + n % 97, 1900 + n % 80, 1990 + n % 30
            sid = f"d_{n % 20}"
            fact = f"{subj} {pred.format(a=a, y=y, z=z)}"
            # One sentence in five says a number its source does not.
            said = fact if n % 5 else f"{subj} {pred.format(a=a + 3, y=y, z=z)}"
            sources[sid] = sources.get(sid, "") + f" {fact}, according to the assessment."
            sents.append(f"{said} [id:{sid}].")
        paras.append(f"## Finding {i + 1}\n\n" + " ".join(sents) + "\n\n")
        i += 1
    return "# Answer\n\n" + "".join(paras), sources


def cpu_ms(pid):
    """CPU time (user + system) of process pid so far, in ms; None off Linux."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) * 1000 / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError):
        return None


def timed(fn, calls: int, worker_pid):
    for _ in range(20):
        fn()
    ts = []
    w0, c0 = cpu_ms(worker_pid), time.process_time()
    for _ in range(calls):
        t = time.perf_counter()
        fn()
        ts.append((time.perf_counter() - t) * 1000)
    w1, c1 = cpu_ms(worker_pid), time.process_time()
    cpu = None if w0 is None or w1 is None else ((w1 - w0) + (c1 - c0) * 1000) / calls
    ts.sort()
    return statistics.median(ts), ts[int(len(ts) * 0.9)], ts[0], cpu


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--size", type=int, default=20000)
    ap.add_argument("--calls", type=int, default=200)
    a = ap.parse_args()
    text, sources = answer(a.size)
    srcbytes = sum(len(v) for v in sources.values())
    with citelint.Checker(no_config=True) as c:
        support = c.check_text(text, sources=sources, enable=["low-overlap", "number-mismatch"])
        print(f"answer {len(text.encode())} bytes, {len(sources)} sources ({srcbytes} bytes); "
              f"{support.summary.support.scored} sentences scored, grounded {support.grounded:.2f}, "
              f"{len(support.issues)} issues; citelint {citelint.__version__}, Python {sys.version.split()[0]}")
        cases = [
            ("check_text, sources, default rules", lambda: c.check_text(text, sources=sources)),
            ("check_text, sources, low-overlap + number-mismatch",
             lambda: c.check_text(text, sources=sources, enable=["low-overlap", "number-mismatch"])),
            ("fix_text, sources", lambda: c.fix_text(text, sources=sources)),
        ]
        for name, fn in cases:
            med, p90, lo, cpu = timed(fn, a.calls, c.pid)
            cpu_s = "" if cpu is None else f"  CPU {cpu:6.2f} ms/call"
            print(f"{name:52s} median {med:6.2f} ms  p90 {p90:6.2f} ms  min {lo:6.2f} ms{cpu_s}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
