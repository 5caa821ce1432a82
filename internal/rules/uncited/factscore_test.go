package uncited

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/citelint/citelint/internal/corpus/parsed"
)

// outcome is what a scoring function did with one input: its result, or
// the panic it raised.
type outcome struct {
	score int
	why   string
	panic string
}

func outcomeOf(f func(string) (int, string), s string) (o outcome) {
	defer func() {
		if v := recover(); v != nil {
			o.panic = fmt.Sprint(v)
		}
	}()
	o.score, o.why = f(s)
	return o
}

// checkFactScore fails t unless FactScore, and the exemption checks of
// uncited-claim, agree with their reference versions on s.
func checkFactScore(t *testing.T, s string) {
	t.Helper()
	checkFactScoreRef(t, s, factScoreRef)
}

// checkFactScoreRef is checkFactScore with ref for factScoreRef.
func checkFactScoreRef(t *testing.T, s string, ref func(string) (int, string)) {
	t.Helper()
	got, want := outcomeOf(FactScore, s), outcomeOf(ref, s)
	if got.panic != "" {
		t.Errorf("FactScore(%q) panicked: %s", s, got.panic)
	}
	if got != want {
		t.Errorf("FactScore(%q) = %+v, factScoreRef says %+v", s, got, want)
	}
	b := []byte(s)
	checkScoreBound(t, b)
	if bound, ok := scoreBound(b); ok {
		score, _, fast := factScore(b)
		if !fast || score > bound {
			t.Errorf("scoreBound(%q) = %d, but factScore = %d (fast path %v)", s, bound, score, fast)
		}
	}
	if k := keywordsMaybe(b); k != kwFinding|kwComparison {
		_, why, fast := factScore(b)
		if !fast || k&kwFinding == 0 && why&whyFinding != 0 || k&kwComparison == 0 && why&whyComparison != 0 {
			t.Errorf("keywordsMaybe(%q) = %b, but factScore finds %v (fast path %v)", s, k, why, fast)
		}
	}
}

// factScoreCases are sentences of the kinds the corpus holds, and the
// corners of every signal. fast says whether factScore must score the
// sentence itself rather than hand it to factScoreRef.
var factScoreCases = []struct {
	s     string
	score int
	why   string
	fast  bool
}{
	{"Global sea level rose 20 cm between 1901 and 2018.", 4, "a quantity, a date, a finding", true},
	{"Global sea level rose 20 cm between 1901 and 2018 [1].", 4, "a quantity, a date, a finding", true},
	{"Revenue grew to $3.5 million in 1999, up 73.0% from the year before.", 4, "a quantity, a date, a finding", true},
	{"The market is worth £40bn.", 2, "a quantity", true},
	{"The study found that 12 of 40 patients improved.", 3, "a quantity, a finding", true},
	{"This document describes the protocol in 2024.", 0, "about the document", true},
	{"THIS PROPOSAL changes 12 things.", 0, "about the document", true},
	{"本报告分析了2023年的市场。", 0, "about the document", true},
	{"Clients MUST send 3 retries.", 0, "normative", true},
	{"Clients MUSTN'T send 30 retries, MUSTY.", 2, "a number, named entities", true},
	{"Use `go build` to build 20 binaries.", 0, "imperative", true},
	{"\"Use\" is 20 kg.", 0, "imperative", true},
	{"Use. It weighs 20 kg.", 2, "a quantity", true},
	{"We found that it may rise by 20%.", 0, "a quantity, a finding", true},
	{"You could see it rise 5 %.", 0, "a quantity, a comparison", true},
	{"Smith said “the results are very clear” in Nature.", 2, "a quotation", true},
	{"Smith said \"the results are clear\" yesterday.", 2, "a quotation", true},
	{"他说「这是 一个 很 好 的 结果」。", 2, "a quotation", true},
	{"研究表明，中国的GDP增长了5.2%。", 3, "a quantity, a finding", true},
	{"该公司是全球最大的电池制造商，占据了37%的市场份额。", 4, "a quantity, a finding, a comparison", true},
	{"It is more than twice the size of the *largest* rival.", 1, "a comparison", true},
	{"It is more  than that, more\tthan this.", 0, "nothing", true},
	{"Prices were higher than in Paris and London.", 2, "a comparison, named entities", true},
	{"According to the OECD, output fell in France.", 2, "a finding, named entities", true},
	{"The foundation found that outperformed models outperform.", 2, "a finding, a comparison", true},
	{"**Microsoft** and _Google_ lead, as [Apple](https://apple.com) said.", 1, "named entities", true},
	{"It has 2,000 users and 1,5 ratios, e.g. A380 and 3x more.", 2, "a quantity", true},
	{"Around 20 million people, 5 billion euros, 7 tonnes, 30 years old.", 2, "a quantity", true},
	{"Temperatures reach 40° in July, 3.14159 for pi.", 2, "a quantity", true},
	{"€40 and ¥300 and 10万人.", 2, "a quantity", true},
	{"Say “hello” to I and I'm and ‘Bob’ and “Alice”.", -1, "named entities", true},
	{"Let's measure it in 2020.", -1, "a date", true},
	{"", 0, "nothing", true},
	{"``", 0, "nothing", true},
	{"`unclosed code in 1999", 1, "a date", true},
	{"broken [link]( and ] alone [x](y) 1999", 1, "a date", true},
	{"İstanbul grew 20% in 1999.", 4, "a quantity, a date, a finding", false}, // lower is a byte shorter; "%" is still seen
	{"The \xff sensor recorded 30 km.", 3, "a quantity, a finding", false},    // ToLower makes \xff three bytes; "km" is still seen
	{"Ⱥ 12", 1, "a number", false},
	{"İİ 12", 1, "a number", false}, // factScoreRef panicked before 409c821: lower is shorter than plain
}

