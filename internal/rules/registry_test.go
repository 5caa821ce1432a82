package rules

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestEveryRuleRegistered: every Rule value a file of the package defines
// (a composite literal of type Rule, as `var X = &Rule{Name: "x", ...}`) is
// in registry.go's list. A rule left out of it is never run, documented or
// tested by the golden harness, and nothing else would say so. A Rule
// literal in a package under internal/rules (a rules.Rule) fails too:
// registry.go cannot list it, since that package would import rules.
func TestEveryRuleRegistered(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	sub, err := filepath.Glob("*/*.go")
	if err != nil {
		t.Fatal(err)
	}
	files = append(files, sub...)
	registered := map[string]bool{}
	for _, r := range All() {
		registered[r.Name] = true
	}
	fset := token.NewFileSet()
	found := 0
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		af, err := parser.ParseFile(fset, f, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(af, func(n ast.Node) bool {
			lit, ok := n.(*ast.CompositeLit)
			if !ok {
				return true
			}
			if sel, ok := lit.Type.(*ast.SelectorExpr); ok && sel.Sel.Name == "Rule" {
				if pkg, ok := sel.X.(*ast.Ident); ok && pkg.Name == "rules" {
					t.Errorf("%s: a Rule defined outside package rules cannot be in registry.go: define the Rule value in internal/rules/<name>.go, and what it decides in a package below rules (as uncited-claim's, internal/rules/uncited)", fset.Position(lit.Pos()))
				}
				return true
			}
			if id, ok := lit.Type.(*ast.Ident); !ok || id.Name != "Rule" || filepath.Dir(fset.Position(lit.Pos()).Filename) != "." {
				return true
			}
			found++
			name, ok := ruleLiteralName(lit)
			if !ok {
				t.Errorf("%s: a Rule without a literal Name: write Name as a string literal so this test can find it in the registry", fset.Position(lit.Pos()))
				return true
			}
			if !registered[name] {
				t.Errorf("%s: rule %q is not in registry.go: it never runs", fset.Position(lit.Pos()), name)
			}
			return true
		})
	}
	if found < len(All()) {
		t.Errorf("found %d Rule literals in the package's files, fewer than the %d rules registered: the search misses some", found, len(All()))
	}
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
