package registry

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestEveryRuleRegistered: every Rule value a package under internal/rules
// defines (a composite literal of type rules.Rule, as `var X =
// &rules.Rule{Name: "x", ...}`, or Rule in package rules itself) is in
// registry.go's list, and has golden tests in testdata/<name>/ beside the
// file that defines it. A rule left out of the list is never run,
// documented or tested by the golden harness, and nothing else would say
// so; one without goldens is tested by nothing.
func TestEveryRuleRegistered(t *testing.T) {
	var files []string
	err := filepath.WalkDir("..", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && d.Name() == "testdata" {
			return filepath.SkipDir
		}
		if !d.IsDir() && strings.HasSuffix(path, ".go") && !strings.HasSuffix(path, "_test.go") {
			files = append(files, path)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	registered := map[string]bool{}
	for _, r := range All() {
		registered[r.Name] = true
	}
	fset := token.NewFileSet()
	found := 0
	for _, f := range files {
		af, err := parser.ParseFile(fset, f, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(af, func(n ast.Node) bool {
			lit, ok := n.(*ast.CompositeLit)
			if !ok || !isRuleType(lit.Type, af.Name.Name) {
				return true
			}
			found++
			pos := fset.Position(lit.Pos())
			name, ok := ruleLiteralName(lit)
			if !ok {
				t.Errorf("%s: a Rule without a literal Name: write Name as a string literal so this test can find it in the registry", pos)
				return true
			}
			if !registered[name] {
				t.Errorf("%s: rule %q is not in registry.go: it never runs", pos, name)
			}
			golden := filepath.Join(filepath.Dir(f), "testdata", name)
			md, _ := filepath.Glob(filepath.Join(golden, "*.md"))
			nb, _ := filepath.Glob(filepath.Join(golden, "*.ipynb"))
			if len(md)+len(nb) == 0 {
				t.Errorf("%s: rule %q has no golden tests in %s", pos, name, golden)
			}
			return true
		})
	}
	if found < len(All()) {
		t.Errorf("found %d Rule literals under internal/rules, fewer than the %d rules registered: the search misses some", found, len(All()))
	}
}

// isRuleType reports whether a composite literal's type is the Rule type:
// rules.Rule, or Rule in a file of package rules.
func isRuleType(e ast.Expr, pkg string) bool {
	switch e := e.(type) {
	case *ast.Ident:
		return pkg == "rules" && e.Name == "Rule"
	case *ast.SelectorExpr:
		x, ok := e.X.(*ast.Ident)
		return ok && x.Name == "rules" && e.Sel.Name == "Rule"
	}
	return false
}

// ruleLiteralName is the Name field of a Rule literal, when it is a string
// literal.
func ruleLiteralName(lit *ast.CompositeLit) (string, bool) {
	for _, e := range lit.Elts {
		kv, ok := e.(*ast.KeyValueExpr)
		if !ok {
			continue
		}
		if k, ok := kv.Key.(*ast.Ident); !ok || k.Name != "Name" {
			continue
		}
		if b, ok := kv.Value.(*ast.BasicLit); ok && b.Kind == token.STRING {
			s, err := strconv.Unquote(b.Value)
			return s, err == nil
		}
	}
	return "", false
}
