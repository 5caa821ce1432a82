package markdown

import (
	"os"
	"path/filepath"
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
		for i, m := range b.identBuf[:cap(b.identBuf)] {
			if m.Raw != "" || m.ID != "" {
				t.Errorf("identBuf[%d] = %+v", i, m)
			}
		}
		for i, c := range b.rawCites[:cap(b.rawCites)] {
			if c.Label != "" || c.Kind != "" {
				t.Errorf("rawCites[%d] = %+v", i, c)
			}
		}
		for i, c := range b.cands[:cap(b.cands)] {
			if c.Label != "" || c.Kind != "" {
				t.Errorf("cands[%d] = %+v", i, c)
			}
		}
		for i, r := range b.refs[:cap(b.refs)] {
			if r.Label != "" || r.Text != "" || r.Kind != "" {
				t.Errorf("refs[%d] = %+v", i, r)
			}
		}
		for i, c := range b.claims[:cap(b.claims)] {
			if c.Citations != nil {
				t.Errorf("claims[%d] = %+v", i, c)
			}
		}
	}
}
