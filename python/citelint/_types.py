"""The results of citelint, as dataclasses.

Each class mirrors an object of ``citelint run --format json`` (JSON schema
version 1) field by field, with the same names.  Unknown fields are ignored
when reading, so a newer binary that adds fields does not break an older
package; the raw dictionary is kept in ``raw`` where a caller needs them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional

__all__ = [
    "Edit",
    "Fix",
    "Issue",
    "FileError",
    "Support",
    "FileSupport",
    "Summary",
    "Report",
    "CheckResult",
    "FixResult",
    "JudgeStats",
]


@dataclass(frozen=True)
class Edit:
    """Replace the bytes ``[start, end)`` of the UTF-8 document with ``new``."""

    start: int
    end: int
    new: str

    @classmethod
    def from_dict(cls, d: Dict[str, Any]) -> "Edit":
        return cls(start=int(d["start"]), end=int(d["end"]), new=d.get("new", ""))


@dataclass(frozen=True)
class Fix:
    """An issue's suggested fix.  ``unsafe`` fixes may change what the text says."""

    description: str
    unsafe: bool
    edits: List[Edit]

    @classmethod
    def from_dict(cls, d: Dict[str, Any]) -> "Fix":
        return cls(
            description=d.get("description", ""),
            unsafe=bool(d.get("unsafe", False)),
            edits=[Edit.from_dict(e) for e in d.get("edits") or []],
        )


@dataclass(frozen=True)
class Issue:
    """One finding.  ``line`` is 1-based; ``column`` is 1-based in UTF-16 code units."""

    rule: str
    severity: str
    message: str
    path: str
    line: int
    column: int
    end_line: int
    end_column: int
    fix: Optional[Fix] = None
    suppressed: bool = False
    justification: str = ""

    @classmethod
    def from_dict(cls, d: Dict[str, Any]) -> "Issue":
        fx = d.get("fix")
        return cls(
            rule=d["rule"],
            severity=d["severity"],
            message=d["message"],
            path=d.get("path", ""),
            line=int(d.get("line", 0)),
            column=int(d.get("column", 0)),
            end_line=int(d.get("end_line", 0)),
            end_column=int(d.get("end_column", 0)),
            fix=Fix.from_dict(fx) if fx else None,
            suppressed=bool(d.get("suppressed", False)),
            justification=d.get("justification", ""),
        )

    def __str__(self) -> str:
        return f"{self.path}:{self.line}:{self.column}: {self.severity}: {self.message} ({self.rule})"


@dataclass(frozen=True)
class FileError:
    """A document that could not be linted."""

    path: str
    message: str
    line: int = 0

    @classmethod
    def from_dict(cls, d: Dict[str, Any]) -> "FileError":
        return cls(path=d.get("path", ""), message=d.get("message", ""), line=int(d.get("line", 0)))


@dataclass(frozen=True)
class Support:
    """Claim-support figures: present when a claim-support rule ran."""

    claims: int
    cited_claims: int
    coverage: float
    scored: int
    supported: int
    grounded: float
    unverified: int

    @classmethod
    def _fields(cls, d: Dict[str, Any]) -> Dict[str, Any]:
        return dict(
            claims=int(d.get("claims", 0)),
            cited_claims=int(d.get("cited_claims", 0)),
            coverage=float(d.get("coverage", 0)),
            scored=int(d.get("scored", 0)),
            supported=int(d.get("supported", 0)),
            grounded=float(d.get("grounded", 0)),
            unverified=int(d.get("unverified", 0)),
        )

    @classmethod
    def from_dict(cls, d: Dict[str, Any]) -> "Support":
        return cls(**cls._fields(d))


@dataclass(frozen=True)
class FileSupport(Support):
    """One file's claim-support figures."""

    path: str = ""

    @classmethod
    def from_dict(cls, d: Dict[str, Any]) -> "FileSupport":
        return cls(path=d.get("path", ""), **Support._fields(d))


@dataclass(frozen=True)
class Summary:
    """The run's summary, as ``run --format json`` writes it."""

    files: int
    claims: int
    cited_claims: int
    citations: int
    references: int
    unverified: int
    errors: List[FileError]
    extra: Dict[str, int] = field(default_factory=dict)
    support: Optional[Support] = None
    per_file: List[FileSupport] = field(default_factory=list)

    @classmethod
    def from_dict(cls, d: Dict[str, Any]) -> "Summary":
        sup = d.get("support")
        return cls(
            files=int(d.get("files", 0)),
            claims=int(d.get("claims", 0)),
            cited_claims=int(d.get("cited_claims", 0)),
            citations=int(d.get("citations", 0)),
            references=int(d.get("references", 0)),
            unverified=int(d.get("unverified", 0)),
            errors=[FileError.from_dict(e) for e in d.get("errors") or []],
            extra=dict(d.get("extra") or {}),
            support=Support.from_dict(sup) if sup else None,
            per_file=[FileSupport.from_dict(f) for f in d.get("per_file") or []],
        )


