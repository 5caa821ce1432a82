#!/usr/bin/env python3
"""Check a fleet of generated reports on a Dask cluster with the citelint package.

Each Dask worker thread keeps one persistent citelint worker (``citelint mcp``,
started on its first report), so a report costs one engine pass, not a process
start.  Reports travel as (id, text, sources) records in a dask.bag; each
partition comes back as one small row per report (counts, coverage, grounded
share, and the issues as plain dicts), gathered to the client by
``compute()``.  For millions of reports, write the rows out instead of
gathering them (``rows.map(json.dumps).to_textfiles("out/*.jsonl")``) and
gather only the totals (``totals(rows)``).

    python3 dask_fleet.py [--reports 2000] [--workers 2] [--paragraphs 30]   # a LocalCluster demo

On a real cluster, pass ``Client("scheduler:8786")`` instead of the
LocalCluster; each Dask worker machine needs ``pip install citelint``.
"""

from __future__ import annotations

import argparse
import os
import threading
import time
from typing import Any, Dict, Iterable, List, Mapping, Optional, Sequence, Tuple

import citelint

Record = Tuple[str, str, Mapping[str, str]]  # (report id, Markdown, sources by id)

ENABLE = ["low-overlap", "number-mismatch"]  # score cited sentences against their sources


def checker() -> citelint.Checker:
    """This thread's citelint worker, started on its first report.  Kept on
    the thread object, not in a global, so that it lives as long as the Dask
    worker's thread even when this file runs as __main__ and Dask ships
    these functions by value."""
    t = threading.current_thread()
    c = getattr(t, "citelint_checker", None)
    if c is None:
        c = citelint.Checker(no_config=True)
        t.citelint_checker = c  # type: ignore[attr-defined]
    return c


def check_partition(records: Iterable[Record], enable: Sequence[str] = ENABLE) -> List[Dict[str, Any]]:
    """Check every report of one partition; one row per report."""
    c = checker()
    rows = []
    for rid, text, sources in records:
        try:
            r = c.check_text(text, path=f"{rid}.md", sources=dict(sources) or None, enable=list(enable))
        except citelint.CitelintError as e:  # one bad report never stops the others
            rows.append({"id": rid, "failed": str(e)})
            continue
        rows.append(
            {
                "id": rid,
                "errors": r.errors,
                "warnings": r.warnings,
                "notes": r.notes,
                "coverage": r.coverage,
                "grounded": r.grounded,
                "issues": [{"rule": i.rule, "severity": i.severity, "line": i.line, "column": i.column,
                            "message": i.message} for i in r.issues if not i.suppressed],
                "worker": os.getpid(),
            }
        )
    return rows


def check_reports(client, records: Sequence[Record], partitions: Optional[int] = None, enable: Sequence[str] = ENABLE):
    """Check records on the cluster behind client; the rows, in input order."""
    import dask.bag as db

    n = partitions or max(1, 4 * len(client.scheduler_info()["workers"]))
    bag = db.from_sequence(records, npartitions=min(n, max(1, len(records))))
    return bag.map_partitions(check_partition, enable=enable).compute()


def totals(rows: Iterable[Mapping[str, Any]]) -> Dict[str, Any]:
    """Fleet totals from rows: reports, failures, issues by severity, and
    the reports with at least one error."""
    t: Dict[str, Any] = {"reports": 0, "failed": 0, "errors": 0, "warnings": 0, "notes": 0, "with_errors": 0}
    for r in rows:
        t["reports"] += 1
        if "failed" in r:
            t["failed"] += 1
            continue
        for k in ("errors", "warnings", "notes"):
            t[k] += r[k]
        t["with_errors"] += r["errors"] > 0
    return t


def synthetic_reports(n: int, paragraphs: int = 1) -> List[Record]:
    """n generated reports with their sources, each of about 160 bytes per
    paragraph (paragraphs=30 is about 5 KB); in the first paragraph every
    seventh report cites a source the retrieval did not return and every
    fifth misquotes a number."""
    out = []
    for k in range(n):
        sources: Dict[str, str] = {}
        paras = []
        for p in range(paragraphs):
            year, mm, cm = 1993 + (k + p) % 30, 2 + (k + p) % 5, (k + p) % 40 + 10
            a, b = f"s{2 * p + 1}", f"s{2 * p + 2}"
            sources[a] = f"Global mean sea level rose {mm}.1 mm per year from {year} to 2023, satellites show."
            sources[b] = f"Tide gauges recorded {cm} cm of rise at the station since 1900."
            said = mm + (3 if p == 0 and k % 5 == 0 else 0)
            missing = " Ice sheets added most of the rise [id:s0]." if p == 0 and k % 7 == 0 else ""
            paras.append(f"Global mean sea level rose {said}.1 mm per year from {year} to 2023 [id:{a}]. "
                         f"Tide gauges recorded {cm} cm of rise at the station since 1900 [id:{b}].{missing}\n")
        out.append((f"report-{k:05d}", f"# Report {k}\n\n" + "\n".join(paras), sources))
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--reports", type=int, default=2000)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--paragraphs", type=int, default=30, help="report size: about 160 bytes a paragraph")
    a = ap.parse_args()
    from dask.distributed import Client, LocalCluster

    records = synthetic_reports(a.reports, a.paragraphs)
    with LocalCluster(n_workers=a.workers, threads_per_worker=1, processes=True, dashboard_address=None) as cluster, \
            Client(cluster) as client:
        check_reports(client, records[: 10 * a.workers])  # warm up: start each worker's citelint
        t = time.perf_counter()
        rows = check_reports(client, records)
        dt = time.perf_counter() - t
    tot = totals(rows)
    size = sum(len(t.encode()) for _, t, _ in records) / len(records)
    print(f"{tot['reports']} reports of {size / 1000:.1f} KB in {dt:.2f} s on {a.workers} workers: "
          f"{tot['reports'] / dt:.0f} reports/s, {tot['reports'] / dt / a.workers:.0f} per worker; {tot}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