func TestFactScoreCases(t *testing.T) {
	for _, c := range factScoreCases {
		checkFactScore(t, c.s)
		if _, _, ok := factScore([]byte(c.s)); ok != c.fast {
			t.Errorf("factScore(%q) ok = %v, want %v", c.s, ok, c.fast)
		}
		if o := outcomeOf(FactScore, c.s); c.why != "" && (o.score != c.score || o.why != c.why) {
			t.Errorf("FactScore(%q) = %d, %q; the case expects %d, %q", c.s, o.score, o.why, c.score, c.why)
		}
	}
}

// TestFactScoreKeywords puts every keyword of the rule's lists in a few
// contexts, so a list entry the fast matcher cannot see fails here.
func TestFactScoreKeywords(t *testing.T) {
	var kws []string
	kws = append(kws, findingWords...)
	kws = append(kws, comparisonWords...)
	kws = append(kws, normative...)
	kws = append(kws, selfRef...)
	kws = append(kws, magnitudes...)
	kws = append(kws, units...)
	for _, l := range [][]string{hedgeWords, personWords, imperatives} {
		kws = append(kws, l...)
	}
	for _, w := range kws {
		for _, v := range []string{w, strings.ToUpper(w), strings.ToUpper(w[:1]) + w[1:]} {
			for _, f := range []string{
				"%s", "%s 12 of them.", "In 2020 the Fed %s Apple.", "It was 12 %s.", "It was 12%s.", "x%s", "%sx",
				"It was “%s” said.", "*%s* grew", "it %s, then", "(%s)", "\"%s\"", "3.5 %s", "£12%s",
			} {
				checkFactScore(t, fmt.Sprintf(f, v))
			}
		}
	}
}

