package ident

import (
	"fmt"
	"reflect"
	"strings"
	"testing"
	"time"
	"unicode/utf8"
)

func init() {
	// Golden expectations must not change meaning as time passes.
	Now = func() time.Time { return time.Date(2026, 11, 22, 0, 0, 0, 0, time.UTC) }
}

func TestScan(t *testing.T) {
	type want struct {
		kind             Kind
		raw, id, version string
		bad              bool
	}
	tests := []struct {
		in   string
		want []want
	}{
		{"see doi:10.1000/xyz123.", []want{{DOI, "doi:10.1000/xyz123", "10.1000/xyz123", "", false}}},
		{"(https://doi.org/10.1016/S0140-6736(20)30183-5),", []want{{DOI, "https://doi.org/10.1016/S0140-6736(20)30183-5", "10.1016/s0140-6736(20)30183-5", "", false}}},
		{"[10.5555/12345678].", []want{{DOI, "10.5555/12345678", "10.5555/12345678", "", false}}},
		{"10.1002/(SICI)1096-9861(19960129)365:1<113::AID-CNE9>3.0.CO;2-6 is old",
			[]want{{DOI, "10.1002/(SICI)1096-9861(19960129)365:1<113::AID-CNE9>3.0.CO;2-6", "10.1002/(sici)1096-9861(19960129)365:1<113::aid-cne9>3.0.co;2-6", "", false}}},
		{"http://dx.doi.org/10.1038/NATURE12373", []want{{DOI, "http://dx.doi.org/10.1038/NATURE12373", "10.1038/nature12373", "", false}}},
		{"https://doi.org/10.1000/456%23789", []want{{DOI, "https://doi.org/10.1000/456%23789", "10.1000/456#789", "", false}}},
		{"doi.org/10.1234/abc def", []want{{DOI, "doi.org/10.1234/abc", "10.1234/abc", "", false}}},
		{"10.48550/arXiv.2411.04368", []want{{DOI, "10.48550/arXiv.2411.04368", "10.48550/arxiv.2411.04368", "", false}}},
		{"https://doi.org/10.1786", []want{{DOI, "https://doi.org/10.1786", "10.1786", "", true}}},
		// doi.org's own pages are URLs; a path of digits is a DOI, if a bad one.
		{"Defaults to \"https://doi.org/api\".", []want{{URL, "https://doi.org/api", "https://doi.org/api", "", false}}},
		{"https://doi.org/help and doi.org/the-identifier/", []want{{URL, "https://doi.org/help", "https://doi.org/help", "", false}, {URL, "doi.org/the-identifier/", "doi.org/the-identifier/", "", false}}},
		{"https://doi.org/1016/j.cell.2020.01.001", []want{{DOI, "https://doi.org/1016/j.cell.2020.01.001", "1016/j.cell.2020.01.001", "", true}}},
		{"doi:10.12/abc", []want{{DOI, "doi:10.12/abc", "10.12/abc", "", true}}},
		{"versions 10.5/3 and 110.1234/5 are not DOIs", nil},
		{"see 见10.1234/abc，然后", []want{{DOI, "10.1234/abc", "10.1234/abc", "", false}}},
		{"`10.1234/x`|", []want{{DOI, "10.1234/x", "10.1234/x", "", false}}},
		{"<doi:10.1000/abc>", []want{{DOI, "doi:10.1000/abc", "10.1000/abc", "", false}}},

		{"arXiv:2411.04368.", []want{{ArXiv, "arXiv:2411.04368", "2411.04368", "", false}}},
		{"arXiv: 2411.04368v2,", []want{{ArXiv, "arXiv: 2411.04368v2", "2411.04368", "v2", false}}},
		{"arXiv preprint arXiv:1706.03762", []want{{ArXiv, "arXiv:1706.03762", "1706.03762", "", false}}},
		{"arXiv 1706.03762 shows", []want{{ArXiv, "arXiv 1706.03762", "1706.03762", "", false}}},
		{"arXiv 2413.01234 is bad", []want{{ArXiv, "arXiv 2413.01234", "2413.01234", "", true}}},
		// A DOI in a publisher's URL is the more specific citation.
		{"https://iopscience.iop.org/article/10.3847/2041-8213/ab50c5/pdf", []want{{DOI, "https://iopscience.iop.org/article/10.3847/2041-8213/ab50c5/pdf", "10.3847/2041-8213/ab50c5", "", false}}},
		{"https://link.springer.com/article/10.1007/s11192-020-03690-4.", []want{{DOI, "https://link.springer.com/article/10.1007/s11192-020-03690-4", "10.1007/s11192-020-03690-4", "", false}}},
		{"https://example.org/v10.2/docs", []want{{URL, "https://example.org/v10.2/docs", "https://example.org/v10.2/docs", "", false}}},
		{"the post arXiv 2024.01.01-2024.01.10 lists papers", nil}, // a date range after the site's name
		{"arXiv 2024.01 digest", nil},
		{"https://arxiv.org/abs/2501.02282v", []want{{ArXiv, "https://arxiv.org/abs/2501.02282v", "2501.02282", "v", true}}},
		{"https://arxiv.org/pdf/2101.00001v2.pdf.", []want{{ArXiv, "https://arxiv.org/pdf/2101.00001v2.pdf", "2101.00001", "v2", false}}},
		{"arxiv.org/abs/hep-th/9901001", []want{{ArXiv, "arxiv.org/abs/hep-th/9901001", "hep-th/9901001", "", false}}},
		{"old hep-th/9901001v1 paper", []want{{ArXiv, "hep-th/9901001v1", "hep-th/9901001", "v1", false}}},
		{"arXiv:math.CA/0611800v2", []want{{ArXiv, "arXiv:math.CA/0611800v2", "math/0611800", "v2", false}}},
		{"arXiv:2413.12345", []want{{ArXiv, "arXiv:2413.12345", "2413.12345", "", true}}},
		{"arXiv:2712.00001", []want{{ArXiv, "arXiv:2712.00001", "2712.00001", "", true}}},
		{"the arXiv server, arXiv: preprints", nil},
		{"foo/1234567 and hep-th/12345 are not arXiv", nil},
		{"https://arxiv.org/list/cs.AI/recent", []want{{URL, "https://arxiv.org/list/cs.AI/recent", "https://arxiv.org/list/cs.AI/recent", "", false}}},

		{"at https://en.wikipedia.org/wiki/Mercury_(planet).", []want{{URL, "https://en.wikipedia.org/wiki/Mercury_(planet)", "https://en.wikipedia.org/wiki/Mercury_(planet)", "", false}}},
		{"(see https://example.com/a?b=1&c=2)", []want{{URL, "https://example.com/a?b=1&c=2", "https://example.com/a?b=1&c=2", "", false}}},
		{"[src](https://example.com/x) and", []want{{URL, "https://example.com/x", "https://example.com/x", "", false}}},
		{"**https://example.com/x**", []want{{URL, "https://example.com/x", "https://example.com/x", "", false}}},
		{"https://example.com/a，见", []want{{URL, "https://example.com/a", "https://example.com/a", "", false}}},
		{"https://de.wikipedia.org/wiki/Müller ok", []want{{URL, "https://de.wikipedia.org/wiki/Müller", "https://de.wikipedia.org/wiki/Müller", "", false}}},
		// A publisher's URL naming a DOI cites the DOI (issue 34): its "/full" view is no part of it.
		{"https://www.frontiersin.org/articles/10.3389/fpsyg.2020.01234/full", []want{{DOI, "https://www.frontiersin.org/articles/10.3389/fpsyg.2020.01234/full", "10.3389/fpsyg.2020.01234", "", false}}},
		{"xhttps://example.com", nil},

		{"ISBN 978-0-306-40615-7 and 12 more", []want{{ISBN, "ISBN 978-0-306-40615-7", "9780306406157", "", false}}},
		{"ISBN-10: 0-8044-2957-X.", []want{{ISBN, "ISBN-10: 0-8044-2957-X", "080442957X", "", false}}},
		{"ISBN 978-0-306-40615-8", []want{{ISBN, "ISBN 978-0-306-40615-8", "9780306406158", "", true}}},
		{"ISBN numbers", nil},
		{"ISSN 2049-3630;", []want{{ISSN, "ISSN 2049-3630", "20493630", "", false}}},
		{"ISSN: 2049-3631", []want{{ISSN, "ISSN: 2049-3631", "20493631", "", true}}},
		{"PMC3531190 and PMCID: 12345", []want{{PMCID, "PMC3531190", "PMC3531190", "", false}, {PMCID, "PMCID: 12345", "12345", "", true}}},
		{"PMID: 23193287", []want{{PMID, "PMID: 23193287", "23193287", "", false}}},
		{"PMCID: PMC123", []want{{PMCID, "PMCID: PMC123", "PMC123", "", false}}},

		// Identifier URLs on their hosts, in any case, with a port, and
		// with queries and fragments; a URL with nothing after the host's
		// path prefix, or another host, is a plain URL.
		{"HTTPS://DX.DOI.ORG/10.1/ABC x https://arxiv.org/abs/2101.00001v2?x#y https://export.arxiv.org/pdf/2101.00001.pdf", []want{
			{DOI, "HTTPS://DX.DOI.ORG/10.1/ABC", "10.1/abc", "", true},
			{ArXiv, "https://arxiv.org/abs/2101.00001v2?x#y", "2101.00001", "v2", false},
			{ArXiv, "https://export.arxiv.org/pdf/2101.00001.pdf", "2101.00001", "", false}}},
		{"http://ARXIV.org/abs/2101.00001v2", []want{{ArXiv, "http://ARXIV.org/abs/2101.00001v2", "2101.00001", "v2", false}}},
		{"HTTPS://dx.doi.org:443/10.1/z", []want{{DOI, "HTTPS://dx.doi.org:443/10.1/z", "10.1/z", "", true}}},
		{"https://export.arxiv.org/pdf/hep-th/9901001v1", []want{{ArXiv, "https://export.arxiv.org/pdf/hep-th/9901001v1", "hep-th/9901001", "v1", false}}},
		{"https://arxiv.org/abs/ arxiv.org/format/hep-th/9901001/ https://doi.org/", []want{
			{URL, "https://arxiv.org/abs/", "https://arxiv.org/abs/", "", false},
			{ArXiv, "arxiv.org/format/hep-th/9901001/", "hep-th/9901001", "", false},
			{URL, "https://doi.org/", "https://doi.org/", "", false}}},
		{"https://example.com/10.1000/x", []want{{DOI, "https://example.com/10.1000/x", "10.1000/x", "", false}}},
		{"https://example.com/a10.1000/x", []want{{URL, "https://example.com/a10.1000/x", "https://example.com/a10.1000/x", "", false}}}, // not a segment of its own
		{"https://doi.org\"x/10.1/y", []want{{URL, "https://doi.org", "https://doi.org", "", false}}},
		// Closing brackets end a URL or DOI unless they close one it opened.
		{"https://a.b/(c)]", []want{{URL, "https://a.b/(c)", "https://a.b/(c)", "", false}}},
		{"10.1234/<a>]>", []want{{DOI, "10.1234/<a>", "10.1234/<a>", "", false}}},
		// Prefixed forms, several kinds in a row.
		{"urn:doi:10.1/x info:doi/10.1/y arxiv 2411.04368 PMID: 123 PMC9.1 ISSN 0317-8471 https://a.b/c?d#e", []want{
			{DOI, "urn:doi:10.1/x", "10.1/x", "", true},
			{DOI, "info:doi/10.1/y", "10.1/y", "", true},
			{ArXiv, "arxiv 2411.04368", "2411.04368", "", false},
			{PMID, "PMID: 123", "123", "", false},
			{PMCID, "PMC9.1", "PMC9.1", "", false},
			{ISSN, "ISSN 0317-8471", "03178471", "", false},
			{URL, "https://a.b/c?d#e", "https://a.b/c?d#e", "", false}}},
		{"Ix Px ax ArXiv 2101.00001 ISBN-13: 978-0-306-40615-7 PMCID PMC12 PMID:1 arxiv.org/pdf/2101.00001v1.pdf", []want{
			{ArXiv, "ArXiv 2101.00001", "2101.00001", "", false},
			{ISBN, "ISBN-13: 978-0-306-40615-7", "9780306406157", "", false},
			{PMCID, "PMCID PMC12", "PMC12", "", false},
			{PMID, "PMID:1", "1", "", false},
			{ArXiv, "arxiv.org/pdf/2101.00001v1.pdf", "2101.00001", "v1", false}}},
		// Long registrant codes with sub-codes; a DOI must not follow a digit.
		{"see 10.12345.678.9012.3456/abc and 10.123456789.1.2.3.4.5/x, 1234567890.10.1234/x (10.1234.5.6.7.8.9.10.11/y)", []want{
			{DOI, "10.12345.678.9012.3456/abc", "10.12345.678.9012.3456/abc", "", false},
			{DOI, "10.123456789.1.2.3.4.5/x", "10.123456789.1.2.3.4.5/x", "", false},
			{DOI, "10.1234.5.6.7.8.9.10.11/y", "10.1234.5.6.7.8.9.10.11/y", "", false}}},
	}
	for _, tt := range tests {
		got := Scan([]byte(tt.in))
		if len(got) != len(tt.want) {
			t.Errorf("Scan(%q) = %s, want %d matches", tt.in, dump(got), len(tt.want))
			continue
		}
		for i, w := range tt.want {
			g := got[i]
			if g.Kind != w.kind || g.Raw != w.raw || g.ID != w.id || g.Version != w.version || (g.Problem != "") != w.bad {
				t.Errorf("Scan(%q)[%d] = %s, want %+v", tt.in, i, dump(got[i:i+1]), w)
			}
			if tt.in[g.Start:g.End] != g.Raw {
				t.Errorf("Scan(%q)[%d]: span %d:%d is %q, Raw %q", tt.in, i, g.Start, g.End, tt.in[g.Start:g.End], g.Raw)
			}
		}
	}
}

