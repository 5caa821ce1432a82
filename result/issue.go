// Package result defines what a rule reports: an Issue at a byte range of a file,
// with an optional Fix. Rules only create issues; the ordered stages in package
// pipeline (suppression, exclusions, severity, de-duplication, limits, sorting)
// and the printers (packages format and reviewpage) consume them.
//
// Positions are carried as byte offsets end to end and converted to lines and
// UTF-16 columns once, by Position, so every output format agrees.
package result

// Severity orders how serious an issue is. The zero value is SeverityUnset so
// that configuration can tell "not set" from "note".
type Severity int

const (
	SeverityUnset Severity = iota
	SeverityNote
	SeverityWarning
	SeverityError
)

func (s Severity) String() string {
	switch s {
	case SeverityNote:
		return "note"
	case SeverityWarning:
		return "warning"
	case SeverityError:
		return "error"
	}
	return "unset"
}

// ParseSeverity accepts the names String returns ("info" is accepted as a
// synonym of note, as golangci-lint users write it).
func ParseSeverity(s string) (Severity, bool) {
	switch s {
	case "note", "info":
		return SeverityNote, true
	case "warning":
		return SeverityWarning, true
	case "error":
		return SeverityError, true
	}
	return SeverityUnset, false
}

// Edit replaces the bytes [Start, End) of the file with New.
type Edit struct {
	Start, End int
	New        string
}

// Fix is a set of edits that together resolve one issue. Safe fixes never change
// what the document claims; Unsafe ones may (ruff's distinction).
type Fix struct {
	Description string
	Edits       []Edit
	Unsafe      bool
}

// Position is a 1-based line and a 1-based column counted in UTF-16 code units,
// as SARIF (columnKind utf16CodeUnits) and GitHub annotations expect.
type Position struct {
	Line, Column int
}

// Related is a place in an issue's file that the issue refers to.
type Related struct {
	Start, End int    // byte offsets, End exclusive
	Message    string // what the place is ("first definition")
}

// Issue is one finding.
type Issue struct {
	Rule     string   // kebab-case rule name, e.g. "unresolvable-label"
	Severity Severity // after the severity stage; rules set their default
	Message  string
	Path     string // slash-separated, as given on the command line or found by the walk

	// Byte offsets into the file as read (BOM included); End is exclusive.
	Start, End int
	// Filled in from Start/End by the pipeline; printers use these.
	Pos, EndPos Position

	// SourceLine is the text of the line at Pos, for the text printer's caret.
	SourceLine string

	Fix *Fix

	// Related are other places in the same file that the finding is
	// about (the first definition of a label defined twice), as byte
	// offsets like Start and End; the editor shows them as the
	// diagnostic's relatedInformation. Only rules that already know the
	// place set it.
	Related []Related

	// Suppressed is set (with the justification) when an in-source directive
	// silenced the issue; printers that can carry suppressions (SARIF) keep it.
	Suppressed    bool
	Justification string
}
