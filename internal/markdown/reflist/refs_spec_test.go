package reflist

import (
	"bytes"
	"strconv"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/citelint/citelint/internal/markdown/model"
	"github.com/citelint/citelint/internal/markdown/walk"
)

// Specification tests of the reference-section scanners: what a section
// title, an entry run and an entry's title are, as cases, and fuzz
// targets checking what holds of every input.

func TestIsSectionTitle(t *testing.T) {
	for _, c := range []struct {
		line, title string
		ok          bool
	}{
		{"References", "References", true},
		{"## **Works Cited**", "Works Cited", true}, // markup is stripped
		{"7. Sources:", "Sources", true},            // numbering and a colon are trimmed
		{"VII. Bibliography", "Bibliography", true},
		{"(6) Sources", "Sources", true},
		{"  Sources  ", "Sources", true},
		{"Notes and references", "Notes and references", true},
		{"References\\:", "References", true}, // an escaped colon is a colon
		{"Reference\\s", "References", true},  // an escaped letter is the letter
		{"References：", "References", true},
		{"References\u3000", "References", true}, // any Unicode space
		{"Sources\u00a0", "Sources", true},
		{"Sources\v", "Sources", true},
		{"References" + strings.Repeat("\u00a0", 40), "References", true}, // long only by trailing space
		{strings.Repeat("\u3000", 30) + "参考文献", "参考文献", true},
		// CJK ordinals: 一、 （六） 第六章 第3部分： 12、
		{"参考文献：", "参考文献", true},
		{"六、参考资料", "参考资料", true},
		{"（六）来源", "来源", true},
		{"（十二）参考文献与资料", "参考文献与资料", true},
		{"第六章 参考文献", "参考文献", true},
		{"第3部分：Notes", "Notes", true},
		{"12、引用来源", "引用来源", true},
		// Not titles: other words, too long, markup or text left after the name.
		{"WORK\u212aS CITED", "", false}, // the Kelvin sign is no K
		{"\\*References\\*", "", false},
		{"References \xff", "", false},
		{"A sentence that is much too long to be the title of a reference section at all, surely.", "", false},
		{strings.Repeat("很长的一行中文", 6) + "参考文献", "", false},
		{"Ⱥ sources", "", false},
		{"Sources \\*", "", false},
		{"Sources : :", "", false},
		{"References\n----------", "", false},
		{"** : **", "", false},
		{"\\", "", false},
		{"", "", false},
	} {
		title, ok := isSectionTitle([]byte(c.line))
		if title != c.title || ok != c.ok {
			t.Errorf("isSectionTitle(%q) = %q, %v; want %q, %v", c.line, title, ok, c.title, c.ok)
		}
	}
}