// TestFactScoreRandom scores sentences pieced together from keywords,
// markup, numbers, units, quotation marks, spaces and awkward runes, which
// a byte-mutating fuzzer takes long to assemble.
func TestFactScoreRandom(t *testing.T) {
	pieces := []string{
		" ", " ", " ", "  ", "\t", "\n", "\u00a0", "\u3000", ",", ";", ":", "(", ")", ".", "!", "?", "'", "\"", "-",
		"*", "**", "_", "`", "[", "]", "](", "[1]", "[x](http://e.org/a_b)", "`code`",
		"“", "”", "‘", "’", "「", "」", "%", "$", "£", "€", "¥", "°",
		"0", "1", "12", "1999", "2024", "3.5", "73.0", "1,000", "20", "A380",
		"The", "the", "It", "Smith", "I", "I'm", "OECD", "x", "é", "É", "Ünited", "中国", "的", "了",
		"İ", "\u212a", "Ⱥ", "\xff", "\xe4\xb8", "\ufffd",
	}
	for _, l := range [][]string{findingWords, comparisonWords, normative, selfRef, magnitudes, units} {
		pieces = append(pieces, l...)
	}
	for _, l := range [][]string{hedgeWords, personWords, imperatives} {
		pieces = append(pieces, l...)
	}
	n := 100000
	if testing.Short() {
		n = 10000
	}
	rng := rand.New(rand.NewPCG(5, 6))
	for i := 0; i < n; i++ {
		var b strings.Builder
		for j := rng.IntN(16); j >= 0; j-- {
			p := pieces[rng.IntN(len(pieces))]
			switch rng.IntN(8) {
			case 0:
				p = strings.ToUpper(p)
			case 1:
				p = strings.ToUpper(p[:1]) + p[1:]
			case 2:
				p = p[:rng.IntN(len(p)+1)] // partial words, cut UTF-8
			}
			b.WriteString(p)
		}
		checkFactScore(t, b.String())
		if t.Failed() {
			return
		}
	}
}

// TestLowerLenChanges checks lowerLenChanges against every rune, and that
// the non-ASCII runes of the keyword lists are their own lower case and no
// other rune's: factScore compares those bytes without lower-casing them.
func TestLowerLenChanges(t *testing.T) {
	kwRunes := map[rune]bool{}
	for _, l := range [][]string{findingWords, comparisonWords, selfRef, magnitudes, units} {
		for _, w := range l {
			for _, r := range w {
				if r >= utf8.RuneSelf {
					kwRunes[r] = true
				}
			}
		}
	}
	for r := rune(utf8.RuneSelf); r <= unicode.MaxRune; r++ {
		if !utf8.ValidRune(r) {
			continue
		}
		l := unicode.ToLower(r)
		if got, want := lowerLenChanges(r), utf8.RuneLen(l) != utf8.RuneLen(r); got != want {
			t.Errorf("lowerLenChanges(%U) = %v, want %v", r, got, want)
		}
		if kwRunes[l] && l != r || kwRunes[r] && l != r {
			t.Errorf("%U lower-cases to %U (a keyword rune)", r, l)
		}
	}
}

// TestPlainRune3 checks plainRune3 against the standard library on every
// three bytes: what it takes must be one valid rune that is no space,
// keeps its length when lower-cased, and is no opening quotation mark.
func TestPlainRune3(t *testing.T) {
	var b [3]byte
	taken := 0
	for c0 := 0xC0; c0 < 0x100; c0++ {
		for c1 := 0; c1 < 0x100; c1++ {
			for c2 := 0; c2 < 0x100; c2++ {
				b = [3]byte{byte(c0), byte(c1), byte(c2)}
				if !plainRune3(b[:], 0) {
					continue
				}
				taken++
				r, n := utf8.DecodeRune(b[:])
				if n != 3 || unicode.IsSpace(r) || r == '“' || r == '「' ||
					utf8.RuneLen(unicode.ToLower(r)) != 3 {
					t.Fatalf("plainRune3(% x) takes %U (%d bytes)", b, r, n)
				}
			}
		}
	}
	// E4-E9 and EF, each with 64 by 64 continuations.
	if want := 7 * 64 * 64; taken != want {
		t.Errorf("plainRune3 takes %d sequences, want %d", taken, want)
	}
	if plainRune3([]byte("中"), 1) || plainRune3([]byte("中"[:2]), 0) {
		t.Error("plainRune3 reads past the end")
	}
}

func TestIsSpaceHigh(t *testing.T) {
	for r := rune(utf8.RuneSelf); r <= unicode.MaxRune; r++ {
		if got, want := isSpaceHigh(r), unicode.IsSpace(r); got != want {
			t.Errorf("isSpaceHigh(%U) = %v, want %v", r, got, want)
		}
	}
}

func FuzzFactScore(f *testing.F) {
	for _, c := range factScoreCases {
		f.Add(c.s)
	}
	f.Add("By [Smith](https://x.org/a) and `Jones`, costs rose 40 **%** in 2020.")
	f.Fuzz(func(t *testing.T, s string) {
		checkFactScore(t, s)
	})
}