def _count(issues: List[Issue], severity: str) -> int:
    return sum(1 for i in issues if i.severity == severity and not i.suppressed)


@dataclass(frozen=True)
class Report:
    """``citelint run --format json``'s whole report (``check_files``)."""

    version: str
    citelint_version: str
    issues: List[Issue]
    summary: Summary
    exit_code: int = 0
    raw: Dict[str, Any] = field(default_factory=dict, repr=False, compare=False)

    @classmethod
    def from_dict(cls, d: Dict[str, Any], exit_code: int = 0) -> "Report":
        return cls(
            version=str(d.get("version", "")),
            citelint_version=d.get("citelint_version", ""),
            issues=[Issue.from_dict(i) for i in d.get("issues") or []],
            summary=Summary.from_dict(d.get("summary") or {}),
            exit_code=exit_code,
            raw=d,
        )

    @property
    def errors(self) -> int:
        """Issues of severity error, suppressed ones aside."""
        return _count(self.issues, "error")

    @property
    def warnings(self) -> int:
        return _count(self.issues, "warning")

    @property
    def notes(self) -> int:
        return _count(self.issues, "note")


@dataclass(frozen=True)
class JudgeStats:
    """What the host's model was asked (only through MCP sampling; not used by this package)."""

    available: bool
    asked: int
    judged: int
    failed: int
    skipped_cap: int

    @classmethod
    def from_dict(cls, d: Dict[str, Any]) -> "JudgeStats":
        return cls(
            available=bool(d.get("available", False)),
            asked=int(d.get("asked", 0)),
            judged=int(d.get("judged", 0)),
            failed=int(d.get("failed", 0)),
            skipped_cap=int(d.get("skipped_cap", 0)),
        )


@dataclass(frozen=True)
class CheckResult:
    """One document's check (``check_text``).

    ``issues`` and ``summary`` are what ``citelint run --format json`` reports
    for the same document saved at its path.  ``coverage`` is the share of
    claim sentences citing a source; ``grounded`` the share of scored cited
    sentences their sources support (``None`` when no claim-support rule
    scored one).
    """

    issues: List[Issue]
    summary: Summary
    coverage: float
    grounded: Optional[float]
    errors: int
    warnings: int
    notes: int
    network_rules_not_run: List[str] = field(default_factory=list)
    judge: Optional[JudgeStats] = None
    raw: Dict[str, Any] = field(default_factory=dict, repr=False, compare=False)

    @classmethod
    def from_dict(cls, d: Dict[str, Any]) -> "CheckResult":
        g = d.get("grounded")
        j = d.get("judge")
        return cls(
            issues=[Issue.from_dict(i) for i in d.get("issues") or []],
            summary=Summary.from_dict(d.get("summary") or {}),
            coverage=float(d.get("coverage", 0)),
            grounded=None if g is None else float(g),
            errors=int(d.get("errors", 0)),
            warnings=int(d.get("warnings", 0)),
            notes=int(d.get("notes", 0)),
            network_rules_not_run=list(d.get("network_rules_not_run") or []),
            judge=JudgeStats.from_dict(j) if j else None,
            raw=d,
        )

    @property
    def ok(self) -> bool:
        """No error-severity issue and no document that could not be checked."""
        return self.errors == 0 and not self.summary.errors


@dataclass(frozen=True)
class FixResult:
    """``fix_text``'s result: the text with every safe fix applied, and what is left."""

    text: str
    fixed: int
    changed: bool
    issues: List[Issue]
    summary: Summary
    raw: Dict[str, Any] = field(default_factory=dict, repr=False, compare=False)

    @classmethod
    def from_dict(cls, d: Dict[str, Any]) -> "FixResult":
        return cls(
            text=d.get("text", ""),
            fixed=int(d.get("fixed", 0)),
            changed=bool(d.get("changed", False)),
            issues=[Issue.from_dict(i) for i in d.get("issues") or []],
            summary=Summary.from_dict(d.get("summary") or {}),
            raw=d,
        )
