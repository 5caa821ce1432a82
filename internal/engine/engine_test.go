package engine_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/citelint/citelint/config"
	"github.com/citelint/citelint/internal/engine"
	"github.com/citelint/citelint/internal/lint"
	"github.com/citelint/citelint/result"
)

// doc has one unresolvable-label issue, on line 3.
const doc = "# Notes\n\nWater boils at 100 °C at sea level [2].\n\n## References\n\n1. Smith, J. Boiling. 2020.\n"

// newEngine loads yaml as the config of a fresh project folder.
func newEngine(t *testing.T, yaml string) (*engine.Engine, string) {
	t.Helper()
	dir := t.TempDir()
	cfg := config.New(engine.ConfigOptions())
	if yaml != "" {
		path := filepath.Join(dir, ".citelint.yaml")
		if err := os.WriteFile(path, []byte(yaml), 0o644); err != nil {
			t.Fatal(err)
		}
		var err error
		if cfg, err = config.Load(path, engine.ConfigOptions()); err != nil {
			t.Fatal(err)
		}
	}
	eng, err := engine.New(cfg, engine.Options{WorkDir: dir})
	if err != nil {
		t.Fatal(err)
	}
	return eng, dir
}

// TestLintBytesPipeline checks that LintBytes applies what the config
// says after the rules: exclusions, severity and suppression comments.
func TestLintBytesPipeline(t *testing.T) {
	tests := []struct {
		name, yaml, src string
		want            []string // rule:line:severity, suppressed marked "!"
	}{
		{"default", "", doc, []string{"unresolvable-label:3:error"}},
		{"excluded by text", "version: \"1\"\nexclusions:\n  rules:\n    - text: \"citation \\\\[2\\\\]\"\n", doc, nil},
		{"excluded by path", "version: \"1\"\nexclusions:\n  paths: [\"notes.md\"]\n", doc, nil},
		{"severity", "version: \"1\"\nseverity:\n  rules:\n    - rules: [unresolvable-label]\n      severity: note\n", doc, []string{"unresolvable-label:3:note"}},
		{"rule disabled", "version: \"1\"\nrules:\n  disable: [unresolvable-label]\n", doc, nil},
		{"suppressed", "", strings.Replace(doc, "Water", "<!-- citelint-disable-next-line unresolvable-label -->\nWater", 1), []string{"!unresolvable-label:4:error"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			eng, dir := newEngine(t, tc.yaml)
			r := eng.LintBytes(context.Background(), filepath.Join(dir, "notes.md"), []byte(tc.src))
			if len(r.Summary.Errors) > 0 {
				t.Fatalf("errors: %v", r.Summary.Errors)
			}
			if got := describe(r.Issues); !reflect.DeepEqual(got, tc.want) {
				t.Errorf("issues = %q, want %q", got, tc.want)
			}
		})
	}
}

func describe(issues []result.Issue) []string {
	var out []string
	for _, iss := range issues {
		s := iss.Rule + ":" + itoa(iss.Pos.Line) + ":" + iss.Severity.String()
		if iss.Suppressed {
			s = "!" + s
		}
		out = append(out, s)
	}
	return out
}

func itoa(n int) string { return strconv.Itoa(n) }

// TestLintBytesCancelled: a cancelled run reports the file as not
// checked, never as clean.
func TestLintBytesCancelled(t *testing.T) {
	eng, _ := newEngine(t, "")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	r := eng.LintBytes(ctx, "notes.md", []byte(doc))
	if len(r.Issues) != 0 || len(r.Summary.Errors) != 1 || !strings.Contains(r.Summary.Errors[0].Msg, "not checked") {
		t.Fatalf("issues %v, errors %v; want the file not checked", r.Issues, r.Summary.Errors)
	}
}

// TestLintBytesBadInput: bytes that are not UTF-8 are read (as
// Windows-1252) with a document finding at the first bad byte; bytes
// that are not text are an unreadable-file finding; neither is an error
// of the run nor a panic.
func TestLintBytesBadInput(t *testing.T) {
	eng, _ := newEngine(t, "")
	for _, tc := range []struct{ src, want string }{
		{"ok\n\xff\n", "bad.md:2:1: document: not valid UTF-8 (byte 0xff on line 2): read as Windows-1252"},
		{"ok\n\x00\n", "bad.md:1:1: unreadable-file: binary file (contains NUL bytes)"},
	} {
		r := eng.LintBytes(context.Background(), "bad.md", []byte(tc.src))
		if len(r.Summary.Errors) != 0 || len(r.Issues) != 1 {
			t.Fatalf("%q: errors %+v, issues %+v; want one issue", tc.src, r.Summary.Errors, r.Issues)
		}
		is := r.Issues[0]
		if got := fmt.Sprintf("%s:%d:%d: %s: %s", is.Path, is.Pos.Line, is.Pos.Column, is.Rule, is.Message); !strings.HasPrefix(got, tc.want) {
			t.Errorf("%q: %s, want %s", tc.src, got, tc.want)
		}
	}
}

