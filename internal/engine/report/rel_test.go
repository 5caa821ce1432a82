package report

import (
	"os"
	"path/filepath"
	"testing"
)

// TestRelMatchesAbs holds relFrom to the definition: both paths made
// absolute (filepath.Abs), then related.
func TestRelMatchesAbs(t *testing.T) {
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	paths := []string{"", ".", "a", "a/b.md", "./a/../b.md", "../x.md", "../../y/z.md", "..", "a/..", "../" + filepath.Base(wd) + "/a.md",
		"/abs/a.md", "/", wd, filepath.Join(wd, "a", "b.md"), filepath.Dir(wd)}
	for _, dir := range paths {
		for _, p := range paths {
			d := dir
			if d == "" {
				d = "."
			}
			ad, _ := filepath.Abs(d)
			ap, _ := filepath.Abs(p)
			want, err := filepath.Rel(ad, ap)
			if err != nil {
				want = ap
			}
			if got := relFrom(dir, wd, p); got != filepath.ToSlash(want) {
				t.Errorf("relFrom(%q, wd, %q) = %q, want %q", dir, p, got, want)
			}
		}
	}
}

// TestRelFromConfigDir: paths under a loaded config's (absolute) folder
// come back relative to it; one beside it starts with "../".
func TestRelFromConfigDir(t *testing.T) {
	dir := t.TempDir()
	if got := relFrom(dir, "", filepath.Join(dir, "docs", "x.md")); got != "docs/x.md" {
		t.Errorf("relFrom = %q", got)
	}
	if got := relFrom(dir, "", filepath.Join(filepath.Dir(dir), "other.md")); got != "../other.md" {
		t.Errorf("relFrom outside = %q", got)
	}
}
