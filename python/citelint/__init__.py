"""citelint: lint the citations in Markdown, from Python.

    import citelint

    result = citelint.check_text(answer, sources={"d_1": passage},
                                 enable=["low-overlap", "number-mismatch"])
    for issue in result.issues:
        print(issue)
    print(result.coverage, result.grounded)

Every answer comes from the citelint binary this wheel carries (the same
engine as ``citelint run``): ``check_text`` and ``fix_text`` go to one
persistent ``citelint mcp`` worker per process, ``check_files`` runs
``citelint run --format json``.  Results are dataclasses mirroring the JSON
report (see ``citelint._types``).
"""

from __future__ import annotations

import json
import os
import subprocess
import threading
from typing import Dict, Iterable, List, Mapping, Optional, Sequence, Union

from ._binary import find_binary
from ._types import (
    CheckResult,
    Edit,
    FileError,
    FileSupport,
    Fix,
    FixResult,
    Issue,
    JudgeStats,
    Report,
    Summary,
    Support,
)
from ._worker import CitelintError, Worker, WorkerError

try:
    from ._version import __version__
except ImportError:  # a source checkout, not a built wheel
    __version__ = "0.0.0.dev0"

__all__ = [
    "Checker",
    "check_text",
    "fix_text",
    "check_files",
    "explain_rule",
    "find_binary",
    "CheckResult",
    "FixResult",
    "Report",
    "Issue",
    "Fix",
    "Edit",
    "Summary",
    "Support",
    "FileSupport",
    "FileError",
    "JudgeStats",
    "CitelintError",
    "WorkerError",
    "__version__",
]

PathLike = Union[str, "os.PathLike[str]"]


def _text_args(
    text: str,
    path: Optional[str],
    sources: Optional[Mapping[str, str]],
    sources_dir: Optional[str],
    enable: Optional[Iterable[str]],
    rule_set: Optional[str],
) -> Dict[str, object]:
    if not isinstance(text, str):
        raise TypeError(f"text must be str, not {type(text).__name__}")
    args: Dict[str, object] = {"text": text}
    if path:
        args["path"] = str(path).replace(os.sep, "/")
    if sources:
        args["sources"] = {str(k): str(v) for k, v in sources.items()}
    if sources_dir:
        args["sources_dir"] = str(sources_dir)
    if enable:
        if isinstance(enable, str):
            enable = [enable]
        args["enable"] = list(enable)
    if rule_set:
        args["rule_set"] = rule_set
    return args


class Checker:
    """A persistent citelint worker.

    ``cwd`` is the project the documents belong to (default: the current
    directory when the worker starts): the config is found from it as
    ``citelint run`` finds it, and document paths are relative to it.
    ``config`` names a config file, ``no_config`` ignores any.  The worker
    starts on the first call and is restarted if it dies; ``close()`` (or a
    ``with`` block) stops it.  Calls on one Checker are serialised; use one
    per thread to check in parallel.
    """

    def __init__(
        self,
        cwd: Optional[PathLike] = None,
        *,
        config: Optional[PathLike] = None,
        no_config: bool = False,
        binary: Optional[PathLike] = None,
        max_bytes: Optional[int] = None,
        env: Optional[Dict[str, str]] = None,
    ) -> None:
        extra: List[str] = []
        if max_bytes is not None:
            extra += ["--max-bytes", str(int(max_bytes))]
        self._worker = Worker(
            cwd=os.fspath(cwd) if cwd is not None else None,
            config=os.fspath(config) if config is not None else None,
            no_config=no_config,
            binary=os.fspath(binary) if binary is not None else None,
            args=extra,
            env=env,
        )

    @property
    def binary(self) -> str:
        return self._worker.binary

    @property
    def pid(self) -> Optional[int]:
        """The worker's process id (None before the first call)."""
        return self._worker.pid

    def check_text(
        self,
        text: str,
        *,
        path: Optional[str] = None,
        sources: Optional[Mapping[str, str]] = None,
        sources_dir: Optional[str] = None,
        enable: Optional[Iterable[str]] = None,
        rule_set: Optional[str] = None,
    ) -> CheckResult:
        """Check one Markdown document held in memory.

        ``path`` (default ``document.md``, relative to the project) names it
        in issues and applies the config's per-path settings; nothing is
        read from it.  ``sources`` maps the ids the text cites (``[id:d_1]``,
        ``[doc3]``, ``[2]``) to their texts; ``enable`` turns on rules
        besides the config's (``"low-overlap"``, ``"number-mismatch"``,
        ``"uncited-claim"``); ``rule_set`` is ``standard``, ``reports``,
        ``all`` or ``none``.
        """
        sc = self._worker.call_tool("check_citations", _text_args(text, path, sources, sources_dir, enable, rule_set))
        return CheckResult.from_dict(sc)

    def fix_text(
        self,
        text: str,
        *,
        path: Optional[str] = None,
        sources: Optional[Mapping[str, str]] = None,
        sources_dir: Optional[str] = None,
        enable: Optional[Iterable[str]] = None,
        rule_set: Optional[str] = None,
    ) -> FixResult:
        """Apply every safe fix to ``text`` (as ``citelint run --fix`` would
        write it) and return the new text with the issues left."""
        sc = self._worker.call_tool("fix_citations", _text_args(text, path, sources, sources_dir, enable, rule_set))
        return FixResult.from_dict(sc)

    def explain_rule(self, rule: str) -> str:
        """A rule's documentation, as ``citelint rule NAME`` prints it."""
        return str(self._worker.call_tool("explain_rule", {"rule": rule}).get("doc", ""))

    def close(self) -> None:
        self._worker.close()

    def __enter__(self) -> "Checker":
        return self

    def __exit__(self, *exc) -> None:
        self.close()


