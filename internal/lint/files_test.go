package lint

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/citelint/citelint/internal/rules"
	"github.com/citelint/citelint/internal/rules/input"
	"github.com/citelint/citelint/internal/rules/references"
)

// TestWalkAndRunSurviveBadFiles: a dangling link is a walk error naming
// the file; a binary file and an unreadable one are an unreadable-file
// finding on that file, and one that is not UTF-8 is read, with a
// document finding at its first bad byte; the good file is still linted.
// A symlink loop is no error: the folder is walked once.
func TestWalkAndRunSurviveBadFiles(t *testing.T) {
	dir := t.TempDir()
	write := func(name, content string) string {
		p := filepath.Join(dir, name)
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	write("good.md", "A claim [1].\n\n[1]: https://example.org\n")
	write("bin.md", "abc\x00def")
	write("latin1.md", "line one\ncaf\xe9 claim [1].\n\n[2]: https://example.org\n")
	if err := os.Symlink(".", filepath.Join(dir, "loop")); err != nil {
		t.Skip("no symlinks:", err)
	}
	os.Symlink("missing.md", filepath.Join(dir, "dangling.md"))
	unreadable := write("secret.md", "x")
	os.Chmod(unreadable, 0)

	files, walkErrs := Walk([]string{dir}, "", []string{"**/*.md"}, nil)
	var werr []string
	for _, e := range walkErrs {
		werr = append(werr, e.Error())
	}
	joined := strings.Join(werr, "\n")
	if strings.Contains(joined, "loop") || !strings.Contains(joined, "dangling.md") {
		t.Errorf("walk errors:\n%s", joined)
	}
	res := Run(context.Background(), files, Options{Rules: enable(input.Document, input.UnreadableFile, references.UnresolvableLabel)})
	got := map[string]string{}
	for _, r := range res {
		if r.Err != nil {
			t.Errorf("%s: error %v, want findings", r.Path, r.Err)
		}
		var msgs []string
		for _, is := range r.Issues {
			msgs = append(msgs, fmt.Sprintf("%d:%s:%s", is.Pos.Line, is.Rule, is.Message))
		}
		got[filepath.Base(r.Path)] = strings.Join(msgs, "\n")
	}
	if got["good.md"] != "" {
		t.Errorf("good.md: %s", got["good.md"])
	}
	if !strings.HasPrefix(got["bin.md"], "1:unreadable-file:binary file") {
		t.Errorf("bin.md: %q", got["bin.md"])
	}
	if !strings.Contains(got["latin1.md"], "2:document:not valid UTF-8 (byte 0xe9 on line 2): read as Windows-1252") ||
		!strings.Contains(got["latin1.md"], "2:unresolvable-label:") {
		t.Errorf("latin1.md: %q, want the encoding noted and the file linted", got["latin1.md"])
	}
	if os.Getuid() != 0 && !strings.Contains(got["secret.md"], "1:unreadable-file:cannot open the file: permission denied") {
		t.Errorf("secret.md: %q", got["secret.md"])
	}
}

// enable returns the rules rs with their default settings.
func enable(rs ...*rules.Rule) []Enabled {
	var out []Enabled
	for _, r := range rs {
		out = append(out, Enabled{Rule: r, Settings: r.DefaultSettings()})
	}
	return out
}

// TestWalkDanglingLinks: a dangling symbolic link to a file citelint
// would not lint (manuscript.pdf, a folder gone) is ignored; one with a
// Markdown name is an error naming it. Before issue 20 (defect 11) the
// first failed the whole run with exit 3.
func TestWalkDanglingLinks(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "good.md"), []byte("Text.\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for link, target := range map[string]string{"manuscript.pdf": "build/manuscript.pdf", "old": "gone", "draft.md": "missing.md", "NOTES.MD": "nope"} {
		if err := os.Symlink(target, filepath.Join(dir, link)); err != nil {
			t.Skip("no symlinks:", err)
		}
	}
	files, errs := Walk([]string{dir}, "", nil, nil)
	if len(files) != 1 || filepath.Base(files[0]) != "good.md" {
		t.Errorf("files = %q", files)
	}
	var got []string
	for _, e := range errs {
		got = append(got, filepath.Base(e.Path))
	}
	if strings.Join(got, " ") != "NOTES.MD draft.md" {
		t.Errorf("walk errors name %q, want the Markdown-named links only", got)
	}
}

