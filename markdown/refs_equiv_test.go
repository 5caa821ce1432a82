package markdown

import (
	"bytes"
	"strconv"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"
)

// The functions below are the straightforward versions that isSectionTitle,
// trimCJKOrdinal, plainText and entryRun replaced (those allocate less):
// the fuzz targets check that the fast ones answer the same.

func oldIsSectionTitle(b []byte) (string, bool) {
	if len(bytes.TrimSpace(b)) > 80 {
		return "", false
	}
	t := oldPlainText(b)
	t = bytes.TrimSpace(t)
	t = bytes.TrimRight(t, ":：")
	t = bytes.TrimSpace(t)
	t = oldTrimCJKOrdinal(t)
	if i := bytes.IndexByte(t, ' '); i > 0 {
		head := t[:i]
		if isDigits(bytes.TrimRight(head, ".)")) || isRoman(bytes.TrimRight(head, ".)")) {
			t = bytes.TrimSpace(t[i+1:])
		}
	}
	if len(t) == 0 || len(t) > 40 {
		return "", false
	}
	s := strings.ToLower(string(t))
	return string(t), sectionNames[s]
}

func oldTrimCJKOrdinal(t []byte) []byte {
	s := string(t)
	if strings.HasPrefix(s, "（") || strings.HasPrefix(s, "(") {
		if i := strings.IndexAny(s, "）)"); i > 0 && i <= 12 {
			return bytes.TrimSpace(t[i+len(string([]rune(s[i:])[0])):])
		}
	}
	i := 0
	for i < len(s) {
		r, n := utf8.DecodeRuneInString(s[i:])
		if strings.ContainsRune("一二三四五六七八九十百零0123456789第章节部分", r) {
			i += n
			continue
		}
		break
	}
	if i == 0 {
		return t
	}
	rest := s[i:]
	for _, sep := range []string{"、", "．", ".", " ", "：", ":"} {
		if strings.HasPrefix(rest, sep) {
			return bytes.TrimSpace([]byte(rest[len(sep):]))
		}
	}
	return t
}

func oldPlainText(b []byte) []byte {
	out := make([]byte, 0, len(b))
	for i := 0; i < len(b); i++ {
		c := b[i]
		switch c {
		case '\\':
			if i+1 < len(b) && isASCIIPunct(b[i+1]) {
				i++
				out = append(out, b[i])
			}
			continue
		case '*', '_', '#', '`', '[', ']':
			continue
		}
		out = append(out, c)
	}
	return bytes.TrimSpace(out)
}

func oldEntryRun(text []byte, base int) (int, bool) {
	lines := bytes.Split(text, []byte("\n"))
	if len(lines) < 2 {
		return 0, false
	}
	k := len(lines)
	link := false
	for k > 0 {
		l := lines[k-1]
		if _, _, ok := entryLabel(l); !ok {
			break
		}
		if bytes.Contains(l, []byte("http")) || bytes.Contains(l, []byte("doi")) {
			link = true
		}
		k--
	}
	if len(lines)-k < 2 || !link {
		return 0, false
	}
	off := base
	for _, l := range lines[:k] {
		off += len(l) + 1
	}
	return off, true
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

func FuzzSectionTitle(f *testing.F) {
	for _, s := range titleSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		b := []byte(s)
		title, ok := isSectionTitle(b)
		oldTitle, oldOK := oldIsSectionTitle(b)
		if ok != oldOK || ok && title != oldTitle {
			t.Fatalf("isSectionTitle(%q) = %q, %v; old %q, %v", s, title, ok, oldTitle, oldOK)
		}
		if got, want := trimCJKOrdinal(b), oldTrimCJKOrdinal(b); !bytes.Equal(got, want) {
			t.Fatalf("trimCJKOrdinal(%q) = %q, old %q", s, got, want)
		}
		if got, want := plainText(b), oldPlainText(b); !bytes.Equal(got, want) {
			t.Fatalf("plainText(%q) = %q, old %q", s, got, want)
		}
	})
}

