package pipeline

import (
	"cmp"
	"encoding/json"
	"fmt"
	"io"
	"slices"

	"github.com/citelint/citelint/result"
)

// BaselineVersion is the baseline file format this build reads and writes.
const BaselineVersion = 1

// BaselineFile is a baseline: the issues a project has accepted for now
// (`citelint run --write-baseline FILE`), which `--baseline FILE` then
// leaves out, so that a run reports only what is new.
type BaselineFile struct {
	Version int             `json:"version"`
	Entries []BaselineEntry `json:"entries"`
}

// BaselineEntry is one accepted issue. Rule, Path and Fingerprint identify
// it; Line and Message are for the reader of the file and are not matched,
// so that the entry survives lines moving.
type BaselineEntry struct {
	Rule string `json:"rule"`
	// Path is slash-separated, relative to the project root.
	Path string `json:"path"`
	// Fingerprint is result.Fingerprints': the hash of the rule, path and
	// the text of the issue's line, and which of the issues sharing that
	// hash it is.
	Fingerprint string `json:"fingerprint"`
	Line        int    `json:"line,omitempty"`
	Message     string `json:"message,omitempty"`
}

type baselineKey struct{ rule, path, fingerprint string }

func (e *BaselineEntry) key() baselineKey { return baselineKey{e.Rule, e.Path, e.Fingerprint} }

// ReadBaseline decodes a baseline file; name is for errors.
func ReadBaseline(name string, r io.Reader) (*BaselineFile, error) {
	dec := json.NewDecoder(r)
	dec.DisallowUnknownFields()
	var f BaselineFile
	if err := dec.Decode(&f); err != nil {
		return nil, fmt.Errorf("%s: not a citelint baseline: %v", name, err)
	}
	if f.Version != BaselineVersion {
		return nil, fmt.Errorf("%s: baseline version %d, this citelint reads version %d", name, f.Version, BaselineVersion)
	}
	for i, e := range f.Entries {
		if e.Rule == "" || e.Path == "" || e.Fingerprint == "" {
			return nil, fmt.Errorf("%s: entry %d lacks a rule, path or fingerprint", name, i+1)
		}
	}
	return &f, nil
}

// Write encodes the baseline, entries sorted, one per line, so that a
// baseline under version control changes by the lines that changed.
func (f *BaselineFile) Write(w io.Writer) error {
	slices.SortFunc(f.Entries, func(a, b BaselineEntry) int {
		return cmp.Or(cmp.Compare(a.Path, b.Path), cmp.Compare(a.Line, b.Line), cmp.Compare(a.Rule, b.Rule), cmp.Compare(a.Fingerprint, b.Fingerprint))
	})
	if _, err := fmt.Fprintf(w, "{\"version\": %d, \"entries\": [", BaselineVersion); err != nil {
		return err
	}
	for i := range f.Entries {
		b, err := json.Marshal(&f.Entries[i])
		if err != nil {
			return err
		}
		sep := ",\n  "
		if i == 0 {
			sep = "\n  "
		}
		if _, err := fmt.Fprintf(w, "%s%s", sep, b); err != nil {
			return err
		}
	}
	_, err := io.WriteString(w, "\n]}\n")
	return err
}

// Baseline drops the issues a baseline file records (golangci-lint's
// new-from-rev for a project without history, ruff's noqa baseline). It
// runs after Sort: the fingerprint numbers issues that share a line's
// hash in the report's order. Suppressed issues pass untouched and are
// neither matched nor recorded.
type Baseline struct {
	// Path gives the path entries use for an issue: relative to the
	// project root, slash-separated, so that the file works from any
	// folder and on any machine.
	Path func(iss *result.Issue) string
	// Record, when set, collects an entry for every issue seen and
	// drops them all, for --write-baseline: what it writes is accepted.
	Record bool

	known    map[baselineKey]bool
	matched  map[baselineKey]bool
	fps      result.Fingerprints
	dropped  int
	recorded []BaselineEntry
}

// NewBaseline returns the stage for f (nil: drop nothing, as for a run
// that only writes a baseline).
func NewBaseline(f *BaselineFile, path func(*result.Issue) string, record bool) *Baseline {
	b := &Baseline{Path: path, Record: record, known: map[baselineKey]bool{}, matched: map[baselineKey]bool{}}
	if f != nil {
		for i := range f.Entries {
			b.known[f.Entries[i].key()] = true
		}
	}
	return b
}

// Fork returns a stage that shares b's baseline entries, which no stage
// writes, with counts of its own: one file's issues can be checked while
// other files' are, without building the entries' index again.
func (b *Baseline) Fork() *Baseline {
	return &Baseline{Path: b.Path, Record: b.Record, known: b.known, matched: map[baselineKey]bool{}}
}

func (*Baseline) Name() string { return "baseline" }

func (b *Baseline) Process(issues []result.Issue) []result.Issue {
	out := issues[:0]
	for i := range issues {
		iss := &issues[i]
		if iss.Suppressed {
			out = append(out, *iss)
			continue
		}
		path := b.Path(iss)
		e := BaselineEntry{Rule: iss.Rule, Path: path, Fingerprint: b.fps.Next(iss.Rule, path, iss.SourceLine), Line: iss.Pos.Line, Message: iss.Message}
		if b.Record {
			b.recorded = append(b.recorded, e)
			b.dropped++
			continue
		}
		if k := e.key(); b.known[k] {
			b.matched[k] = true
			b.dropped++
			continue
		}
		out = append(out, *iss)
	}
	return out
}

// Dropped is how many issues the baseline left out.
func (b *Baseline) Dropped() int { return b.dropped }

// Gone counts the baseline's entries that no issue matched, among those
// whose path linted says was linted this run (a run over part of the
// project says nothing of the rest).
func (b *Baseline) Gone(linted func(path string) bool) int {
	n := 0
	for k := range b.known {
		if !b.matched[k] && linted(k.path) {
			n++
		}
	}
	return n
}

// Recorded returns the baseline of every issue seen (with Record).
func (b *Baseline) Recorded() *BaselineFile {
	return &BaselineFile{Version: BaselineVersion, Entries: b.recorded}
}