// TestRunEachOrder: results come once each and in the order of files,
// whatever their sizes and the number of workers, and a cancelled run still
// yields one result (an error) per file.
func TestRunEachOrder(t *testing.T) {
	dir := t.TempDir()
	var files []string
	for i := 0; i < 40; i++ {
		p := filepath.Join(dir, fmt.Sprintf("f%02d.md", i))
		// A few large files among small ones, so workers finish out of order.
		body := strings.Repeat("A sentence that cites nothing at all, repeated.\n", 1+(i%7)*400)
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
		files = append(files, p)
	}
	for _, workers := range []int{1, 2, 3, 8, 64} {
		var got []string
		RunEach(context.Background(), files, Options{Concurrency: workers}, func(r FileResult) { got = append(got, r.Path) })
		if strings.Join(got, "\n") != strings.Join(files, "\n") {
			t.Errorf("%d workers: results in order\n%s\nwant\n%s", workers, strings.Join(got, "\n"), strings.Join(files, "\n"))
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	n := 0
	RunEach(ctx, files, Options{Concurrency: 2}, func(r FileResult) {
		if r.Err == nil || r.Path != files[n] {
			t.Errorf("cancelled run, result %d: %+v", n, r)
		}
		n++
	})
	if n != len(files) {
		t.Errorf("cancelled run gave %d results, want %d", n, len(files))
	}
	if len(Run(context.Background(), nil, Options{})) != 0 {
		t.Error("Run of no files gave results")
	}
}

// TestWalkConfined: a directory walk does not follow a link out of the
// project or into its .git; it names the link as not linted, and goes on.
func TestWalkConfined(t *testing.T) {
	outside := t.TempDir()
	secret := filepath.Join(outside, "secret.md")
	if err := os.WriteFile(secret, []byte("token [1]\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	root := t.TempDir()
	docs := filepath.Join(root, "docs")
	for _, d := range []string{docs, filepath.Join(root, ".git")} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	write := func(p, s string) {
		if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(filepath.Join(docs, "a.md"), "A [1].\n")
	write(filepath.Join(root, ".git", "config.md"), "[remote]\n")
	write(filepath.Join(root, "shared.md"), "Shared.\n")
	for link, target := range map[string]string{
		"out.md":    secret,
		"outdir":    outside,
		"git.md":    filepath.Join(root, ".git", "config.md"),
		"shared.md": filepath.Join(root, "shared.md"), // inside the project: followed
	} {
		if err := os.Symlink(target, filepath.Join(docs, link)); err != nil {
			t.Skip("symlinks:", err)
		}
	}
	var warned []string
	files, errs := WalkWith([]string{docs}, WalkOptions{Root: root, Warn: func(m string) { warned = append(warned, m) }})
	var got []string
	for _, f := range files {
		got = append(got, filepath.Base(f))
	}
	if strings.Join(got, " ") != "a.md shared.md" {
		t.Errorf("files %v, want a.md shared.md", got)
	}
	if len(errs) != 0 {
		t.Errorf("a link out of the project is skipped, not an error: %v", errs)
	}
	joined := strings.Join(warned, "\n")
	for _, l := range []string{"out.md: symbolic link not followed: it leads outside", "outdir: symbolic link not followed: it leads outside", "git.md: symbolic link not followed: it leads into the project's .git"} {
		if !strings.Contains(joined, l) {
			t.Errorf("no warning %q in\n%s", l, joined)
		}
	}
	// Without a root nothing is confined, as before.
	if files, _ := Walk([]string{docs}, "", nil, nil); len(files) != 5 {
		t.Errorf("Walk found %v, want all five Markdown files", files)
	}
}

// TestWalkRelativeLinks: walked from a relative path (the default ".",
// the Action's "docs"), links inside the project are followed and links to
// files citelint does not lint are ignored, with no error and no warning.
// Before issue 37 every such link was "outside the project" and the run
// exited 3: a relative real path was compared with the absolute root.
func TestWalkRelativeLinks(t *testing.T) {
	root := t.TempDir()
	docs := filepath.Join(root, "docs")
	if err := os.MkdirAll(filepath.Join(docs, "sub"), 0o755); err != nil {
		t.Fatal(err)
	}
	for name, body := range map[string]string{"docs/a.md": "A.\n", "docs/x.py": "print(1)\n", "docs/logo.png": "png"} {
		if err := os.WriteFile(filepath.Join(root, filepath.FromSlash(name)), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for link, target := range map[string]string{
		"docs/link.py":     "x.py",
		"docs/pic.png":     "logo.png",
		"docs/same.md":     "a.md",
		"docs/sub/up.md":   "../a.md",
		"docs/sub/dir":     "..",
		"docs/elsewhere":   "/nonexistent-citelint-target/x.py",
		"docs/sub/gone.py": "missing.py",
	} {
		if err := os.Symlink(target, filepath.Join(root, filepath.FromSlash(link))); err != nil {
			t.Skip("symlinks:", err)
		}
	}
	t.Chdir(root)
	for _, start := range []string{".", "docs", "./docs/"} {
		var warned []string
		files, errs := WalkWith([]string{start}, WalkOptions{Root: root, Warn: func(m string) { warned = append(warned, m) }})
		if len(errs) != 0 || len(warned) != 0 {
			t.Errorf("walk from %q: errors %v, warnings %q; want none", start, errs, warned)
		}
		var got []string
		for _, f := range files {
			got = append(got, strings.TrimPrefix(filepath.ToSlash(f), "./"))
		}
		// docs/sub/dir is docs again, already visited: walked once.
		want := "docs/a.md docs/same.md docs/sub/up.md"
		if strings.Join(got, " ") != want {
			t.Errorf("walk from %q found %q, want %q", start, got, want)
		}
	}
}

// TestWalkExclude: run.exclude prunes a directory its "/**" glob covers
// and drops the files its other globs match; include selects the rest.
func TestWalkExclude(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{"README.md", "docs/a/b.markdown", "docs/a.txt", "build/x/y.md", "docs/drafts/x.md", "docs/drafts/sub/z.md"} {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte("# x\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	files, errs := Walk([]string{dir}, dir, []string{"**/*.md", "**/*.markdown"}, []string{"build/**", "**/drafts/*.md"})
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	var got []string
	for _, f := range files {
		got = append(got, relSlash(dir, f))
	}
	want := []string{"README.md", "docs/a/b.markdown", "docs/drafts/sub/z.md"}
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("Walk = %q, want %q", got, want)
	}
}
