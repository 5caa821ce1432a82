package bib

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math/rand"
	"strings"
	"testing"

	"github.com/citelint/citelint/internal/hangguard"
)

// Pathological bibliographies: a .bib or CSL-JSON file may come from a
// stranger's pull request, so parsing one must take time linear in its
// size and bounded memory, however it is broken. Each case is generated in
// memory at a size n. BenchmarkPathological runs it at n, 2n and 4n: with
// linear cost, ns/byte stays flat from one size to the next.
// TestPathological runs every case once at a small size and checks what
// was parsed; its time bound only catches hangs.
//
//	go test -run '^$' -bench Pathological -benchtime 1x ./bib/

type bibCase struct {
	name  string
	file  string // its extension chooses the parser
	gen   func(n int) []byte
	n     int // benchmark sizes are n, 2n and 4n
	small int
	check func(t *testing.T, es []Entry, err error, n int)
}

func repeat(format string) func(int) []byte {
	return func(n int) []byte {
		var b bytes.Buffer
		for i := 0; i < n; i++ {
			fmt.Fprintf(&b, format, i)
		}
		return b.Bytes()
	}
}

// wantEntries checks that every entry was read, and no error.
func wantEntries(count func(n int) int) func(*testing.T, []Entry, error, int) {
	return func(t *testing.T, es []Entry, err error, n int) {
		t.Helper()
		if err != nil {
			t.Errorf("error: %.300v", err)
		}
		if len(es) != count(n) {
			t.Errorf("%d entries, want %d", len(es), count(n))
		}
	}
}

// wantCapped checks that each of n broken entries is an error, the first
// MaxErrors shown with their lines and the rest counted.
func wantCapped(count func(n int) int, lineOf func(i int) int) func(*testing.T, []Entry, error, int) {
	return func(t *testing.T, es []Entry, err error, n int) {
		t.Helper()
		if len(es) != 0 {
			t.Errorf("%d entries from broken ones", len(es))
		}
		msgs := splitErr(err)
		c := count(n)
		if c <= MaxErrors {
			if len(msgs) != c {
				t.Errorf("%d errors, want %d", len(msgs), c)
			}
			return
		}
		if len(msgs) != MaxErrors+1 {
			t.Fatalf("%d error lines, want %d", len(msgs), MaxErrors+1)
		}
		for i := range MaxErrors {
			if want := fmt.Sprintf(":%d: ", lineOf(i)); !strings.Contains(msgs[i], want) {
				t.Errorf("error %d = %q, want line %s", i, msgs[i], want)
				break
			}
		}
		if want := fmt.Sprintf("and %d more malformed entries", c-MaxErrors); !strings.Contains(msgs[MaxErrors], want) {
			t.Errorf("last line %q, want %q", msgs[MaxErrors], want)
		}
	}
}

func splitErr(err error) []string {
	if err == nil {
		return nil
	}
	return strings.Split(err.Error(), "\n")
}

func wantErr(sub string, entries int) func(*testing.T, []Entry, error, int) {
	return func(t *testing.T, es []Entry, err error, n int) {
		t.Helper()
		if err == nil || !strings.Contains(err.Error(), sub) {
			t.Errorf("error %.300v, want %q", err, sub)
		}
		if entries >= 0 && len(es) != entries {
			t.Errorf("%d entries, want %d", len(es), entries)
		}
		if len(err.Error()) > 200*MaxErrors {
			t.Errorf("error of %d bytes", len(err.Error()))
		}
	}
}

func same(n int) int { return n }
func line(i int) int { return i + 1 }

// randomBib is n bytes of BibTeX tokens, well and badly formed, in a
// fixed random order: what no generator above thought of.
func randomBib(n int) []byte {
	toks := []string{"@article", "@string", "@comment", "@preamble", "@a", "{", "}", "(", ")", "\"", "=", ",", "#", " ", "\n",
		"\n@", "\n  @", "k1", "title", "nat", "jan", "\\", "%c\n", "x y", "@",
		"@a{k, t = {x}}\n", "@string{nat = \"N\"}\n", "@b{k2, t = \"q\" # nat, y = 2000}\n", "@c(k3, a = {A and B})\n"}
	r := rand.New(rand.NewSource(1))
	var b bytes.Buffer
	for b.Len() < n {
		b.WriteString(toks[r.Intn(len(toks))])
	}
	return b.Bytes()
}

