package bib

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestBibTeXLimits: what a broken or hostile .bib costs is bounded, and
// the errors say which file and line and which limit.
func TestBibTeXLimits(t *testing.T) {
	big := strings.Repeat("x", 1000)
	tests := []struct {
		name    string
		src     string
		keys    []string // entries returned, in order
		errs    []string // each a substring of one line of the error, in order
		lines   int      // lines of error; 0: len(errs)
		notWant string   // must not be in the error
	}{
		{name: "valid", src: "@a{k1, t = {x}}\n@b{k2, t = \"y\"}\n", keys: []string{"k1", "k2"}},
		{name: "a value may span a line starting with @",
			src:  "@a{k1, abstract = {one\n@two\n}}\n@b{k2, t = \"y\n  @z\"}\n",
			keys: []string{"k1", "k2"}},
		{name: "after a broken entry, the next lines starting with @ are entries",
			src:  "@a{k1, t = {open\n@b{k2, t = {x}}\n@c{k3, t = \"open\n@d{k4, t = {y}}\n",
			keys: []string{"k2", "k4"},
			errs: []string{"f.bib:1: unbalanced braces", "f.bib:3: unterminated quoted value"}},
		{name: "inside a broken entry's text, a value runs over a line that only starts with @",
			src:  "@a{k1, t = {open\n@b{k2, abstract = {one\n@two\n@ICML 2020\n}}\n",
			keys: []string{"k2"},
			errs: []string{"f.bib:1: unbalanced braces"}},
		{name: "inside a broken entry's text, a value stops at a line that starts an entry",
			src:  "@a{k1, t = {open\n@b{k2, abstract = {one\n@c{k3, t = {x}}\n@d\n{k4, t = {y}}\n",
			keys: []string{"k3", "k4"},
			errs: []string{"f.bib:1: unbalanced braces", "f.bib:2: unbalanced braces"}},
		{name: "first MaxErrors errors, then a count",
			src:   strings.Repeat("@x\n", MaxErrors+7) + "@a{k1}\n",
			keys:  []string{"k1"},
			errs:  []string{"f.bib:1: expected { after @x", "f.bib:100: expected { after @x", "f.bib: and 7 more malformed entries"},
			lines: MaxErrors + 1, notWant: "f.bib:101:"},
		{name: "one more is an entry",
			src:   strings.Repeat("@x\n", MaxErrors+1),
			errs:  []string{"f.bib: and 1 more malformed entry"},
			lines: MaxErrors + 1},
		{name: "a macro may be used",
			src:  "@string{b = \"" + big + "\"}\n@a{k1, t = b # b}\n",
			keys: []string{"k1"}},
		{name: "one value may not grow past MaxMacroValue",
			src:  "@string{b = \"" + big + "\"}\n@a{k1, t = " + strings.Repeat("b # ", MaxMacroValue/len(big)) + "b}\n@a{k2, t = b}\n",
			keys: []string{"k2"},
			errs: []string{"f.bib:2: @string macros expand this value by more than 1048576 bytes (the limit for one value)"}},
		{name: "a macro of macros is a value",
			src:  "@string{b = \"" + big + "\"}\n@string{c = " + strings.Repeat("b # ", MaxMacroValue/len(big)) + "b}\n@a{k2, t = b}\n",
			keys: []string{"k2"},
			errs: []string{"f.bib:2: @string macros expand this value by more than"}},
		{name: "all values may not grow past the file's budget",
			src:  "@string{b = \"" + big + "\"}\n" + strings.Repeat("@a{k, t = "+strings.Repeat("b # ", 99)+"b}\n", 20) + "@z{last}\n",
			keys: []string{"k", "k", "k", "k", "k", "k", "k", "k", "k", "k"}, // 4 x size + 1 MiB: 10 of 100 KB
			errs: []string{"f.bib:12: @string macros expand to more than 1085396 bytes in all (the limit is 4 times the file's size plus 1048576); the rest of the file is not read"}},
		{name: "doubling macros stop",
			src: func() string {
				var b strings.Builder
				b.WriteString("@string{s0 = \"ab\"}\n")
				for i := range 40 {
					b.WriteString("@string{s" + itoa(i+1) + " = s" + itoa(i) + " # s" + itoa(i) + "}\n")
				}
				return b.String() + "@a{k1, t = s40}\n"
			}(),
			errs: []string{"f.bib:20: @string macros expand to more than"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			es, err := ParseBibTeX("f.bib", []byte(tt.src))
			var keys []string
			for _, e := range es {
				keys = append(keys, e.Key)
			}
			if strings.Join(keys, " ") != strings.Join(tt.keys, " ") {
				t.Errorf("keys %q, want %q", keys, tt.keys)
			}
			if len(tt.errs) == 0 {
				if err != nil {
					t.Errorf("error %v", err)
				}
				return
			}
			if err == nil {
				t.Fatalf("no error, want %q", tt.errs)
			}
			msgs := strings.Split(err.Error(), "\n")
			want := tt.lines
			if want == 0 {
				want = len(tt.errs)
			}
			if len(msgs) != want {
				t.Errorf("%d lines of error, want %d: %.500q", len(msgs), want, msgs)
			}
			i := 0
			for _, m := range msgs {
				if i < len(tt.errs) && strings.Contains(m, tt.errs[i]) {
					i++
				}
			}
			if i < len(tt.errs) {
				t.Errorf("error %.500q\nwants %q in that order", msgs, tt.errs)
			}
			if tt.notWant != "" && strings.Contains(err.Error(), tt.notWant) {
				t.Errorf("error has %q", tt.notWant)
			}
		})
	}
}