// TestLintPaths: a bad file does not stop the others, and a file on disk
// gets the issues LintBytes gives for its bytes.
func TestLintPaths(t *testing.T) {
	eng, dir := newEngine(t, "")
	good := filepath.Join(dir, "a.md")
	bad := filepath.Join(dir, "b.md")
	os.WriteFile(good, []byte(doc), 0o644)
	os.WriteFile(bad, []byte("\x00binary"), 0o644)
	r := eng.LintPaths(context.Background(), []string{dir})
	if r.Summary.Files != 2 {
		t.Errorf("files = %d, want 2", r.Summary.Files)
	}
	if len(r.Summary.Errors) != 0 {
		t.Errorf("errors = %+v, want none: a file that cannot be read is a finding", r.Summary.Errors)
	}
	mem := eng.LintBytes(context.Background(), good, []byte(doc))
	if len(r.Issues) != 2 || !reflect.DeepEqual(r.Issues[:1], mem.Issues) {
		t.Fatalf("LintPaths issues %+v\nLintBytes issues %+v", r.Issues, mem.Issues)
	}
	if is := r.Issues[1]; is.Path != bad || is.Rule != "unreadable-file" {
		t.Errorf("issue %+v, want unreadable-file on %s", is, bad)
	}
}

// TestNewErrors: a bibliography that cannot be read is an error naming it.
func TestNewErrors(t *testing.T) {
	cfg := config.New(engine.ConfigOptions())
	_, err := engine.New(cfg, engine.Options{WorkDir: t.TempDir(), Bibliographies: []string{"/nonexistent/refs.bib"}})
	if err == nil || !strings.Contains(err.Error(), "bibliography:") || !strings.Contains(err.Error(), "refs.bib") {
		t.Fatalf("err = %v, want a bibliography error naming refs.bib", err)
	}
}

// TestLintBytesConcurrent: one Engine serves several goroutines (an
// editor server linting buffers at once); run with -race.
func TestLintBytesConcurrent(t *testing.T) {
	eng, _ := newEngine(t, "")
	want := describe(eng.LintBytes(context.Background(), "notes.md", []byte(doc)).Issues)
	errs := make(chan string, 8)
	for range 8 {
		go func() {
			got := describe(eng.LintBytes(context.Background(), "notes.md", []byte(doc)).Issues)
			if !reflect.DeepEqual(got, want) {
				errs <- strings.Join(got, ",")
				return
			}
			errs <- ""
		}()
	}
	for range 8 {
		if e := <-errs; e != "" {
			t.Errorf("concurrent LintBytes gave %s, want %v", e, want)
		}
	}
}

// TestStdin: a path "-" is standard input, read once into the options
// (the network pass and the lint both see it); a failed read is its
// error and the other files are still linted.
func TestStdin(t *testing.T) {
	eng, dir := newEngine(t, "")
	a := filepath.Join(dir, "a.md")
	os.WriteFile(a, []byte(doc), 0o644)
	fs := eng.Walk([]string{"-", a})
	if fs.Stdin != "-" || len(fs.Paths) != 2 {
		t.Fatalf("Walk = %+v, want standard input and a.md", fs)
	}
	fs.ReadStdin(strings.NewReader(doc))
	opts := eng.Options(fs)
	for range 2 {
		if res := lint.Run(context.Background(), fs.Paths, opts); len(res) != 2 || res[0].Err != nil || len(res[0].Issues) != 1 {
			t.Fatalf("results %+v, want standard input's issue each time", res)
		}
	}

	fs = eng.Walk([]string{"-", a})
	fs.ReadStdin(iotest.ErrReader(errors.New("broken pipe")))
	if len(fs.Errs) != 1 || fs.Errs[0].Path != "-" || !strings.Contains(fs.Errs[0].Error(), "broken pipe") || !reflect.DeepEqual(fs.Paths, []string{a}) {
		t.Fatalf("after a failed read: %+v", fs)
	}
}

// TestReportsSettings checks that rules.default: reports changes a rule's
// default settings (unused-reference's linked-lists) and that the
// config's own settings still win.
func TestReportsSettings(t *testing.T) {
	const linkedDoc = "# Land finance\n\nLand sales fell to 4.15 trillion yuan in 2025 ([source](https://example.org/a)).\n\n" +
		"## References\n\n1. Ministry, report 2025\n   https://example.org/a\n2. Think tank, outlook\n   https://example.org/b\n"
	tests := []struct {
		name, yaml string
		want       int // unused-reference findings
	}{
		{"standard", "", 0},
		{"reports", "version: \"1\"\nrules:\n  default: reports\n", 1},
		{"reports, turned off", "version: \"1\"\nrules:\n  default: reports\n  settings:\n    unused-reference:\n      linked-lists: false\n", 0},
		{"standard, turned on", "version: \"1\"\nrules:\n  settings:\n    unused-reference:\n      linked-lists: true\n", 1},
	}
	for _, tc := range tests {
		eng, _ := newEngine(t, tc.yaml)
		rep := eng.LintBytes(context.Background(), "report.md", []byte(linkedDoc))
		n := 0
		for _, iss := range rep.Issues {
			if iss.Rule == "unused-reference" {
				n++
			}
		}
		if n != tc.want {
			t.Errorf("%s: %d unused-reference findings, want %d", tc.name, n, tc.want)
		}
	}
}