func dump(ms []Match) string {
	var b strings.Builder
	for _, m := range ms {
		fmt.Fprintf(&b, "{%s %q id=%q v=%q problem=%q} ", m.Kind, m.Raw, m.ID, m.Version, m.Problem)
	}
	return b.String()
}

func TestParseArXiv(t *testing.T) {
	now := time.Date(2026, 11, 22, 0, 0, 0, 0, time.UTC)
	tests := []struct {
		in, id, version string
		bad             bool
	}{
		{"0704.0001", "0704.0001", "", false},
		{"1412.1234", "1412.1234", "", false},
		{"1501.00001v3", "1501.00001", "v3", false},
		{"2611.00001", "2611.00001", "", false},
		{"0612.0001", "0612.0001", "", true},
		{"1412.12345", "1412.12345", "", true},
		{"1501.0001", "1501.0001", "", true},
		{"2113.00001", "2113.00001", "", true},
		{"2101.00000", "2101.00000", "", true},
		{"2101.00001v0", "2101.00001", "v0", true},
		{"2101.00001v", "2101.00001", "v", true},
		{"2612.00001", "2612.00001", "", true},
		{"2101.00001.pdf", "2101.00001", "", false},
		{"hep-th/9901001", "hep-th/9901001", "", false},
		{"math.CA/0611800v2", "math/0611800", "v2", false},
		{"hep-th/0704001", "hep-th/0704001", "", true},
		{"hep-th/9107001", "hep-th/9107001", "", true},
		{"foo-bar/9901001", "foo-bar/9901001", "", true},
		{"hep-th/990100", "hep-th/990100", "", true},
		{"abc", "abc", "", true},
	}
	for _, tt := range tests {
		id, v, prob := ParseArXiv(tt.in, now)
		if id != tt.id || v != tt.version || (prob != "") != tt.bad {
			t.Errorf("ParseArXiv(%q) = %q, %q, %q; want %q, %q, bad=%v", tt.in, id, v, prob, tt.id, tt.version, tt.bad)
		}
	}
	if !SameArXiv("arXiv:2101.00001v2", "2101.00001") || SameArXiv("2101.00001", "2101.00002") || !SameArXiv("math.CA/0611800v2", "math/0611800") {
		t.Error("SameArXiv")
	}
}