# One worker per process for the module-level functions, created on first
# use (and again in a forked child, which must not share its parent's pipes).
_default: Optional[Checker] = None
_default_pid = 0
_default_lock = threading.Lock()


def _checker() -> Checker:
    global _default, _default_pid
    with _default_lock:
        if _default is None or _default_pid != os.getpid():
            _default, _default_pid = Checker(), os.getpid()
        return _default


def check_text(
    text: str,
    *,
    path: Optional[str] = None,
    sources: Optional[Mapping[str, str]] = None,
    sources_dir: Optional[str] = None,
    enable: Optional[Iterable[str]] = None,
    rule_set: Optional[str] = None,
) -> CheckResult:
    """``Checker().check_text`` on this process's shared worker (started in
    the current directory on first use)."""
    return _checker().check_text(text, path=path, sources=sources, sources_dir=sources_dir, enable=enable, rule_set=rule_set)


def fix_text(
    text: str,
    *,
    path: Optional[str] = None,
    sources: Optional[Mapping[str, str]] = None,
    sources_dir: Optional[str] = None,
    enable: Optional[Iterable[str]] = None,
    rule_set: Optional[str] = None,
) -> FixResult:
    """``Checker().fix_text`` on this process's shared worker."""
    return _checker().fix_text(text, path=path, sources=sources, sources_dir=sources_dir, enable=enable, rule_set=rule_set)


def explain_rule(rule: str) -> str:
    """A rule's documentation, as ``citelint rule NAME`` prints it."""
    return _checker().explain_rule(rule)


def check_files(
    paths: Union[PathLike, Sequence[PathLike]] = (),
    *,
    enable: Optional[Iterable[str]] = None,
    disable: Optional[Iterable[str]] = None,
    rule_set: Optional[str] = None,
    sources: Optional[PathLike] = None,
    config: Optional[PathLike] = None,
    no_config: bool = False,
    cwd: Optional[PathLike] = None,
    args: Sequence[str] = (),
    binary: Optional[PathLike] = None,
) -> Report:
    """Lint files and folders: ``citelint run --format json PATHS`` (one run,
    linting files in parallel), returned as a Report.

    With no paths, the config's ``run.paths`` or the current folder.
    ``sources`` is a source store (a ``.json``/``.jsonl`` file or a folder);
    ``args`` are further ``citelint run`` flags.  Files that could not be
    linted are in ``report.summary.errors``; a usage or config error raises
    CitelintError.
    """
    if isinstance(paths, (str, os.PathLike)):
        paths = [paths]
    cmd: List[str] = [os.fspath(binary) if binary else find_binary(), "run", "--format", "json", "--issues-exit-code", "0"]
    if config:
        cmd += ["--config", os.fspath(config)]
    if no_config:
        cmd.append("--no-config")
    if rule_set:
        cmd += ["--default", rule_set]
    for r in [enable] if isinstance(enable, str) else enable or []:
        cmd += ["--enable", r]
    for r in [disable] if isinstance(disable, str) else disable or []:
        cmd += ["--disable", r]
    if sources:
        cmd += ["--sources", os.fspath(sources)]
    cmd += list(args)
    cmd += [os.fspath(p) for p in paths]
    proc = subprocess.run(cmd, cwd=os.fspath(cwd) if cwd else None, stdin=subprocess.DEVNULL, capture_output=True)
    out = proc.stdout.decode("utf-8", "replace")
    if not out.strip():
        # A usage or config error, or no Markdown found: citelint's own
        # message, without the flag list that follows a usage error.
        err = proc.stderr.decode("utf-8", "replace").split("\nUsage:", 1)[0].strip()
        raise CitelintError(err or f"citelint run exited {proc.returncode}")
    try:
        data = json.loads(out)
    except ValueError as e:
        raise CitelintError(f"citelint run printed no JSON report (exit {proc.returncode}): {out[:200]}") from e
    return Report.from_dict(data, exit_code=proc.returncode)
