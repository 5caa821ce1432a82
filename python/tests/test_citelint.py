"""Tests of the installed citelint wheel: run by .ci/packages in a fresh
virtual environment after `pip install citelint-*.whl` (python -m unittest)."""

from __future__ import annotations

import dataclasses
import json
import os
import signal
import subprocess
import sys
import tempfile
import threading
import unittest

import citelint

REPORT = """# Sea level

Global mean sea level rose by 0.20 m between 1901 and 2018 [1]. The rate of rise has more
than doubled since the 1990s, reaching 3.7 mm per year [2, 7].

## References

[1] IPCC AR6 WG1 SPM. https://doi.org/10.1017/9781009157896.001
[2] NASA. Sea level. https://sealevel.nasa.gov/
[3] Never cited. https://example.org/3
"""

ANSWER = "Global mean sea level rose by 0.20 m between 1901 and 2018 [id:ipcc]. Glaciers lost 9,000 gigatonnes of ice in 1980 [id:wgms].\n"
SOURCES = {
    "ipcc": "Global mean sea level increased by 0.20 m between 1901 and 2018.",
    "wgms": "Glaciers worldwide lost about 6,000 gigatonnes of ice between 2000 and 2023.",
}


class Project:
    """A temporary project folder with no config."""

    def __init__(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.dir = self.tmp.name
        os.mkdir(os.path.join(self.dir, ".git"))  # the project root

    def write(self, name: str, text: str) -> str:
        path = os.path.join(self.dir, name)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
        return path


class CitelintTest(unittest.TestCase):
    def setUp(self):
        self.project = Project()
        self.addCleanup(self.project.tmp.cleanup)
        self.checker = citelint.Checker(self.project.dir, no_config=True)
        self.addCleanup(self.checker.close)

    def run_json(self, *args: str) -> dict:
        out = subprocess.run(
            [citelint.find_binary(), "run", "--no-config", "--format", "json", "--issues-exit-code", "0", *args],
            cwd=self.project.dir, capture_output=True, check=True,
        ).stdout
        return json.loads(out)

    def test_binary_is_the_wheels(self):
        if os.environ.get("CITELINT_BINARY"):
            self.skipTest("CITELINT_BINARY overrides the wheel's binary")
        binary = citelint.find_binary()
        self.assertTrue(os.path.realpath(binary).startswith(os.path.realpath(sys.prefix)), binary)
        out = subprocess.run([binary, "version"], capture_output=True, text=True, check=True).stdout
        self.assertTrue(out.startswith("citelint "), out)

    def test_check_text_is_run_json(self):
        # The issues and summary of a text are those citelint run --format
        # json reports for the same document saved at its path.
        self.project.write("reports/a.md", REPORT)
        want = citelint.Report.from_dict(self.run_json("reports/a.md"))
        got = self.checker.check_text(REPORT, path="reports/a.md")
        self.assertEqual([i.rule for i in got.issues], ["unresolvable-label", "unused-reference"])
        self.assertEqual(got.issues, want.issues)
        self.assertEqual(got.summary, want.summary)
        first = got.issues[0]
        self.assertIsInstance(first, citelint.Issue)
        self.assertEqual((first.path, first.line, first.severity), ("reports/a.md", 4, "error"))
        self.assertIn("[7]", first.message)
        self.assertIsNotNone(first.fix)
        self.assertEqual(first.fix.edits[0].new, "[2]")  # [2, 7] becomes [2]
        self.assertEqual(REPORT.encode()[first.fix.edits[0].start : first.fix.edits[0].end], b"[2, 7]")
        self.assertEqual((got.errors, got.warnings, got.notes, got.ok), (1, 1, 0, False))
        self.assertEqual(dataclasses.asdict(got.issues[1])["rule"], "unused-reference")

    def test_sources_as_python_objects(self):
        res = self.checker.check_text(ANSWER, sources=SOURCES, enable=["low-overlap", "number-mismatch"])
        rules = [i.rule for i in res.issues]
        self.assertIn("number-mismatch", rules, res.issues)
        self.assertTrue(all(i.line == 1 for i in res.issues))
        self.assertIsNotNone(res.summary.support)
        self.assertEqual(res.summary.support.cited_claims, 2)
        self.assertEqual(res.coverage, 1.0)
        self.assertIsNotNone(res.grounded)
        self.assertLess(res.grounded, 1.0)
        # Without sources the keys resolve to nothing.
        bare = self.checker.check_text(ANSWER, rule_set="none", enable=["unresolvable-label"])
        self.assertIsNone(bare.grounded)

    def test_fix_text(self):
        res = self.checker.fix_text("A claim [1] and [7].\n\n[1]: https://example.org/1\n")
        self.assertEqual(res.text, "A claim [1].\n\n[1]: https://example.org/1\n")
        self.assertTrue(res.changed)
        self.assertEqual(res.fixed, 1)
        self.assertEqual(res.issues, [])
        clean = self.checker.fix_text(res.text)
        self.assertFalse(clean.changed)
        self.assertEqual(clean.text, res.text)

    def test_check_files(self):
        self.project.write("docs/a.md", REPORT)
        self.project.write("docs/b.md", "Nothing cited here.\n")
        rep = citelint.check_files(["docs", "missing.md"], no_config=True, cwd=self.project.dir)
        self.assertIsInstance(rep, citelint.Report)
        self.assertEqual(rep.summary.files, 2)
        self.assertEqual({i.path for i in rep.issues}, {"docs/a.md"})
        self.assertEqual(rep.errors, 1)
        self.assertEqual([e.path for e in rep.summary.errors], ["missing.md"])
        self.assertEqual(rep.exit_code, 3)  # a file could not be linted
        c = self.project.write("docs/c.md", "# Cities\n\nParis had 2,102,650 inhabitants in 2023, according to the national statistics office.\n\nLyon is also worth a visit [1].\n\n[1]: https://example.org\n")
        one = citelint.check_files(c, no_config=True, enable=["uncited-claim"], rule_set="none")
        self.assertEqual([(i.rule, i.line) for i in one.issues], [("uncited-claim", 3)])

    def test_errors_are_citelints(self):
        with self.assertRaisesRegex(citelint.CitelintError, "no-such-rule"):
            self.checker.check_text(REPORT, enable=["no-such-rule"])
        with self.assertRaisesRegex(citelint.CitelintError, "relative path inside the project"):
            self.checker.check_text(REPORT, path="../outside.md")
        with self.assertRaisesRegex(citelint.CitelintError, "no-such-flag"):
            citelint.check_files(["."], args=["--no-such-flag"], cwd=self.project.dir)
        with self.assertRaises(TypeError):
            self.checker.check_text(b"bytes")  # type: ignore[arg-type]
        small = citelint.Checker(self.project.dir, no_config=True, max_bytes=100)
        self.addCleanup(small.close)
        with self.assertRaisesRegex(citelint.CitelintError, "over this server's limit of 100 bytes"):
            small.check_text(REPORT)
        # The worker is still there after a refused call.
        self.assertEqual(small.check_text("Fine.\n").issues, [])

    def test_one_worker_for_every_call(self):
        self.assertIsNone(self.checker.pid)
        self.checker.check_text(REPORT)
        pid = self.checker.pid
        self.assertIsNotNone(pid)
        for _ in range(5):
            self.checker.check_text(ANSWER, sources=SOURCES)
        self.assertEqual(self.checker.pid, pid)
        # A worker that died is replaced on the next call.
        os.kill(pid, signal.SIGKILL)
        self.checker._worker._proc.wait(timeout=30)
        res = self.checker.check_text(REPORT)
        self.assertEqual(len(res.issues), 2)
        self.assertNotEqual(self.checker.pid, pid)

    def test_threads_share_a_checker(self):
        # Calls from several threads are serialised and each gets its own answer.
        texts = [REPORT.replace("[2, 7]", f"[2, {n}]") for n in range(7, 15)]
        results = [None] * len(texts)

        def work(k):
            results[k] = self.checker.check_text(texts[k])

        threads = [threading.Thread(target=work, args=(k,)) for k in range(len(texts))]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        for k, res in enumerate(results):
            self.assertIn(f"[{k + 7}]", res.issues[0].message)

    def test_module_functions_and_main(self):
        self.addCleanup(os.chdir, os.getcwd())
        os.chdir(self.project.dir)
        self.assertEqual(len(citelint.check_text(REPORT).issues), 2)
        self.assertIn("unused-reference", citelint.explain_rule("unused-reference"))
        out = subprocess.run([sys.executable, "-m", "citelint", "version"], capture_output=True, text=True, check=True).stdout
        self.assertTrue(out.startswith("citelint "), out)


if __name__ == "__main__":
    unittest.main()