func TestValidators(t *testing.T) {
	tests := []struct {
		f    func(string) string
		in   string
		good bool
	}{
		{ValidateISBN, "978-0-306-40615-7", true},
		{ValidateISBN, "0-306-40615-2", true},
		{ValidateISBN, "0-8044-2957-X", true},
		{ValidateISBN, "ISBN 0-306-40615-3", false},
		{ValidateISBN, "977-0-306-40615-7", false},
		{ValidateISBN, "12345", false},
		{ValidateISSN, "0317-8471", true},
		{ValidateISSN, "2049-3630", true},
		{ValidateISSN, "2049-3631", false},
		{ValidateISSN, "2049-363", false},
		{ValidatePMCID, "PMC3531190", true},
		{ValidatePMCID, "pmc3531190.2", true},
		{ValidatePMCID, "3531190", false},
		{ValidatePMCID, "PMC000", false},
		{ValidatePMID, "23193287", true},
		{ValidatePMID, "023193287", false},
		{ValidatePMID, "1234567890", false},
		{ValidateDOI, "10.1000/xyz", true},
		{ValidateDOI, "doi:10.1000.10/xyz", true},
		{ValidateDOI, "10.100/xyz", false},
		{ValidateDOI, "10.1000/", false},
		{ValidateDOI, "10.1000", false},
		{ValidateDOI, "11.1000/x", false},
		{ValidateDOI, "10.1000.a/x", false},
		// shortDOIs (shortdoi.org): handles doi.org resolves.
		{ValidateDOI, "10/aabbe", true},
		{ValidateDOI, "doi:10/993", true},
		{ValidateDOI, "https://doi.org/10/c6c7mp", true},
		{ValidateDOI, "10/", false},
		{ValidateDOI, "10/ab-cd", false},
		{ValidateDOI, "10/abc/def", false},
		{ValidateDOI, "10/abcdefghijklmnop", false},
	}
	for _, tt := range tests {
		if got := tt.f(tt.in); (got == "") != tt.good {
			t.Errorf("validate(%q) = %q, want good=%v", tt.in, got, tt.good)
		}
	}
}