// checkScoreBound fails t unless scoreBound's ASCII pass agrees with the
// rune loop.
func checkScoreBound(t *testing.T, b []byte) {
	t.Helper()
	bound, ok := scoreBound(b)
	wantBound, wantOK := scoreBoundRunes(b)
	if bound != wantBound || ok != wantOK {
		t.Errorf("scoreBound(%q) = %d, %v; the rune loop says %d, %v", b, bound, ok, wantBound, wantOK)
	}
}

func TestScoreBound(t *testing.T) {
	tests := []struct {
		s     string
		bound int
		ok    bool
	}{
		{"", 2, true},
		{"the model is large", 2, true},
		{"Paris and London and Berlin", 3, true}, // two names after the first field
		// Words of eight lower-case letters and spaces are skipped whole:
		// names right after them, and a late non-ASCII byte.
		{"the quick brown fox jumps over the lazy Paris and then London", 3, true},
		{"aaaaaaa Paris bbbbbbb London", 3, true},
		{"lowercase words only here and there and everywhere", 2, true},
		{"a long lower-case prefix of words and then café in Paris", 2, true},
		{"a long lower-case prefix of words, then \"quoted\" text", 0, false},
		{"Paris and London are cities", 2, true}, // the first field is never a name
		{"  Paris, London (Berlin)", 3, true},
		// Numbers are scored when nothing is stripped.
		{"it rose by 5 percent", 4, true},   // a quantity
		{"step 2 of the guide", 2, true},    // one digit is no number
		{"it had 12 parts", 3, true},        // a number
		{"in 2019 it grew to $40", 5, true}, // a date and a quantity
		// Markup is stripped first; where stripping could join a digit to
		// its unit or currency there is no bound.
		{"a *bold* claim", 2, true},
		{"a *bold* claim of 5 **%**", 0, false},
		{"see `code 12` here", 0, false},
		// A field that stripping starts with a name is counted from its
		// markup.
		{"by [Smith](https://x.org/a) and [Jones](https://x.org/b)", 3, true},
		{"by [smith](https://x.org/A) and [jones](https://x.org/B)", 3, true}, // '[' may start one
		{"by `Smith` and `Jones` alone", 3, true},
		{`he said "no"`, 0, false},
		{"Zürich and Genève and Bern", 3, true},
		{"Zürich and Genève", 2, true},
	}
	for _, tt := range tests {
		bound, ok := scoreBound([]byte(tt.s))
		if bound != tt.bound || ok != tt.ok {
			t.Errorf("scoreBound(%q) = %d, %v, want %d, %v", tt.s, bound, ok, tt.bound, tt.ok)
		}
		checkScoreBound(t, []byte(tt.s))
	}
}

func FuzzScoreBound(f *testing.F) {
	for _, c := range factScoreCases {
		f.Add([]byte(c.s))
	}
	f.Add([]byte(" (A) b,C;D:E\tF\nG"))
	f.Add([]byte("by [Smith](u) and `Jones` of 1 **%**"))
	f.Add([]byte("Zürich, [Genève](u)\u00a0and 12 ¥"))
	f.Add([]byte("据统计，中国 GDP 与 Ｅ 增长了\xe4\xb8"))
	f.Fuzz(checkScoreBound)
}

// corpusRefMemo holds factScoreRef's answers on the corpus's sentences:
// the corpus tests ask for each under several settings, and the reference
// is slow.
var corpusRefMemo = map[string]outcome{}

func corpusRef(s string) (int, string) {
	o, ok := corpusRefMemo[s]
	if !ok {
		o.score, o.why = factScoreRef(s)
		corpusRefMemo[s] = o
	}
	return o.score, o.why
}

// TestFactScoreCorpus scores every sentence of the shared corpus both
// ways.
func TestFactScoreCorpus(t *testing.T) {
	if testing.Short() {
		t.Skip("corpus comparison skipped in -short mode")
	}
	n, fast, bounded := 0, 0, 0
	for _, d := range parsed.Corpus(t) {
		for _, c := range d.Doc.Claims {
			text := d.Doc.Src[c.Start:c.End]
			checkFactScoreRef(t, string(text), corpusRef)
			if _, _, ok := factScore(text); ok {
				fast++
			}
			if b, ok := scoreBound(text); ok && b < 3 {
				bounded++
			}
			n++
		}
		if t.Failed() {
			t.Fatalf("differences in %s", d.Path)
		}
	}
	t.Logf("%d sentences, %d scored by the fast path, %d bounded below 3 without scoring", n, fast, bounded)
}

