package linearlinks

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/yuin/goldmark/text"
)

// copiedFrom is the goldmark release whose link reference transformer and
// link reader this package copies (linkref.go, links.go), and whose
// quadratic time docs/upstream/goldmark-linkref-quadratic.md reports.
const copiedFrom = "v1.8.7"

// TestGoldmarkIsTheCopiedRelease fails when go.mod moves goldmark off the
// release this package copies. Then: run BenchmarkGoldmarkLinkRefs (its
// n and 4n cases; time per op rising about 16-fold means goldmark is
// still quadratic), diff goldmark's parser/link_ref.go and parser/link.go
// against the copy, and update copiedFrom, or drop this package if
// goldmark took the fix (docs/upstream/goldmark-linkref-quadratic.md).
// FuzzLinkRefDefinitions and TestLinkRefDefinitionsLikeGoldmark hold the
// copy to goldmark's output whatever the release.
func TestGoldmarkIsTheCopiedRelease(t *testing.T) {
	// The module's go.mod says which goldmark every build links (test
	// binaries carry no dependency list in their build information).
	mod, err := os.ReadFile(filepath.Join("..", "..", "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(string(mod), "\n") {
		f := strings.Fields(line)
		if len(f) >= 2 && f[0] == "github.com/yuin/goldmark" {
			if f[1] != copiedFrom {
				t.Errorf("go.mod requires goldmark %s, this package copies %s: check whether goldmark is still quadratic and re-copy or drop the workaround (see the test's doc)", f[1], copiedFrom)
			}
			return
		}
		if len(f) >= 3 && f[0] == "replace" && f[1] == "github.com/yuin/goldmark" {
			t.Errorf("go.mod replaces goldmark: %s", line)
			return
		}
	}
	t.Fatal("go.mod does not require github.com/yuin/goldmark")
}

// linkRefParagraph is one paragraph of n link reference definitions, the
// shape that is quadratic in goldmark (a 0.6 MB paragraph of 85,000 took
// 9 s at v1.8.7).
func linkRefParagraph(n int) []byte {
	var b strings.Builder
	for i := 0; i < n; i++ {
		fmt.Fprintf(&b, "[l%d]: https://example.org/%d\n", i, i)
	}
	return []byte(b.String())
}

// BenchmarkGoldmarkLinkRefs parses a paragraph of n definitions with
// goldmark's transformer and with this package's, at n and 4n: goldmark's
// time per op grows about 16-fold, this package's about 4-fold.
func BenchmarkGoldmarkLinkRefs(b *testing.B) {
	for _, n := range []int{2000, 8000} {
		src := linkRefParagraph(n)
		b.Run(fmt.Sprintf("goldmark/defs=%d", n), func(b *testing.B) {
			b.SetBytes(int64(len(src)))
			for range b.N {
				goldmarkDefs.Parser().Parse(text.NewReader(src))
			}
		})
		b.Run(fmt.Sprintf("linear/defs=%d", n), func(b *testing.B) {
			b.SetBytes(int64(len(src)))
			for range b.N {
				linearDefs.Parser().Parse(text.NewReader(src))
			}
		})
	}
}