func TestDOIForms(t *testing.T) {
	if got := NormalizeDOI(" https://doi.org/doi:10.1000/ABC "); got != "10.1000/abc" {
		t.Errorf("NormalizeDOI = %q", got)
	}
	if got := CanonicalDOIURL("http://dx.doi.org/10.1002/(SICI)1096<1>#x"); got != "https://doi.org/10.1002/(SICI)1096%3C1%3E%23x" {
		t.Errorf("CanonicalDOIURL = %q", got)
	}
}

// FuzzScan checks what holds of every scan: matches in order, inside the
// text, not overlapping, their Raw their text, no rune split; First is
// the first match and WholeWork the only one when it is a DOI or arXiv id
// without a problem covering the text.
func FuzzScan(f *testing.F) {
	for _, tt := range []string{
		"doi:10.1000/xyz123.", "(https://doi.org/10.1016/S0140-6736(20)30183-5),", "arXiv:2411.04368v2",
		"hep-th/9901001", "ISBN 978-0-306-40615-7", "PMCID: PMC123", "https://a.b/(c)]", "10.1234/<a>]>",
		"https://doİ.org/10.1/x https://arxiv.org/abs/ arxiv.org/format/hep-th/9901001/ https://doi.org/",
		"https://doi.org/10.1000/abc", "https://doi.org\"x/10.1/y", "doi:10.1/x",
	} {
		f.Add(tt)
	}
	f.Fuzz(func(t *testing.T, s string) {
		ms := Scan([]byte(s))
		last := 0
		for _, m := range ms {
			if m.Start < last || m.End <= m.Start || m.End > len(s) {
				t.Fatalf("bad span %d:%d after %d in %q", m.Start, m.End, last, s)
			}
			if s[m.Start:m.End] != m.Raw {
				t.Fatalf("Raw %q != text %q", m.Raw, s[m.Start:m.End])
			}
			if utf8.ValidString(s) && !utf8.ValidString(m.Raw) {
				t.Fatalf("match splits a rune: %q", m.Raw)
			}
			last = m.End
		}
		if m, ok := First([]byte(s)); ok != (len(ms) > 0) || ok && !reflect.DeepEqual(m, ms[0]) {
			t.Fatalf("First(%q) = %+v, %v; Scan finds %+v", s, m, ok, ms)
		}
		whole := len(ms) == 1 && ms[0].Start == 0 && ms[0].End == len(s) && ms[0].Problem == "" && (ms[0].Kind == DOI || ms[0].Kind == ArXiv)
		if m, ok := WholeWork([]byte(s)); ok != whole || ok && !reflect.DeepEqual(m, ms[0]) {
			t.Fatalf("WholeWork(%q) = %+v, %v; Scan finds %+v", s, m, ok, ms)
		}
	})
}

func BenchmarkScan(b *testing.B) {
	para := "Large language models have shown strong results on many tasks, as reported by Smith et al. in 2020 " +
		"(see https://example.org/paper and doi:10.1000/xyz123, arXiv:2411.04368v2). In practice, the dataset " +
		"includes 10,000 documents indexed daily across institutions, and updates are published in PMC3531190.\n"
	text := []byte(strings.Repeat(para, 1<<20/len(para)))
	b.SetBytes(int64(len(text)))
	b.ReportAllocs()
	var dst []Match
	for b.Loop() {
		dst = AppendScan(dst[:0], text)
	}
}
