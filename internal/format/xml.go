package format

import (
	"crypto/md5"
	"crypto/sha256"
	"encoding"
	"encoding/hex"
	"encoding/json"
	"encoding/xml"
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/citelint/citelint/output"
	"github.com/citelint/citelint/result"
)

// checkstylePrinter writes Checkstyle XML as golangci-lint does.
type checkstylePrinter struct{}

type checkstyleXML struct {
	XMLName xml.Name         `xml:"checkstyle"`
	Version string           `xml:"version,attr"`
	Files   []checkstyleFile `xml:"file"`
}

type checkstyleFile struct {
	Name   string            `xml:"name,attr"`
	Errors []checkstyleError `xml:"error"`
}

type checkstyleError struct {
	Column   int    `xml:"column,attr"`
	Line     int    `xml:"line,attr"`
	Message  string `xml:"message,attr"`
	Severity string `xml:"severity,attr"`
	Source   string `xml:"source,attr"`
}

// byFile groups visible issues by path, paths sorted.
func byFile(r *output.Report) ([]string, map[string][]result.Issue) {
	m := map[string][]result.Issue{}
	for _, i := range r.Visible() {
		m[i.Path] = append(m[i.Path], i)
	}
	paths := make([]string, 0, len(m))
	for p := range m {
		paths = append(paths, p)
	}
	sort.Strings(paths)
	return paths, m
}

// Cut at the time limit (Report.Context), checkstyle, JUnit and
// code-climate reports are valid and shorter: they have no place to say
// so, and the run's exit code and standard error do.
func (checkstylePrinter) Print(w io.Writer, r *output.Report) error {
	out := checkstyleXML{Version: "5.0"}
	paths, m := byFile(r)
	var t timer
	for _, p := range paths {
		if t.up(r) {
			break
		}
		f := checkstyleFile{Name: p}
		for _, i := range m[p] {
			if t.up(r) {
				break
			}
			pos := clampPos(i.Pos)
			sev := i.Severity.String()
			if i.Severity == result.SeverityNote {
				sev = "info"
			}
			f.Errors = append(f.Errors, checkstyleError{Column: pos.Column, Line: pos.Line, Message: i.Message, Severity: sev, Source: "citelint." + i.Rule})
		}
		out.Files = append(out.Files, f)
	}
	return t.err(writeXML(w, out))
}

func writeXML(w io.Writer, v any) error {
	w = &bracketEscaper{w: w, esc: xmlBracket}
	if _, err := io.WriteString(w, xml.Header); err != nil {
		return err
	}
	enc := xml.NewEncoder(w)
	enc.Indent("", "  ")
	if err := enc.Encode(v); err != nil {
		return err
	}
	_, err := io.WriteString(w, "\n")
	return err
}

// junitPrinter writes JUnit XML as golangci-lint does: a suite per file, a
// failing test case per issue.
type junitPrinter struct{}

type junitSuites struct {
	XMLName xml.Name     `xml:"testsuites"`
	Suites  []junitSuite `xml:"testsuite"`
}

type junitSuite struct {
	Name     string      `xml:"name,attr"`
	Tests    int         `xml:"tests,attr"`
	Failures int         `xml:"failures,attr"`
	Cases    []junitCase `xml:"testcase"`
}

type junitCase struct {
	Name      string       `xml:"name,attr"`
	ClassName string       `xml:"classname,attr"`
	Failure   junitFailure `xml:"failure"`
}

type junitFailure struct {
	Message string `xml:"message,attr"`
	Type    string `xml:"type,attr"`
	Content string `xml:",cdata"`
}

func (junitPrinter) Print(w io.Writer, r *output.Report) error {
	var out junitSuites
	paths, m := byFile(r)
	var cur columnCursor
	var t timer
	for _, p := range paths {
		if t.up(r) {
			break
		}
		s := junitSuite{Name: p}
		for _, i := range m[p] {
			if t.up(r) {
				break
			}
			pos := clampPos(i.Pos)
			loc := fmt.Sprintf("%s:%d:%d", p, pos.Line, pos.Column)
			// The line as text output shows it: a window of a long one
			// (a 100 KB line under each of its issues made gigabytes).
			line := strings.TrimRight(i.SourceLine, "\r\n")
			line, _ = echoAt(line, cur.byteAt(line, pos.Column))
			s.Cases = append(s.Cases, junitCase{Name: i.Rule, ClassName: loc, Failure: junitFailure{
				Message: loc + ": " + i.Message, Type: i.Severity.String(),
				// CDATA keeps line breaks and takes no escapes: neutralised,
				// and only characters XML allows (encoding/xml checks
				// attributes and text, not CDATA).
				Content: xmlChars(Neutralize(fmt.Sprintf("%s: %s\nCategory: %s\nFile: %s\nLine: %d\n%s", i.Severity, i.Message, i.Rule, p, pos.Line, line), false)),
			}})
		}
		s.Tests, s.Failures = len(s.Cases), len(s.Cases)
		out.Suites = append(out.Suites, s)
	}
	return t.err(writeXML(w, out))
}

