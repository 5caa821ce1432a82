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

    python3 dask_fleet.py [--reports 2000] [--workers 2]     # a LocalCluster demo

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


def synthetic_reports(n: int) -> List[Record]:
    """n short generated reports with their sources; every seventh cites a
    source the retrieval did not return, every fifth misquotes a number."""
    out = []
    for k in range(n):
        year, mm = 1993 + k % 30, 2 + k % 5
        sources = {"s1": f"Global mean sea level rose {mm}.1 mm per year from {year} to 2023, satellites show.",
                   "s2": f"Tide gauges recorded {k % 40 + 10} cm of rise at the station since 1900."}
        said = mm + (3 if k % 5 == 0 else 0)
        missing = " Ice sheets added most of the rise [id:s9]." if k % 7 == 0 else ""
        text = (f"# Report {k}\n\nGlobal mean sea level rose {said}.1 mm per year from {year} to 2023 [id:s1]. "
                f"Tide gauges recorded {k % 40 + 10} cm of rise at the station since 1900 [id:s2].{missing}\n")
        out.append((f"report-{k:05d}", text, sources))
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--reports", type=int, default=2000)
    ap.add_argument("--workers", type=int, default=2)
    a = ap.parse_args()
    from dask.distributed import Client, LocalCluster

    records = synthetic_reports(a.reports)
    with LocalCluster(n_workers=a.workers, threads_per_worker=1, processes=True, dashboard_address=None) as cluster, \
            Client(cluster) as client:
        check_reports(client, records[: 10 * a.workers])  # warm up: start each worker's citelint
        t = time.perf_counter()
        rows = check_reports(client, records)
        dt = time.perf_counter() - t
    tot = totals(rows)
    print(f"{tot['reports']} reports in {dt:.2f} s on {a.workers} workers: "
          f"{tot['reports'] / dt:.0f} reports/s, {tot['reports'] / dt / a.workers:.0f} per worker; {tot}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
