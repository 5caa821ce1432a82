package archtest

import (
	"bufio"
	"bytes"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// row is one line of ARCHITECTURE.md's package table: the packages it is
// about (names, or a folder's packages as "resolve/*") and what they may
// import (all, for "everything").
type row struct {
	line     int
	names    []string
	mayAll   bool
	mayNames []string
}

var ticked = regexp.MustCompile("`([^`]+)`")

// readTable reads the table under "## Packages".
func readTable(t *testing.T, doc []byte) []row {
	t.Helper()
	var rows []row
	in := false
	sc := bufio.NewScanner(bytes.NewReader(doc))
	for n := 1; sc.Scan(); n++ {
		l := sc.Text()
		if strings.HasPrefix(l, "## ") {
			in = l == "## Packages"
			continue
		}
		if !in || !strings.HasPrefix(l, "| `") {
			continue
		}
		cells := strings.Split(strings.Trim(l, "|"), " | ")
		if len(cells) != 3 {
			t.Fatalf("ARCHITECTURE.md:%d: want 3 cells (package, owns, may import), got %d", n, len(cells))
		}
		r := row{line: n, mayAll: strings.Contains(cells[2], "everything")}
		for _, m := range ticked.FindAllStringSubmatch(cells[0], -1) {
			r.names = append(r.names, m[1])
		}
		for _, m := range ticked.FindAllStringSubmatch(cells[2], -1) {
			r.mayNames = append(r.mayNames, m[1])
		}
		rows = append(rows, r)
	}
	if len(rows) < 10 {
		t.Fatalf("ARCHITECTURE.md: found %d rows of the package table under ## Packages", len(rows))
	}
	return rows
}

// matches reports whether pattern (a package, or "dir/*" for the packages
// under dir) names pkg.
func matches(pattern, pkg string) bool {
	if dir, ok := strings.CutSuffix(pattern, "/*"); ok {
		return strings.HasPrefix(pkg, dir+"/")
	}
	return pattern == pkg
}

// rowOf is the row about pkg: the one naming it, else the one whose
// "dir/*" holds it, else the nearest folder above it that has a row
// (bench/gencorpus is bench's).
func rowOf(rows []row, pkg string) (row, bool) {
	for _, exact := range []bool{true, false} {
		for _, r := range rows {
			for _, n := range r.names {
				if exact && n == pkg || !exact && strings.HasSuffix(n, "/*") && matches(n, pkg) {
					return r, true
				}
			}
		}
	}
	for dir := filepath.ToSlash(filepath.Dir(pkg)); dir != "."; dir = filepath.ToSlash(filepath.Dir(dir)) {
		for _, r := range rows {
			if slices.Contains(r.names, dir) {
				return r, true
			}
		}
	}
	return row{}, false
}

// moduleImports maps each package of the module (a folder holding .go
// files, testdata and hidden folders skipped) to the module's packages its
// non-test files import, with every build tag's files read.
func moduleImports(t *testing.T, root, module string) map[string][]string {
	t.Helper()
	imports := map[string][]string{}
	fset := token.NewFileSet()
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		name := d.Name()
		if d.IsDir() {
			if path != root && (name == "testdata" || name == "node_modules" || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_")) {
				return filepath.SkipDir
			}
			if _, err := os.Stat(filepath.Join(path, "go.mod")); err == nil && path != root {
				return filepath.SkipDir // another module
			}
			return nil
		}
		if !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
			return nil
		}
		rel, err := filepath.Rel(root, filepath.Dir(path))
		if err != nil {
			return err
		}
		pkg := filepath.ToSlash(rel)
		f, err := parser.ParseFile(fset, path, nil, parser.ImportsOnly)
		if err != nil {
			return err
		}
		if _, ok := imports[pkg]; !ok {
			imports[pkg] = nil
		}
		for _, imp := range f.Imports {
			p, err := strconv.Unquote(imp.Path.Value)
			if err != nil {
				return err
			}
			if q, ok := strings.CutPrefix(p, module+"/"); ok && !slices.Contains(imports[pkg], q) {
				imports[pkg] = append(imports[pkg], q)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return imports
}

// TestImportsAsDocumented: every package has a row in ARCHITECTURE.md's
// table, and imports only what that row allows; a new edge goes into the
// table in the same commit, or the import is wrong.
func TestImportsAsDocumented(t *testing.T) {
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	mod, err := os.ReadFile(filepath.Join(root, "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	module, _, _ := strings.Cut(strings.TrimPrefix(string(mod), "module "), "\n")
	doc, err := os.ReadFile(filepath.Join(root, "ARCHITECTURE.md"))
	if err != nil {
		t.Fatal(err)
	}
	rows := readTable(t, doc)
	imports := moduleImports(t, root, strings.TrimSpace(module))
	if len(imports) < 20 {
		t.Fatalf("found %d packages under %s", len(imports), root)
	}
	pkgs := make([]string, 0, len(imports))
	for p := range imports {
		pkgs = append(pkgs, p)
	}
	sort.Strings(pkgs)
	for _, pkg := range pkgs {
		r, ok := rowOf(rows, pkg)
		if !ok {
			t.Errorf("package %s has no row in ARCHITECTURE.md's package table", pkg)
			continue
		}
		if r.mayAll {
			continue
		}
		for _, imp := range imports[pkg] {
			if !slices.ContainsFunc(r.mayNames, func(m string) bool { return matches(m, imp) }) {
				t.Errorf("%s imports %s, which ARCHITECTURE.md:%d does not allow: add the edge to the table, or drop the import", pkg, imp, r.line)
			}
		}
	}
}

// TestReadTable: the rules the test reads the table by.
func TestReadTable(t *testing.T) {
	doc := []byte("# x\n## Packages\n\n| package | owns | may import |\n|---|---|---|\n" +
		"| `cli` | commands | everything below |\n" +
		"| `a`, `b` | things | `result`, `internal/*` at most |\n" +
		"| `resolve/*` | clients | `resolve` and `resolve/*` |\n" +
		"| `resolve/judge` | judge | `rules` |\n" +
		"| `bench` | benchmarks | (scripts) |\n" +
		strings.Repeat("| `z` | z | `z` |\n", 6) +
		"## Elsewhere\n| `c` | not the table | `d` |\n")
	rows := readTable(t, doc)
	for _, tc := range []struct {
		pkg, imp string
		row      int // 0: no row
		ok       bool
	}{
		{"cli", "anything", 6, true},
		{"b", "internal/safefile", 7, true},
		{"b", "markdown", 7, false},
		{"resolve/doi", "resolve/httpclient", 8, true},
		{"resolve/doi", "rules", 8, false},
		{"resolve/judge", "rules", 9, true},
		{"resolve/judge", "resolve", 9, false},
		{"bench/gencorpus", "cli", 10, false},
		{"c", "d", 0, false},
	} {
		r, found := rowOf(rows, tc.pkg)
		ok := found && (r.mayAll || slices.ContainsFunc(r.mayNames, func(m string) bool { return matches(m, tc.imp) }))
		if found != (tc.row != 0) || found && r.line != tc.row || ok != tc.ok {
			t.Errorf("%s imports %s: row at line %d (found %v), allowed %v; want line %d, %v", tc.pkg, tc.imp, r.line, found, ok, tc.row, tc.ok)
		}
	}
}