var bibCases = []bibCase{
	{name: "tiny_entries", file: "f.bib", gen: repeat("@a{k%d,}\n"), n: 30000, small: 3000,
		check: func(t *testing.T, es []Entry, err error, n int) {
			wantEntries(same)(t, es, err, n)
			if len(es) == n && es[n-1].Line != n {
				t.Errorf("last entry at line %d, want %d", es[n-1].Line, n)
			}
		}},
	{name: "entries", file: "f.bib", gen: repeat("@article{k%[1]d, title={T %[1]d}, author={Smith, J. and Doe, A.}, year={2020}, doi={10.1000/%[1]d}}\n"),
		n: 3000, small: 300, check: wantEntries(same)},
	{name: "dup_keys", file: "f.bib", gen: repeat("@a{k1, title={T %d}}\n"), n: 14000, small: 1000, check: wantEntries(same)},
	{name: "many_fields", file: "f.bib", n: 25000, small: 1000,
		gen: func(n int) []byte {
			return []byte("@a{k1, " + strings.Repeat("f = {v}, ", n) + "}\n")
		}, check: wantEntries(func(int) int { return 1 })},
	{name: "deep_braces", file: "f.bib", n: 150000, small: 1000,
		gen: func(n int) []byte {
			return []byte("@a{k1, title = " + strings.Repeat("{", n) + "x" + strings.Repeat("}", n) + "}\n")
		},
		check: func(t *testing.T, es []Entry, err error, n int) {
			wantEntries(func(int) int { return 1 })(t, es, err, n)
			if len(es) == 1 && es[0].Title != "x" {
				t.Errorf("title %.40q", es[0].Title)
			}
		}},
	// Probe #6, #7: each unclosed value used to run to the end of the file.
	{name: "unbalanced", file: "f.bib", gen: repeat("@a{k%d, f = {x\n"), n: 4700, small: 500, check: wantCapped(same, line)},
	{name: "unterminated_quote", file: "f.bib", gen: repeat("@a{k%d, f = \"x\n"), n: 4700, small: 500, check: wantCapped(same, line)},
	{name: "unclosed_comment", file: "f.bib", gen: repeat("@comment{x%d\n"), n: 20000, small: 500, check: wantCapped(same, line)},
	{name: "unclosed_preamble", file: "f.bib", gen: repeat("@preamble(x%d\n"), n: 20000, small: 500, check: wantCapped(same, line)},
	{name: "unclosed_string", file: "f.bib", gen: repeat("@string{s%d = {x\n"), n: 20000, small: 500, check: wantCapped(same, line)},
	// An unclosed entry whose values close: the parse runs to the end once.
	{name: "unclosed_paren_entries", file: "f.bib", n: 20000, small: 500,
		gen: func(n int) []byte {
			return append(repeat("@a(k%d, f = {x\n")(n), strings.Repeat("}", n)...)
		},
		check: wantCapped(same, line)},
	// Each entry's value runs into the next line, where it ends.
	{name: "chain_across_lines", file: "f.bib", gen: repeat("@a{k%d, f = x #\n"), n: 20000, small: 500,
		check: wantCapped(same, func(i int) int { return i + 2 })},
	{name: "at_fields", file: "f.bib", n: 30000, small: 500,
		gen: func(n int) []byte { return append([]byte("@a{k,\n"), repeat("@f%d = x,\n")(n)...) },
		check: func(t *testing.T, es []Entry, err error, n int) {
			wantCapped(func(n int) int { return n + 1 }, line)(t, es, err, n)
		}},
	// After a broken entry, lines that start with "@" but no entry fail
	// at once, and entries whose brace is on the next line bound values.
	{name: "at_words_after_broken", file: "f.bib", n: 40000, small: 500,
		gen: func(n int) []byte { return append([]byte("@a{k, t = {open\n"), repeat("@w%d and more\n")(n)...) },
		check: func(t *testing.T, es []Entry, err error, n int) {
			wantCapped(func(n int) int { return n + 1 }, line)(t, es, err, n)
		}},
	{name: "brace_next_line_after_broken", file: "f.bib", n: 20000, small: 500,
		gen: func(n int) []byte { return append([]byte("@a{k, t = {open\n"), repeat("@x\n{k%d, t = {y\n")(n)...) },
		check: func(t *testing.T, es []Entry, err error, n int) {
			wantCapped(func(n int) int { return n + 1 }, func(i int) int { return 2*i + 1 })(t, es, err, n)
		}},
	// Entries that start mid-line after a broken entry, read well: each
	// scanned to the next line that starts an entry, or the end, until
	// the limit found for one was kept for the next (review of dab3857).
	{name: "midline_entries_after_broken", file: "f.bib", n: 4000, small: 4000,
		gen: func(n int) []byte {
			return append([]byte("@a{k, t = {open\n@b{k0, t = {v}}\n"), repeat("x @b{k%d, t = {v}}\n")(n)...)
		},
		check: func(t *testing.T, es []Entry, err error, n int) {
			if len(es) != n+1 || err == nil {
				t.Errorf("%d entries, error %.100v; want %d and the broken one's", len(es), err, n+1)
			}
		}},
	{name: "midline_after_value_lines", file: "f.bib", n: 4000, small: 4000,
		gen: func(n int) []byte {
			return append(append([]byte("@a{k, t = {open\n@b{k0, t = {v\n"), repeat("@w}} @b{k%d, t = {v\n")(n)...), "@w}}\n"...)
		},
		check: func(t *testing.T, es []Entry, err error, n int) {
			if len(es) != n+1 || err == nil {
				t.Errorf("%d entries, error %.100v; want %d and the broken one's", len(es), err, n+1)
			}
		}},
	// Probe #8.
	{name: "errors", file: "f.bib", gen: func(n int) []byte { return []byte(strings.Repeat("@x\n", n)) }, n: 100000, small: 1000,
		check: wantCapped(same, func(i int) int { return i + 1 })},
	{name: "at_noline", file: "f.bib", gen: func(n int) []byte { return []byte(strings.Repeat("@x ", n)) }, n: 100000, small: 1000, check: wantErr("f.bib:1: expected { after @x", 0)},
	// Probe #9: each macro doubles the last.
	{name: "string_double", file: "f.bib", n: 24, small: 30,
		gen: func(n int) []byte {
			var b bytes.Buffer
			b.WriteString("@string{s0 = \"ab\"}\n")
			for i := 0; i < n; i++ {
				fmt.Fprintf(&b, "@string{s%d = s%d # s%d}\n", i+1, i, i)
			}
			fmt.Fprintf(&b, "@a{k1, title = s%d}\n", n)
			return b.Bytes()
		},
		check: wantErr("the rest of the file is not read", 0)},
	// Probe #10: one big macro, used many times in one value.
	{name: "concat_one", file: "f.bib", n: 48000, small: 200,
		gen: func(n int) []byte {
			return []byte("@string{big = \"" + strings.Repeat("x", 10000) + "\"}\n@a{k1, title = " +
				strings.Repeat("big # ", n-1) + "big}\n@b{k2, title = big}\n")
		},
		check: wantErr("f.bib:2: @string macros expand this value by more than 1048576 bytes", 1)},
	// ... and in many entries.
	{name: "concat_entries", file: "f.bib", n: 6700, small: 100,
		gen: func(n int) []byte {
			return append([]byte("@string{big = \""+strings.Repeat("x", 60000)+"\"}\n"), repeat("@a{k%d, title = big, author = big}\n")(n)...)
		},
		check: func(t *testing.T, es []Entry, err error, n int) {
			wantErr("@string macros expand to more than", -1)(t, es, err, n)
			if len(es) == 0 || len(es) == n {
				t.Errorf("%d entries, want the first few", len(es))
			}
		}},
	{name: "random", file: "f.bib", gen: randomBib, n: 300000, small: 30000,
		check: func(t *testing.T, es []Entry, err error, n int) {
			if len(es) == 0 || err == nil {
				t.Errorf("%d entries, error %.100v", len(es), err)
			}
			if len(splitErr(err)) > MaxErrors+1 {
				t.Errorf("%d error lines", len(splitErr(err)))
			}
		}},
	// Probe #11.
	{name: "csl_tiny", file: "f.json", n: 50000, small: 1000,
		gen: func(n int) []byte { return []byte("[" + strings.Repeat("{},", n-1) + "{}]") }, check: wantEntries(same)},
	{name: "csl_tiny_lines", file: "f.json", n: 75000, small: 1000,
		gen: func(n int) []byte { return []byte("[\n" + strings.Repeat("{},\n", n-1) + "{}]") },
		check: func(t *testing.T, es []Entry, err error, n int) {
			wantEntries(same)(t, es, err, n)
			if len(es) == n && es[n-1].Line != n+1 {
				t.Errorf("last item at line %d, want %d", es[n-1].Line, n+1)
			}
		}},
	{name: "csl_items", file: "f.json", n: 2400, small: 100,
		gen: func(n int) []byte {
			items := make([]string, n)
			for i := range items {
				items[i] = fmt.Sprintf(`{"id":"k%d","title":"T %d","author":[{"family":"Smith","given":"J"}],"issued":{"date-parts":[[2020]]},"DOI":"10.1000/%d"}`, i, i, i)
			}
			return []byte("[" + strings.Join(items, ",\n") + "]")
		}, check: wantEntries(same)},
	{name: "csl_bad_item_late", file: "f.json", n: 100000, small: 1000,
		gen: func(n int) []byte { return []byte("[\n" + strings.Repeat("{},\n", n) + "1]") },
		check: func(t *testing.T, es []Entry, err error, n int) {
			wantErr(fmt.Sprintf("f.json:%d: item is not a CSL object", n+2), n)(t, es, err, n)
		}},
}

func TestPathological(t *testing.T) {
	for _, c := range bibCases {
		t.Run(c.name, func(t *testing.T) {
			src := c.gen(c.small)
			hangguard.Run(t, fmt.Sprintf("%s (n=%d, %d bytes)", c.name, c.small, len(src)), func() {
				es, err := Parse(c.file, src)
				c.check(t, es, err, c.small)
				checkLines(t, src, es)
			})
		})
	}
}

func BenchmarkPathological(b *testing.B) {
	for _, c := range bibCases {
		for _, n := range []int{c.n, 2 * c.n, 4 * c.n} {
			b.Run(fmt.Sprintf("%s=%d", c.name, n), func(b *testing.B) {
				src := c.gen(n)
				b.SetBytes(int64(len(src)))
				for b.Loop() {
					if _, err := ParseContext(context.Background(), c.file, src); errors.Is(err, context.Canceled) {
						b.Fatal(err)
					}
				}
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(src)), "ns/byte")
			})
		}
	}
}
