"""The fleet recipe (python/examples/dask_fleet.py) on a Dask LocalCluster
with two worker processes, through the installed citelint package.

Skipped where Dask's distributed scheduler is not installed, unless
CITELINT_REQUIRE_DASK=1 (as .ci/packages sets it under CI)."""

from __future__ import annotations

import os
import sys
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "examples"))

try:
    from dask.distributed import Client, LocalCluster
except ImportError:  # pragma: no cover
    if os.environ.get("CITELINT_REQUIRE_DASK") == "1":
        raise
    LocalCluster = None

import citelint
import dask_fleet


@unittest.skipIf(LocalCluster is None, "dask.distributed is not installed (Debian: python3-distributed)")
class FleetTest(unittest.TestCase):
    def test_reports_on_a_local_cluster(self):
        records = dask_fleet.synthetic_reports(300, paragraphs=3)
        with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster, \
                Client(cluster) as client:
            rows = dask_fleet.check_reports(client, records, partitions=8)

        # Every report comes back once, in input order.
        self.assertEqual([r["id"] for r in rows], [rid for rid, _, _ in records])
        self.assertFalse([r for r in rows if "failed" in r])
        # The work was spread over both Dask worker processes.
        self.assertEqual(len({r["worker"] for r in rows}), 2)

        # Each row is what the package reports for that report on its own.
        with citelint.Checker(no_config=True) as c:
            for k in (0, 1, 5, 7, 35, 299):
                rid, text, sources = records[k]
                want = c.check_text(text, path=f"{rid}.md", sources=sources, enable=dask_fleet.ENABLE)
                self.assertEqual((rows[k]["errors"], rows[k]["warnings"]), (want.errors, want.warnings), rid)
                self.assertEqual([i["rule"] for i in rows[k]["issues"]], [i.rule for i in want.issues], rid)

        # The planted faults: a source the retrieval did not return (every
        # seventh report) is an unresolvable citation; a misquoted number
        # (every fifth) a number mismatch.
        for k, row in enumerate(rows):
            rules = [i["rule"] for i in row["issues"]]
            self.assertEqual("unresolvable-label" in rules, k % 7 == 0, row)
            self.assertEqual("number-mismatch" in rules, k % 5 == 0, row)
        tot = dask_fleet.totals(rows)
        self.assertEqual(tot["reports"], 300)
        self.assertEqual(tot["with_errors"], len([k for k in range(300) if k % 7 == 0]))


if __name__ == "__main__":
    unittest.main()