func itoa(i int) string {
	if i < 10 {
		return string(rune('0' + i))
	}
	return itoa(i/10) + string(rune('0'+i%10))
}

// TestParseContext: a parse stops when its context ends, with an error
// naming the file and how far it got, that wraps the context's error.
// The context is looked at every 256 entries and fields (BibTeX: 128
// entries of one field) or CSL items.
func TestParseContext(t *testing.T) {
	bibtex := []byte(strings.Repeat("@a{k, t = {x}}\n", 10000))
	csl := []byte("[\n" + strings.Repeat("{\"id\": \"k\"},\n", 10000) + "{}]")
	expired, cancel := context.WithDeadline(context.Background(), time.Now().Add(-time.Second))
	defer cancel()
	cancelled, cancel2 := context.WithCancel(context.Background())
	cancel2()
	for _, tt := range []struct {
		name string
		data []byte
		ctx  context.Context
		want string
		is   error
	}{
		{"f.bib", bibtex, expired, "f.bib:128: not read to the end: the run reached its time limit (--timeout) (context deadline exceeded)", context.DeadlineExceeded},
		{"f.bib", bibtex, cancelled, "f.bib:128: not read to the end: the run was cancelled", context.Canceled},
		{"f.json", csl, expired, "f.json:256: not read to the end: the run reached its time limit (--timeout)", context.DeadlineExceeded},
		{"f.json", csl, cancelled, "f.json:256: not read to the end: the run was cancelled", context.Canceled},
	} {
		es, err := ParseContext(tt.ctx, tt.name, tt.data)
		if err == nil || !strings.Contains(err.Error(), tt.want) || !errors.Is(err, tt.is) {
			t.Errorf("%s: %v, want %q", tt.name, err, tt.want)
		}
		if len(es) >= 10000 {
			t.Errorf("%s: %d entries: did not stop", tt.name, len(es))
		}
		if es, err := ParseContext(context.Background(), tt.name, tt.data); err != nil || len(es) < 10000 {
			t.Errorf("%s without deadline: %d entries, %v", tt.name, len(es), err)
		}
	}
	p := filepath.Join(t.TempDir(), "refs.bib")
	if err := os.WriteFile(p, bibtex, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := LoadInContext(expired, nil, p); err == nil || !strings.Contains(err.Error(), "refs.bib: not read: the run reached its time limit") || !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("LoadInContext: %v", err)
	}
}

// TestLineNumbers: lines are counted on from entry to entry, and back
// when recovery reads an earlier line again.
func TestLineNumbers(t *testing.T) {
	src := "%c\n\n@a{k1,\n t = {x}}\n@b{k2, t = {open\n\n@c{k3,\n  t = {y}}\n@d{k4, t = {z}\n"
	es, err := ParseBibTeX("f.bib", []byte(src))
	want := map[string]int{"k1": 3, "k3": 7}
	if len(es) != len(want) {
		t.Fatalf("entries %+v", es)
	}
	for _, e := range es {
		if e.Line != want[e.Key] {
			t.Errorf("%s at line %d, want %d", e.Key, e.Line, want[e.Key])
		}
	}
	if err == nil || err.Error() != "f.bib:5: unbalanced braces\nf.bib:9: unterminated entry \"k4\"" {
		t.Errorf("error %q", err)
	}
}

// TestMaxEntries: a file of more entries than maxEntries is read up to
// it, with an error saying where it stopped.
func TestMaxEntries(t *testing.T) {
	defer func(n int) { maxEntries = n }(maxEntries)
	maxEntries = 3
	for _, tt := range []struct{ name, src, want string }{
		{"f.bib", "@a{k1}\n@a{k2}\n@x\n@a{k3}\n@a{k4}\n@a{k5}\n", "f.bib:3: expected { after @x\nf.bib:5: more than 3 entries; the rest of the file is not read"},
		{"f.json", "[{\"id\": \"k1\"},\n{\"id\": \"k2\"},\n{\"id\": \"k3\"},\n{\"id\": \"k4\"},\n{}]", "f.json:3: more than 3 items; the rest of the file is not read"},
	} {
		es, err := Parse(tt.name, []byte(tt.src))
		if len(es) != 3 || es[2].Key != "k3" {
			t.Errorf("%s: %d entries", tt.name, len(es))
		}
		if err == nil || err.Error() != tt.want {
			t.Errorf("%s: error %q, want %q", tt.name, err, tt.want)
		}
	}
	maxEntries = 5
	if es, err := Parse("f.json", []byte("[{},{},{},{},{}]")); len(es) != 5 || err != nil {
		t.Errorf("5 of 5: %d, %v", len(es), err)
	}
}