func TestTrimCJKOrdinal(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"六、参考资料", "参考资料"},
		{"（六）来源", "来源"},
		{"(6) Sources", "Sources"},
		{"第六章 参考文献", "参考文献"},
		{"第3部分：Notes", "Notes"},
		{"12、引用来源", "引用来源"},
		{"12. Sources", "Sources"},
		{"参考文献", "参考文献"},                                   // no ordinal
		{"六参考资料", "六参考资料"},                                 // an ordinal needs a separator
		{"(a very long aside) x", "(a very long aside) x"}, // a closing parenthesis within 12 bytes
		{"References", "References"},
	} {
		if got := trimCJKOrdinal([]byte(c.in)); string(got) != c.want {
			t.Errorf("trimCJKOrdinal(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestPlainText(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"## **Works** _Cited_", "Works Cited"},
		{"[`code`](x)", "code(x)"},
		{"\\*kept\\* \\a dropped", "*kept* a dropped"}, // an escape keeps ASCII punctuation only
		{"  spaced  ", "spaced"},
		{"", ""},
	} {
		if got := plainText([]byte(c.in)); string(got) != c.want {
			t.Errorf("plainText(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

var titleSeeds = []string{
	"References", "## **Works Cited**", "7. Sources:", "参考文献：", "六、参考资料", "（六）来源", "(6) Sources",
	"第六章 参考文献", "VII. Bibliography", "WORK\u212aS CITED", "B\u0130BLIOGRAPHY", "\\*References\\*", "References \xff",
	"Notes and references", "A sentence that is much too long to be the title of a reference section at all, surely.",
	"  Sources  ", "Ⱥ sources", "(\xe3\x80)Sources", "（十二）参考文献与资料", "12、引用来源", "第3部分：Notes",
	// mayEndTitle's edges: escapes, colons among spaces, full-width and
	// non-ASCII space endings, a setext underline, nothing but markup.
	"References\\:", "Sources \\*", "Sources\\**", "Sources : :", "References：", "References\u3000", "Sources\u00a0",
	"References\n----------", "** : **", "\\", "Reference\\s", "Sources\v",
	// Lines over 80 bytes that only white space at an end makes short.
	strings.Repeat("\u3000", 30) + "参考文献", "References" + strings.Repeat("\u00a0", 40), strings.Repeat("很长的一行中文", 6) + "参考文献",
}

// FuzzSectionTitle checks what holds of every line: a title is a known
// name of at most 40 bytes, and is its own title; trimCJKOrdinal and
// plainText only take bytes away.
func FuzzSectionTitle(f *testing.F) {
	for _, s := range titleSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		b := []byte(s)
		if title, ok := isSectionTitle(b); ok {
			if title == "" || len(title) > 40 {
				t.Fatalf("isSectionTitle(%q) = %q", s, title)
			}
			if again, ok := isSectionTitle([]byte(title)); !ok || again != title {
				t.Fatalf("isSectionTitle(%q) = %q, but isSectionTitle(%q) = %q, %v", s, title, title, again, ok)
			}
		} else if title != "" {
			t.Fatalf("isSectionTitle(%q) = %q, false", s, title)
		}
		if got := trimCJKOrdinal(b); !bytes.HasSuffix(b, got) && !bytes.Contains(b, got) {
			t.Fatalf("trimCJKOrdinal(%q) = %q, not part of it", s, got)
		}
		if got := plainText(b); !isSubsequence(got, b) {
			t.Fatalf("plainText(%q) = %q, which adds or reorders bytes", s, got)
		}
	})
}

// isSubsequence reports whether a's bytes occur in b in order.
func isSubsequence(a, b []byte) bool {
	for _, c := range a {
		i := bytes.IndexByte(b, c)
		if i < 0 {
			return false
		}
		b = b[i+1:]
	}
	return true
}

// entryRunSpec is the definition entryRun implements: the block's last
// run of entry lines ("[1] ...", "1. ..."), bare URL lines continuing the
// entry above; it counts when it has two entries or more and one line
// holds a link ("http" or "doi"), or a list title stands right above it,
// or it has three entries or more numbered down to 1 with no gap. It
// returns the offsets (from base) of the title line (else the run) and of
// the run's first entry, and the title.
func entryRunSpec(text []byte, base int) (int, int, string, bool) {
	lines := strings.Split(string(text), "\n")
	if len(lines) < 2 {
		return 0, 0, "", false
	}
	k := len(lines)
	first := -1 // index of the topmost entry line
	link := false
	var labels []int
	for k > 0 {
		l := lines[k-1]
		if lab, _, ok := entryLabel([]byte(l)); ok {
			first = k - 1
			v, _ := strconv.Atoi(lab)
			if !strings.Contains(l, "["+lab+"]") || strings.HasPrefix(strings.TrimLeft(l, " \t>"), lab) {
				v = -1 // only bracketed labels count down to 1
			}
			labels = append(labels, v)
		} else if !bareURLLine([]byte(l)) {
			break
		}
		link = link || strings.Contains(l, "http") || strings.Contains(l, "doi")
		k--
	}
	if first < 0 {
		return 0, 0, "", false
	}
	offset := func(i int) int { return base + len(strings.Join(lines[:i], "\n")) + min(i, 1) }
	consecutive := len(labels) >= 3
	for i, v := range labels { // read upwards: n, n-1, ..., 1
		consecutive = consecutive && v == len(labels)-i
	}
	title, titleAt := "", first
	if k > 0 && first > 0 {
		if t, ok := isSectionTitle([]byte(lines[k-1])); ok {
			title, titleAt = t, k-1
		}
	}
	if len(labels) < 2 || !link && title == "" && !consecutive {
		return 0, 0, "", false
	}
	return offset(titleAt), offset(first), title, true
}

func TestEntryRun(t *testing.T) {
	for _, c := range []struct {
		text      string
		title, at int
		ok        bool
	}{
		{"[1] A https://a\n[2]: B doi", 0, 0, true},
		{"x\n1. a http\n2) b\n3\\. c", 2, 2, true},
		{"- [1] a http\n- [2] b", 0, 0, true},
		{"\n\n[1] http\n[2] x", 2, 2, true},
		{"Intro text\n[1] A https://a\n[2] B\n", 0, 0, false}, // the run must end the block
		{"[1] http\n[2] x\n", 0, 0, false},
		{"one line [1] http", 0, 0, false},
		{"[1] A\n[2] B", 0, 0, false},                     // no link
		{"text\n[1] A https://a", 0, 0, false},            // one entry
		{"[2] [33] Title\nhttps://a\n[4] B", 0, 0, true},  // a bare URL continues the entry
		{"text.\nReferences:\n[1] A\n[2] B", 6, 18, true}, // a title line above names the run
		{"[1] A.\n[2] B.\n[3] C.", 0, 0, true},            // numbered down to 1
		{"[2] A.\n[3] B.\n[4] C.", 0, 0, false},           // not from 1
	} {
		w := &Builder{src: []byte("0123456789" + c.text)}
		title, at, _, ok := w.entryRun(model.Span{Start: 10, End: 10 + len(c.text)})
		if ok != c.ok || ok && (at != 10+c.at || title != 10+c.title) {
			t.Errorf("entryRun(%q) = %d, %d, %v; want %d, %d, %v", c.text, title-10, at-10, ok, c.title, c.at, c.ok)
		}
	}
}

func FuzzEntryRun(f *testing.F) {
	for _, s := range []string{
		"Intro text\n[1] A https://a\n[2] B\n", "[1] A https://a\n[2]: B doi", "x\n1. a http\n2) b\n3\\. c",
		"- [1] a http\n- [2] b", "one line [1] http", "\n\n[1] http\n[2] x", "[1] http\n[2] x\n",
		"[2] [33] Title\nhttps://a\n[4] B", "text.\nReferences:\n[1] A\n[2] B", "[1] A.\n[2] B.\n[3] C.",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		w := &Builder{src: []byte("0123456789" + s)}
		gt, got, gtitle, ok := w.entryRun(model.Span{Start: 10, End: 10 + len(s)})
		wt, want, wtitle, wantOK := entryRunSpec([]byte(s), 10)
		if ok != wantOK || ok && (got != want || gt != wt || gtitle != wtitle) {
			t.Fatalf("entryRun(%q) = %d, %d, %q, %v; the definition gives %d, %d, %q, %v", s, gt, got, gtitle, ok, wt, want, wtitle, wantOK)
		}
	})
}

// TestMayEndTitle checks what mayEndTitle's soundness rests on: no name
// ends with a byte it skips, so passing over more of them than
// isSectionTitle trims can only land on a rune that ends no name either.
func TestMayEndTitle(t *testing.T) {
	for r := range nameEnds {
		if r < utf8.RuneSelf && titleTail[r] {
			t.Errorf("a section name ends with %q, which mayEndTitle skips", r)
		}
	}
	for _, c := range []struct {
		line string
		want bool
	}{
		{"References", true}, {"**REFERENCES:**", true}, {"The results were clear.", false},
		{"Growth was 5%", false}, {"参考文献", true}, {"References\\*", true}, {"", false}, {"**  **", false},
	} {
		if got := mayEndTitle([]byte(c.line)); got != c.want {
			t.Errorf("mayEndTitle(%q) = %v, want %v", c.line, got, c.want)
		}
	}
}

func TestGuessTitle(t *testing.T) {
	for _, c := range []struct{ raw, want string }{
		{"Smith, J. [A study of things](https://x.org/a) 2020", "A study of things"}, // a link's text
		{"[https://x.org](https://x.org) - Title here", "Title here"},                // "url - Title"
		{"“A quoted title of a work”, Journal. https://doi.org/10.1/x", "A quoted title of a work"},
		{"https://example.com - Page *title*", "Page title"},
		{"Doe. Title of work, accessed 2024. Available at https://x", "Doe. Title of work"}, // up to "accessed"
		{"Lee. Retrieved from arXiv:2101.00001", "Lee"},
		{"[](x) tail", "tail"},
		{"x. \\*Title\\*  , ", "x. *Title*"},                 // trailing punctuation trimmed
		{strings.Repeat("ü", 400), strings.Repeat("ü", 300)}, // at most 300 runes
	} {
		if got := GuessTitle([]byte(c.raw)); got != c.want {
			t.Errorf("guessTitle(%q) = %q, want %q", c.raw, got, c.want)
		}
	}
}

// FuzzGuessTitle checks what holds of every title: at most 300 runes,
// trimmed of spaces and of the punctuation that separates fields (at its
// end only if it was not cut at 300 runes).
func FuzzGuessTitle(f *testing.F) {
	for _, s := range []string{
		"Smith, J. [A study of things](https://x.org/a) 2020", "[https://x.org](https://x.org) - Title here",
		"“A quoted title of a work”, Journal. https://doi.org/10.1/x", "https://example.com - Page *title*",
		"Doe. Title of work, accessed 2024. Available at https://x", "Lee. Retrieved from arXiv:2101.00001",
		"[](x) tail", "x. \\*Title\\*  , ", "\xff Title. doi:10.1/x", strings.Repeat("ü", 400),
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got := GuessTitle([]byte(s))
		if utf8.RuneCountInString(got) > 300 {
			t.Fatalf("guessTitle(%q) is %d runes", s, utf8.RuneCountInString(got))
		}
		if r, _ := utf8.DecodeRuneInString(got); got != "" && (unicode.IsSpace(r) || strings.ContainsRune(":,.;-–—)>", r)) {
			t.Fatalf("guessTitle(%q) = %q starts with %q", s, got, r)
		}
		if r, _ := utf8.DecodeLastRuneInString(got); got != "" && utf8.RuneCountInString(got) < 300 && (unicode.IsSpace(r) || strings.ContainsRune(":,.;-–—(<", r)) {
			t.Fatalf("guessTitle(%q) = %q ends with %q", s, got, r)
		}
		for _, b := range [][]byte{[]byte(s), bytes.TrimLeft([]byte(s), "-")} {
			if len(b) > 0 && walk.IsDigits(b) && walk.NumString(b) != string(b) {
				t.Fatalf("numString(%q) = %q", b, walk.NumString(b))
			}
		}
	})
}

func TestNumStrings(t *testing.T) {
	for v := 0; v < 2000; v++ {
		if s := strconv.Itoa(v); walk.Itoa(v) != s || walk.NumString([]byte(s)) != s || walk.NumString([]byte("0"+s)) != "0"+s {
			t.Fatalf("itoa/numString(%d) wrong", v)
		}
	}
}
