// Command gencorpus writes a Markdown corpus of a chosen size for growth
// benchmarks (bench/run --growth). With -src it replicates the Markdown files
// of a real folder, each copy varied so no two files are byte-identical;
// with -synthetic it writes LLM-style research reports (numeric citations,
// footnotes, tables, DOIs, a reference list).
//
//	gencorpus -src DIR -out DIR [-base-mb 8] [-scale 4]
//	gencorpus -synthetic -out DIR [-base-mb 8] [-scale 4]
//
// The output holds about base-mb × scale megabytes (10^6 bytes). The output
// folder must not exist or be empty. Never commit what this writes.
package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"hash/fnv"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

func main() {
	src := flag.String("src", "", "folder of real Markdown files to replicate")
	synthetic := flag.Bool("synthetic", false, "synthesise reports instead of replicating -src")
	out := flag.String("out", "", "output folder (created; must be empty)")
	baseMB := flag.Int("base-mb", 8, "size of the 1x corpus in MB")
	scale := flag.Int("scale", 1, "multiple of the base size")
	flag.Parse()
	if err := run(*src, *synthetic, *out, *baseMB, *scale); err != nil {
		fmt.Fprintln(os.Stderr, "gencorpus:", err)
		os.Exit(1)
	}
}

func run(src string, synthetic bool, out string, baseMB, scale int) error {
	if out == "" || baseMB <= 0 || scale <= 0 || (src == "") == !synthetic {
		return errors.New("usage: gencorpus (-src DIR | -synthetic) -out DIR [-base-mb N] [-scale N]")
	}
	if ents, err := os.ReadDir(out); err == nil && len(ents) > 0 {
		return fmt.Errorf("%s is not empty", out)
	}
	if err := os.MkdirAll(out, 0o755); err != nil {
		return err
	}
	target := int64(baseMB) * 1e6 * int64(scale)
	var next func(i int) (name string, data []byte)
	if synthetic {
		next = func(i int) (string, []byte) { return fmt.Sprintf("report-%06d.md", i), report(i) }
	} else {
		files, err := readSources(src)
		if err != nil {
			return err
		}
		next = func(i int) (string, []byte) {
			f := files[i%len(files)]
			copyNo := i / len(files)
			return fmt.Sprintf("c%04d/%s", copyNo, f.rel), vary(f.data, copyNo)
		}
	}
	var total int64
	n := 0
	for ; total < target; n++ {
		name, data := next(n)
		p := filepath.Join(out, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(p, data, 0o644); err != nil {
			return err
		}
		total += int64(len(data))
	}
	fmt.Printf("%s: %d files, %.1f MB\n", out, n, float64(total)/1e6)
	return nil
}

type source struct {
	rel  string
	data []byte
}

var skipDirs = map[string]bool{".git": true, "node_modules": true, "vendor": true, ".hg": true, ".svn": true}

func readSources(dir string) ([]source, error) {
	var files []source
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if p != dir && skipDirs[d.Name()] {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(p, ".md") && !strings.HasSuffix(p, ".markdown") && !strings.HasSuffix(p, ".mdx") {
			return nil
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		files = append(files, source{rel, data})
		return nil
	})
	if err != nil {
		return nil, err
	}
	if len(files) == 0 {
		return nil, fmt.Errorf("no Markdown files under %s", dir)
	}
	// A fixed shuffle, so that any prefix (the 1x corpus may be smaller than
	// the folder) is a fair sample of the folder, not its first subfolder.
	h := func(s string) uint64 {
		f := fnv.New64a()
		f.Write([]byte(s))
		return f.Sum64()
	}
	sort.Slice(files, func(i, j int) bool { return h(files[i].rel) < h(files[j].rel) })
	return files, nil
}

// vary makes copy k of a file differ from the others without changing what
// kind of document it is: copy 0 is the file itself; later copies rotate the
// paragraphs before the last heading (the reference list and whatever
// follows it stay at the end) and add a line naming the copy. Front matter
// stays first.
func vary(data []byte, k int) []byte {
	if k == 0 {
		return data
	}
	head, body := []byte(nil), data
	if bytes.HasPrefix(data, []byte("---\n")) {
		if i := bytes.Index(data[4:], []byte("\n---\n")); i >= 0 {
			head, body = data[:4+i+5], data[4+i+5:]
		}
	}
	tailAt := bytes.LastIndex(body, []byte("\n#"))
	if tailAt < 0 {
		tailAt = len(body)
	}
	paras := bytes.SplitAfter(body[:tailAt], []byte("\n\n"))
	// Rotating inside a fenced block would unbalance it: keep such files in order.
	if bytes.Count(body, []byte("```"))%2 == 0 && bytes.Count(body, []byte("~~~"))%2 == 0 && len(paras) > 2 && !bytes.Contains(body[:tailAt], []byte("```")) && !bytes.Contains(body[:tailAt], []byte("~~~")) {
		r := k % len(paras)
		paras = append(paras[r:], paras[:r]...)
	}
	var b bytes.Buffer
	b.Grow(len(data) + 64)
	b.Write(head)
	fmt.Fprintf(&b, "<!-- generated copy %d -->\n\n", k)
	for _, p := range paras {
		b.Write(p)
		if !bytes.HasSuffix(p, []byte("\n\n")) {
			b.WriteString("\n\n")
		}
	}
	b.Write(body[tailAt:])
	return b.Bytes()
}

// report synthesises a research report of about 20 KB.
func report(i int) []byte {
	var b bytes.Buffer
	fmt.Fprintf(&b, "# Report %d\n\n", i)
	refs := 20 + i%30
	for s := 0; s < 8; s++ {
		fmt.Fprintf(&b, "## Section %d\n\n", s+1)
		for p := 0; p < 3; p++ {
			c := (i+s*3+p)%refs + 1
			fmt.Fprintf(&b, "Output in region %d rose by %d.%d%% between 2001 and 2019 [%d], while Smith et al. (2020) found the opposite [%d, %d]. ",
				s, (i+p)%40, p, c, c%refs+1, (c+1)%refs+1)
			fmt.Fprintf(&b, "The survey in doi:10.1000/r%d.%d reports a median of %d units.[^s%dp%d] ", i, s, 100+p*s, s, p)
			b.WriteString("The effect is strongest in coastal cities, e.g. Miami, and weakest inland; see the [methods](https://example.org/methods) section.\n\n")
			fmt.Fprintf(&b, "[^s%dp%d]: Measured in %d by the regional office; see arXiv:2101.%05d.\n\n", s, p, 2000+s, (i*24+s*3+p)%99999+1)
		}
		b.WriteString("| year | value | source |\n|---|---:|---|\n")
		for y := 0; y < 5; y++ {
			fmt.Fprintf(&b, "| %d | %d.%d | [%d] |\n", 2015+y, 3+y, (i+y)%10, (y+s)%refs+1)
		}
		b.WriteString("\n- First finding, with 42% agreement [1].\n- Second finding [2-3].\n\n")
	}
	b.WriteString("## References\n\n")
	for r := 1; r <= refs; r++ {
		fmt.Fprintf(&b, "[%d] Author %d et al. A study of topic %d. Journal of Things, %d. https://doi.org/10.1000/ref.%d.%d\n", r, r, r, 1990+r%30, i, r)
	}
	return b.Bytes()
}
