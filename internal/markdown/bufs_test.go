package markdown

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// TestFreeBufsHoldNoStrings: buffers on the free list must not keep the
// strings of the documents parsed with them alive (reset clears only up
// to the slices' lengths, which relies on code that shortens them).
func TestFreeBufsHoldNoStrings(t *testing.T) {
	files, _ := filepath.Glob("testdata/extract/*.md")
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		Parse(src, Options{KnownKey: func(string) bool { return true }})
		// Math drops candidates: "$[1]$" exercises dropInMath.
		Parse(append(src, "\n\nSee $x = [1]$ and [2] and doi:10.1000/x and 2020.[3]\n"...), Options{})
	}
	for {
		var b *bufs
		select {
		case b = <-freeBufs:
		default:
			return
		}
		// The scanner's and the reference lists' buffers are theirs
		// (inline.Scanner.Reset, reflist.Builder.Reset): every string
		// their slices' arrays hold, up to their capacity, must be gone.
		noStrings(t, "scan", reflect.ValueOf(&b.scan).Elem())
		noStrings(t, "refLists", reflect.ValueOf(&b.refLists).Elem())
		for i, h := range b.headings[:cap(b.headings)] {
			if h.Text != "" || h.Level != 0 {
				t.Errorf("headings[%d] = %+v", i, h)
			}
		}
		for i, r := range b.refs[:cap(b.refs)] {
			if r.Label != "" || r.Text != "" || r.Kind != "" {
				t.Errorf("refs[%d] = %+v", i, r)
			}
		}
	}
}

// noStrings reports every non-empty string that v holds in its fields,
// arrays and slices (up to their capacity: what reset keeps), unexported
// ones too. Pointers, maps and functions are not followed.
func noStrings(t *testing.T, path string, v reflect.Value) {
	t.Helper()
	switch v.Kind() {
	case reflect.String:
		if v.Len() > 0 {
			t.Errorf("%s = %q", path, v.String())
		}
	case reflect.Struct:
		for i := range v.NumField() {
			noStrings(t, path+"."+v.Type().Field(i).Name, v.Field(i))
		}
	case reflect.Array:
		for i := range v.Len() {
			noStrings(t, fmt.Sprintf("%s[%d]", path, i), v.Index(i))
		}
	case reflect.Slice:
		all := v.Slice(0, v.Cap())
		for i := range all.Len() {
			noStrings(t, fmt.Sprintf("%s[%d]", path, i), all.Index(i))
		}
	}
}

// TestProseCutsOneLine: the markers of one long line, scanned in pieces
// (inline's proseCuts), are those of the same text over many lines, where
// no cut is needed.
func TestProseCutsOneLine(t *testing.T) {
	long := []byte(strings.Repeat("Claim [1]. Claim [@k2] x ", 5000))
	lines := bytes.ReplaceAll(long, []byte(" x "), []byte(" x\n"))
	a, b := Parse(long, Options{}), Parse(lines, Options{})
	if len(a.Citations) != 10000 || len(a.Citations) != len(b.Citations) {
		t.Fatalf("%d citations on one line, %d over lines, want 10000", len(a.Citations), len(b.Citations))
	}
	for i := range a.Citations {
		if x, y := &a.Citations[i], &b.Citations[i]; x.Label != y.Label || x.Span != y.Span || x.Kind != y.Kind {
			t.Fatalf("citation %d: %+v on one line, %+v over lines", i, x, y)
		}
	}
}
