// Command goldmark-walk is the floor citelint is measured against: it finds
// the Markdown files under the given paths the way citelint does (*.md,
// *.markdown, *.mdx; skipping .git, node_modules, vendor, .hg, .svn), then
// reads, parses and walks each file with goldmark configured as
// internal/markdown/parse.go configures it, except that goldmark's emphasis parser,
// which citelint leaves out, is kept (the floor stays a standard goldmark
// parse), on a pool of GOMAXPROCS workers, with GOGC=400 unless GOGC is set:
// the floor's fastest setting (200 is about 5% slower). It holds nothing
// across files, so its heap stays at the collector's minimum, 4 MB times
// GOGC/100: 16 MB at 400.
// It does nothing with the tree: a linter built on goldmark cannot be much
// faster than this.
//
//	go run ./bench/goldmark-walk [-footnote block|full|none] [-workers N] path...
//
// -footnote block (the default) registers only goldmark's footnote block
// parser, exactly as citelint does; full registers extension.Footnote (its
// inline parser scans every definition for each [^x], quadratic on big
// reports, and its transformer runs); none leaves footnotes out.
package main

import (
	"flag"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

var skipDirs = map[string]bool{".git": true, "node_modules": true, "vendor": true, ".hg": true, ".svn": true}

func isMarkdown(name string) bool {
	for _, ext := range []string{".md", ".markdown", ".mdx"} {
		if strings.HasSuffix(name, ext) {
			return true
		}
	}
	return false
}

func files(paths []string) ([]string, error) {
	var out []string
	for _, root := range paths {
		err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() {
				if p != root && skipDirs[d.Name()] {
					return filepath.SkipDir
				}
				return nil
			}
			if p == root || isMarkdown(d.Name()) {
				out = append(out, p)
			}
			return nil
		})
		if err != nil {
			return nil, err
		}
	}
	return out, nil
}

func newMarkdown(footnote string) (goldmark.Markdown, error) {
	switch footnote {
	case "block":
		return goldmark.New(
			goldmark.WithExtensions(extension.Table),
			goldmark.WithParserOptions(parser.WithBlockParsers(
				util.Prioritized(extension.NewFootnoteBlockParser(), 999),
			)),
		), nil
	case "full":
		return goldmark.New(goldmark.WithExtensions(extension.Table, extension.Footnote)), nil
	case "none":
		return goldmark.New(goldmark.WithExtensions(extension.Table)), nil
	}
	return nil, fmt.Errorf("-footnote must be block, full or none, not %q", footnote)
}

func main() {
	footnote := flag.String("footnote", "block", "footnote support: block (as citelint), full (extension.Footnote) or none")
	workers := flag.Int("workers", 0, "parallel workers (0: GOMAXPROCS, as citelint)")
	flag.Parse()
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(400) // the floor's fastest (cmd/citelint uses 200)
	}
	md, err := newMarkdown(*footnote)
	if err != nil {
		fmt.Fprintln(os.Stderr, "goldmark-walk:", err)
		os.Exit(2)
	}
	paths := flag.Args()
	if len(paths) == 0 {
		paths = []string{"."}
	}
	list, err := files(paths)
	if err != nil {
		fmt.Fprintln(os.Stderr, "goldmark-walk:", err)
		os.Exit(2)
	}
	n := *workers
	if n <= 0 {
		n = runtime.GOMAXPROCS(0)
	}
	var nodes, bytes atomic.Int64
	var failed atomic.Bool
	next := make(chan string)
	var wg sync.WaitGroup
	for w := 0; w < n; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for p := range next {
				src, err := os.ReadFile(p)
				if err != nil {
					fmt.Fprintln(os.Stderr, "goldmark-walk:", err)
					failed.Store(true)
					continue
				}
				bytes.Add(int64(len(src)))
				doc := md.Parser().Parse(text.NewReader(src), parser.WithContext(parser.NewContext()))
				k := int64(0)
				_ = ast.Walk(doc, func(ast.Node, bool) (ast.WalkStatus, error) {
					k++
					return ast.WalkContinue, nil
				})
				nodes.Add(k)
			}
		}()
	}
	for _, p := range list {
		next <- p
	}
	close(next)
	wg.Wait()
	fmt.Printf("%d files, %d bytes, %d node visits\n", len(list), bytes.Load(), nodes.Load())
	if failed.Load() {
		os.Exit(1)
	}
}