func FuzzEntryRun(f *testing.F) {
	for _, s := range []string{
		"Intro text\n[1] A https://a\n[2] B\n", "[1] A https://a\n[2]: B doi", "x\n1. a http\n2) b\n3\\. c",
		"- [1] a http\n- [2] b", "one line [1] http", "\n\n[1] http\n[2] x", "[1] http\n[2] x\n",
	} {
		f.Add(s, 7)
	}
	f.Fuzz(func(t *testing.T, s string, base int) {
		w := &walker{src: []byte("0123456789" + s)}
		got, ok := w.entryRun(Span{10, 10 + len(s)})
		want, wantOK := oldEntryRun([]byte(s), 10)
		if ok != wantOK || ok && got != want {
			t.Fatalf("entryRun(%q) = %d, %v; old %d, %v", s, got, ok, want, wantOK)
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

func TestSectionTitleSeeds(t *testing.T) {
	for _, s := range titleSeeds {
		title, ok := isSectionTitle([]byte(s))
		oldTitle, oldOK := oldIsSectionTitle([]byte(s))
		if ok != oldOK || ok && title != oldTitle {
			t.Errorf("isSectionTitle(%q) = %q, %v; old %q, %v", s, title, ok, oldTitle, oldOK)
		}
	}
}

func oldGuessTitle(raw []byte) string {
	t := bytes.TrimSpace(raw)
	if i := bytes.Index(t, []byte("](")); i > 0 {
		if j := bytes.LastIndexByte(t[:i], '['); j >= 0 {
			txt := oldPlainText(t[j+1 : i])
			if len(txt) > 0 && !bytes.HasPrefix(txt, []byte("http")) {
				return oldCleanTitle(txt)
			}
			t = append(append([]byte{}, t[:j]...), t[matchParenAt(t, i+1):]...)
		}
	}
	for _, q := range [][2]string{{"“", "”"}, {"\"", "\""}} {
		if i := bytes.Index(t, []byte(q[0])); i >= 0 {
			if j := bytes.Index(t[i+len(q[0]):], []byte(q[1])); j > 8 {
				return oldCleanTitle(t[i+len(q[0]) : i+len(q[0])+j])
			}
		}
	}
	// "url - Title"
	if bytes.HasPrefix(t, []byte("http")) {
		if i := bytes.Index(t, []byte(" - ")); i > 0 {
			return oldCleanTitle(oldPlainText(t[i+3:]))
		}
	}
	cut := len(t)
	for _, stop := range []string{"http://", "https://", ", accessed", ". Available at", " Available at", "Retrieved from", "doi:", "DOI:", "arXiv:"} {
		if i := bytes.Index(t, []byte(stop)); i >= 0 && i < cut {
			cut = i
		}
	}
	return oldCleanTitle(oldPlainText(t[:cut]))
}
func oldCleanTitle(b []byte) string {
	s := strings.TrimSpace(string(b))
	s = strings.TrimRightFunc(s, func(r rune) bool { return unicode.IsSpace(r) || strings.ContainsRune(":,.;-–—(<", r) })
	s = strings.TrimLeftFunc(s, func(r rune) bool { return unicode.IsSpace(r) || strings.ContainsRune(":,.;-–—)>", r) })
	if utf8.RuneCountInString(s) > 300 {
		r := []rune(s)
		s = string(r[:300])
	}
	return s
}

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
		if got, want := guessTitle([]byte(s)), oldGuessTitle([]byte(s)); got != want {
			t.Fatalf("guessTitle(%q) = %q, old %q", s, got, want)
		}
		for _, b := range [][]byte{[]byte(s), bytes.TrimLeft([]byte(s), "-")} {
			if len(b) > 0 && isDigits(b) && numString(b) != string(b) {
				t.Fatalf("numString(%q) = %q", b, numString(b))
			}
		}
	})
}

func TestNumStrings(t *testing.T) {
	for v := 0; v < 2000; v++ {
		if s := strconv.Itoa(v); itoa(v) != s || numString([]byte(s)) != s || numString([]byte("0"+s)) != "0"+s {
			t.Fatalf("itoa/numString(%d) wrong", v)
		}
	}
}