// TestUncitedClaimCorpus runs uncited-claim and its reference version over
// the shared corpus under several settings, which reorder its tests
// differently (a min-score of 0 reports normative and imperative
// sentences, a negative one hedged ones). A max-coverage of 0 would
// report nothing, so each setting gives it one that reports.
func TestUncitedClaimCorpus(t *testing.T) {
	if testing.Short() {
		t.Skip("corpus comparison skipped in -short mode")
	}
	docs := parsed.Corpus(t)
	settings := []*Settings{DefaultSettings()}
	for _, s := range []Settings{
		{Scope: "sentence", MinWords: 3, MinScore: 0, MaxCoverage: 1},
		{Scope: "paragraph", MinWords: 0, MinScore: -2, Exempt: []string{"tables", "quotes", "lists", "abstract"}, ExemptSections: []string{"Introduction", "Summary"}, MaxCoverage: 0.6},
		{Scope: "sentence", MinWords: 20, MinScore: 5, Exempt: []string{"title", "questions"}, MaxCoverage: 1},
	} {
		settings = append(settings, &s)
	}
	for _, s := range settings {
		n := 0
		for _, d := range docs {
			got, want := Find(d.Doc, s), findRef(d.Doc, s, corpusRef)
			if !reflect.DeepEqual(got, want) {
				t.Fatalf("settings %+v, %s: got %d issues, want %d", *s, d.Path, len(got), len(want))
			}
			n += len(got)
		}
		if n == 0 {
			t.Errorf("settings %+v: no issues on the corpus, so the comparison checks nothing", *s)
		}
		t.Logf("settings %+v: %d issues", *s, n)
	}
}

// TestDecodeRune checks decodeRune against utf8.DecodeRune on every
// sequence of one to three bytes, and on truncated ones.
func TestDecodeRune(t *testing.T) {
	check := func(b []byte) {
		r, n := decodeRune(b)
		wr, wn := utf8.DecodeRune(b)
		if r != wr || n != wn {
			t.Fatalf("decodeRune(% x) = %U, %d; utf8.DecodeRune says %U, %d", b, r, n, wr, wn)
		}
	}
	check(nil)
	for a := 0; a < 256; a++ {
		check([]byte{byte(a)})
		for b := 0; b < 256; b++ {
			check([]byte{byte(a), byte(b)})
			if a >= 0xC0 {
				for c := 0; c < 256; c++ {
					check([]byte{byte(a), byte(b), byte(c), 'x'})
				}
			}
		}
	}
}

func TestKeywordsMaybe(t *testing.T) {
	const none, find, cmp, both = 0, kwFinding, kwComparison, kwFinding | kwComparison
	for _, tt := range []struct {
		s    string
		want uint8
	}{
		{"Paris and London are large cities", none},
		{"Paris is larger than London", cmp},
		{"Compared to London, Paris is small", cmp}, // capitalised
		{"Paris is THE LARGEST city", cmp},
		{"Paris is almost the capital", none}, // "most" only as a whole word
		{"Paris is **th**an nothing", cmp},    // markup is stripped first
		{"Paris is at 5%", cmp},
		{"Paris grew by half", find},
		{"According to Paris, London grew faster than Berlin", both},
		{"Paris accounts", find}, // "accounts for": its longer word
		{"巴黎是最大的城市", cmp},
		{"研究巴黎", find},
		{"巴黎是法国的城市", none},
		{"\u0130stanbul and Paris", both}, // a rune that sends factScore to its slow path
		{"Paris \xff and London", both},   // invalid UTF-8, likewise
		{"Paris and London “quoted” — both", none},
	} {
		if got := keywordsMaybe([]byte(tt.s)); got != tt.want {
			t.Errorf("keywordsMaybe(%q) = %b, want %b", tt.s, got, tt.want)
		}
		checkFactScore(t, tt.s)
	}
}