// xmlChars replaces what XML 1.0's Char production does not allow (C0
// controls other than tab, LF and CR; U+FFFE and U+FFFF; bytes that are
// not UTF-8) with U+FFFD, as encoding/xml does in attributes and text. A
// document may hold any of them, and one of them in a report's CDATA
// makes the whole file unreadable to every XML parser.
func xmlChars(s string) string {
	illegal := func(r rune) bool { return !xmlChar(r) }
	if utf8.ValidString(s) && strings.IndexFunc(s, illegal) < 0 {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 2)
	for _, r := range s { // a byte that is not UTF-8 comes as U+FFFD
		if illegal(r) {
			r = utf8.RuneError
		}
		b.WriteRune(r)
	}
	return b.String()
}

// xmlChar is XML 1.0's Char production.
func xmlChar(r rune) bool {
	return r == '\t' || r == '\n' || r == '\r' ||
		r >= 0x20 && r <= 0xD7FF || r >= 0xE000 && r <= 0xFFFD || r >= 0x10000 && r <= 0x10FFFF
}

// codeClimatePrinter writes GitLab Code Quality JSON.
type codeClimatePrinter struct{}

type codeClimateIssue struct {
	Description string              `json:"description"`
	CheckName   string              `json:"check_name"`
	Fingerprint string              `json:"fingerprint"`
	Severity    string              `json:"severity"`
	Location    codeClimateLocation `json:"location"`
}

type codeClimateLocation struct {
	Path  string           `json:"path"`
	Lines codeClimateLines `json:"lines"`
}

type codeClimateLines struct {
	Begin int `json:"begin"`
}

func (codeClimatePrinter) Print(w io.Writer, r *output.Report) error {
	out := []codeClimateIssue{}
	var fps codeClimateFingerprints
	issues := r.Visible()
	n := inTime(r, issues, func(_ int, i *result.Issue) {
		sev := "minor"
		switch i.Severity {
		case result.SeverityError:
			sev = "major"
		case result.SeverityNote:
			sev = "info"
		}
		out = append(out, codeClimateIssue{Description: i.Message, CheckName: i.Rule, Fingerprint: fps.next(i),
			Severity: sev, Location: codeClimateLocation{Path: i.Path, Lines: codeClimateLines{Begin: clampPos(i.Pos).Line}}})
	})
	enc := json.NewEncoder(&bracketEscaper{w: w, esc: jsonBracket})
	enc.SetIndent("", "  ")
	if err := enc.Encode(out); err != nil || n == len(issues) {
		return err
	}
	return output.ErrTimeLimit
}

// codeClimateFingerprints gives each issue the MD5 of its rule, path,
// trimmed line and message, NUL-separated, then NUL and n, the nth issue
// with all four the same. The issues seen are counted by a SHA-256 of
// their line rather than the line, and each line is hashed once per rule
// and path while issues stay on it (result.LineMemo): keyed on the line
// itself, 4,000 issues on one 59 KB line held 362 MB, and hashing it for
// each issue cost issues x line length.
type codeClimateFingerprints struct {
	seen  map[codeClimateKey]int
	lines result.LineMemo[codeClimateRulePath, codeClimateLine]
}

type codeClimateKey struct {
	rule, path, message string
	line                [sha256.Size]byte
}

type codeClimateRulePath struct{ rule, path string }

// codeClimateLine is what is computed once for a rule and path on a line:
// the line's SHA-256 and the MD5 state after "rule\x00path\x00line\x00".
type codeClimateLine struct {
	sum    [sha256.Size]byte
	prefix []byte
}

func (f *codeClimateFingerprints) next(i *result.Issue) string {
	if f.seen == nil {
		f.seen = map[codeClimateKey]int{}
	}
	ln := f.lines.Get(i.SourceLine, codeClimateRulePath{i.Rule, i.Path}, func() codeClimateLine {
		line := strings.TrimSpace(i.SourceLine)
		s := sha256.New()
		io.WriteString(s, line)
		var l codeClimateLine
		s.Sum(l.sum[:0])
		h := md5.New()
		for _, part := range []string{i.Rule, i.Path, line} {
			io.WriteString(h, part)
			io.WriteString(h, "\x00")
		}
		l.prefix, _ = h.(encoding.BinaryMarshaler).MarshalBinary() // cannot fail
		return l
	})
	k := codeClimateKey{i.Rule, i.Path, i.Message, ln.sum}
	f.seen[k]++
	h := md5.New()
	_ = h.(encoding.BinaryUnmarshaler).UnmarshalBinary(ln.prefix) // its own state: cannot fail
	io.WriteString(h, i.Message)
	io.WriteString(h, "\x00")
	io.WriteString(h, strconv.Itoa(f.seen[k]))
	var sum [md5.Size]byte
	return hex.EncodeToString(h.Sum(sum[:0]))
}
