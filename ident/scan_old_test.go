package ident

// The scanner as it was before its loop used startPairs and before it took
// IDs from Raw: FuzzScanEquiv checks that both find the same. Only the
// functions the rewrite changed are kept here (with an old prefix); the
// helpers it left as they were (maybeStart, finish, trimTrailing, ...) are
// called from scan.go.

import (
	"reflect"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"
)

// AppendScan appends the identifiers in text to dst.
func oldAppendScan(dst []Match, text []byte) []Match {
	for i := 0; i < len(text); {
		// Skip bytes that start nothing without a call: most bytes of prose.
		if !startBytes[text[i]] || !maybeStart(text, i) {
			i++
			continue
		}
		m, ok := oldMatchAt(text, i)
		if !ok {
			i++
			continue
		}
		m.Raw = string(text[m.Start:m.End])
		finish(&m)
		dst = append(dst, m)
		i = m.End
	}
	return dst
}

// matchAt tries to recognise an identifier starting at or (for old-style
// arXiv ids, found from their slash) shortly before i. It fills Kind, Start,
// End and for URLs that are really DOIs or arXiv ids the ID.
func oldMatchAt(text []byte, i int) (Match, bool) {
	c := text[i]
	switch c {
	case 'h', 'H':
		if n := hasPrefixFold(text[i:], "https://"); n > 0 || hasPrefixFold(text[i:], "http://") > 0 {
			if n == 0 {
				n = len("http://")
			}
			if !boundaryBefore(text, i) {
				return Match{}, false
			}
			return oldUrlMatch(text, i, i+n)
		}
	case 'd', 'D':
		if !boundaryBefore(text, i) {
			return Match{}, false
		}
		if n := hasPrefixFold(text[i:], "doi:"); n > 0 {
			return oldDoiAfterPrefix(text, i, i+n)
		}
		if hasPrefixFold(text[i:], "doi.org/") > 0 || hasPrefixFold(text[i:], "dx.doi.org/") > 0 {
			return oldUrlMatch(text, i, i)
		}
	case 'i', 'I':
		if !boundaryBefore(text, i) {
			return Match{}, false
		}
		if n := hasPrefixFold(text[i:], "info:doi/"); n > 0 {
			return oldDoiAfterPrefix(text, i, i+n)
		}
		if c == 'I' {
			if hasPrefixFold(text[i:], "ISBN") > 0 {
				return oldIsbnMatch(text, i)
			}
			if hasPrefixFold(text[i:], "ISSN") > 0 {
				return oldIssnMatch(text, i)
			}
		}
	case 'u', 'U':
		if n := hasPrefixFold(text[i:], "urn:doi:"); n > 0 && boundaryBefore(text, i) {
			return oldDoiAfterPrefix(text, i, i+n)
		}
	case 'a', 'A':
		if !boundaryBefore(text, i) {
			return Match{}, false
		}
		if hasPrefixFold(text[i:], "arxiv.org/") > 0 {
			return oldUrlMatch(text, i, i)
		}
		if n := hasPrefixFold(text[i:], "arxiv:"); n > 0 {
			j := i + n
			if j < len(text) && text[j] == ' ' {
				j++
			}
			return oldArxivToken(text, i, j)
		}
		if n := hasPrefixFold(text[i:], "arxiv "); n > 0 && newStyleAhead(text[i+n:]) {
			return oldArxivToken(text, i, i+n)
		}
	case '1':
		if i+2 < len(text) && text[i+1] == '0' && text[i+2] == '.' && boundaryBefore(text, i) && (i == 0 || text[i-1] != '.') {
			if end, ok := bareDOIPrefix(text, i); ok {
				return oldDoiBody(text, i, i, end)
			}
		}
	case 'P':
		if !boundaryBefore(text, i) {
			return Match{}, false
		}
		if n := hasPrefixFold(text[i:], "PMCID"); n > 0 {
			j := skipSep(text, i+n)
			if j > i+n && j < len(text) {
				end := tokenEnd(text, j)
				if end > j {
					return Match{Kind: PMCID, Start: i, End: end}, true
				}
			}
		}
		if hasPrefixFold(text[i:], "PMC") > 0 && i+3 < len(text) && isDigit(text[i+3]) {
			end := i + 3
			for end < len(text) && (isDigit(text[end]) || text[end] == '.' && end+1 < len(text) && isDigit(text[end+1])) {
				end++
			}
			if boundaryAfter(text, end) {
				return Match{Kind: PMCID, Start: i, End: end}, true
			}
		}
		if n := hasPrefixFold(text[i:], "PMID"); n > 0 {
			j := skipSep(text, i+n)
			if j > i+n && j < len(text) && isDigit(text[j]) {
				end := j
				for end < len(text) && isDigit(text[end]) {
					end++
				}
				if boundaryAfter(text, end) {
					return Match{Kind: PMID, Start: i, End: end}, true
				}
			}
		}
	case '/':
		return oldOldArXivAround(text, i)
	}
	return Match{}, false
}

// urlMatch scans a URL whose body starts at body (after the scheme; or at
// start for scheme-less doi.org / arxiv.org forms) and classifies it.
func oldUrlMatch(text []byte, start, body int) (Match, bool) {
	end := oldScanBody(text, body, false)
	if end <= body {
		return Match{}, false
	}
	m := Match{Kind: URL, Start: start, End: end}
	host, path := oldSplitHost(string(text[body:end]))
	switch strings.ToLower(host) {
	case "doi.org", "dx.doi.org", "www.doi.org":
		if path != "" {
			m.Kind, m.ID = DOI, NormalizeDOI(path)
		}
	case "arxiv.org", "www.arxiv.org", "export.arxiv.org":
		for _, p := range []string{"abs/", "pdf/", "html/", "format/"} {
			if strings.HasPrefix(path, p) {
				id := path[len(p):]
				if k := strings.IndexAny(id, "?#"); k >= 0 {
					id = id[:k]
				}
				id = strings.TrimSuffix(strings.TrimSuffix(id, "/"), ".pdf")
				if id != "" {
					m.Kind, m.ID = ArXiv, id
				}
				break
			}
		}
	}
	return m, true
}

func oldSplitHost(s string) (host, path string) {
	host, path, _ = strings.Cut(s, "/")
	if k := strings.IndexAny(host, ":?#"); k >= 0 {
		host = host[:k]
	}
	return host, path
}

// doiAfterPrefix handles doi:, info:doi/ and urn:doi: forms.
func oldDoiAfterPrefix(text []byte, start, j int) (Match, bool) {
	if j < len(text) && text[j] == ' ' {
		j++
	}
	if j >= len(text) || !isDigit(text[j]) {
		return Match{}, false
	}
	return oldDoiBody(text, start, j, j)
}

func oldDoiBody(text []byte, start, idStart, _ int) (Match, bool) {
	end := oldScanBody(text, idStart, true)
	if end <= idStart {
		return Match{}, false
	}
	return Match{Kind: DOI, Start: start, End: end, ID: NormalizeDOI(string(text[idStart:end]))}, true
}

// scanBody reads an identifier or URL body from j: up to white space, a
// quote, a backtick, or a closing bracket that closes nothing inside the body;
// then drops trailing sentence punctuation. Balanced (), [] and <> stay (DOIs
// such as 10.1016/S0140-6736(20)30183-5 and SICI DOIs need them). Non-ASCII
// letters and digits continue a URL (IRIs); non-ASCII punctuation such as
// "，" or "）" ends it.
func oldScanBody(text []byte, j int, doi bool) int {
	var paren, square, angle int
	end := j
loop:
	for end < len(text) {
		c := text[end]
		if c >= utf8.RuneSelf {
			if doi {
				break
			}
			r, n := utf8.DecodeRune(text[end:])
			if !unicode.IsLetter(r) && !unicode.IsDigit(r) && !unicode.IsMark(r) {
				break
			}
			end += n
			continue
		}
		switch c {
		case ' ', '\t', '\n', '\r', '\f', '\v', '"', '`', '|', '{', '}', '\\', '^':
			break loop
		case '(':
			paren++
		case ')':
			if paren == 0 {
				break loop
			}
			paren--
		case '[':
			square++
		case ']':
			if square == 0 {
				break loop
			}
			square--
		case '<':
			if !doi {
				break loop
			}
			angle++
		case '>':
			if angle == 0 {
				break loop
			}
			angle--
		}
		if c < ' ' || c == 0x7f {
			break
		}
		end++
	}
	return trimTrailing(text, j, end)
}

// arxivToken reads an arXiv id after its prefix.
func oldArxivToken(text []byte, start, j int) (Match, bool) {
	if j >= len(text) {
		return Match{}, false
	}
	end := j
	for end < len(text) {
		c := text[end]
		if isDigit(c) || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || c == '.' || c == '-' || c == '/' {
			end++
			continue
		}
		break
	}
	for end > j && (text[end-1] == '.' || text[end-1] == '-' || text[end-1] == '/') {
		end--
	}
	tok := text[j:end]
	if len(tok) == 0 || !(isDigit(tok[0]) || containsByte(tok, '/')) {
		return Match{}, false
	}
	return Match{Kind: ArXiv, Start: start, End: end, ID: string(tok)}, true
}

// oldArXivAround recognises a bare old-style id such as hep-th/9901001 from
// its slash at i.
func oldOldArXivAround(text []byte, i int) (Match, bool) {
	s := i
	for s > 0 {
		c := text[s-1]
		if 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || c == '-' || c == '.' {
			s--
			continue
		}
		break
	}
	if s == i || !boundaryBefore(text, s) || (s > 0 && (text[s-1] == '/' || text[s-1] == ':')) {
		return Match{}, false
	}
	archive := string(text[s:i])
	if dot := strings.IndexByte(archive, '.'); dot >= 0 {
		archive = archive[:dot]
	}
	if !oldArchives[archive] {
		return Match{}, false
	}
	end := i + 1
	for end < len(text) && isDigit(text[end]) {
		end++
	}
	if end-i-1 != 7 {
		return Match{}, false
	}
	if end+1 < len(text) && text[end] == 'v' && isDigit(text[end+1]) {
		end++
		for end < len(text) && isDigit(text[end]) {
			end++
		}
	}
	if !boundaryAfter(text, end) {
		return Match{}, false
	}
	return Match{Kind: ArXiv, Start: s, End: end, ID: string(text[s:end])}, true
}

// isbnMatch reads "ISBN[-10|-13][:] digits-and-hyphens". Spaces may separate
// digit groups; the match ends after the last group that makes 10 or 13
// digits, so a following number is not swallowed.
func oldIsbnMatch(text []byte, i int) (Match, bool) {
	j := i + 4
	if j+3 <= len(text) && (string(text[j:j+3]) == "-10" || string(text[j:j+3]) == "-13") {
		j += 3
	}
	j = skipSep(text, j)
	if j >= len(text) || !isDigit(text[j]) {
		return Match{}, false
	}
	digits, end, good := 0, j, 0
	for k := j; k < len(text); k++ {
		c := text[k]
		switch {
		case isDigit(c) || (c == 'X' || c == 'x') && (digits == 9 || digits == 12):
			digits++
			end = k + 1
			if digits == 10 || digits == 13 {
				good = end
			}
			if c == 'X' || c == 'x' {
				k = len(text)
			}
			continue
		case c == '-' || c == ' ' && k+1 < len(text) && isDigit(text[k+1]):
			continue
		}
		break
	}
	if digits < 9 {
		return Match{}, false
	}
	if good > 0 && good != end && digits > 13 {
		end = good
	}
	if !boundaryAfter(text, end) {
		return Match{}, false
	}
	return Match{Kind: ISBN, Start: i, End: end}, true
}

func oldIssnMatch(text []byte, i int) (Match, bool) {
	j := skipSep(text, i+4)
	if j+8 > len(text) {
		return Match{}, false
	}
	b := text[j:]
	end := 0
	switch {
	case len(b) >= 9 && allDigits(string(b[:4])) && b[4] == '-' && allDigits(string(b[5:8])) && (isDigit(b[8]) || b[8] == 'X' || b[8] == 'x'):
		end = j + 9
	case allDigits(string(b[:7])) && (isDigit(b[7]) || b[7] == 'X' || b[7] == 'x'):
		end = j + 8
	default:
		return Match{}, false
	}
	if !boundaryAfter(text, end) {
		return Match{}, false
	}
	return Match{Kind: ISSN, Start: i, End: end}, true
}

func FuzzScanEquiv(f *testing.F) {
	for _, s := range []string{
		"doi:10.1000/xyz123.", "(https://doi.org/10.1016/S0140-6736(20)30183-5),", "arXiv:2411.04368v2",
		"hep-th/9901001", "ISBN 978-0-306-40615-7", "PMCID: PMC123", "https://a.b/(c)]", "10.1234/<a>]>",
		"HTTPS://DX.DOI.ORG/10.1/ABC x https://arxiv.org/abs/2101.00001v2?x#y https://export.arxiv.org/pdf/2101.00001.pdf",
		"https://doİ.org/10.1/x https://arxiv.org/abs/ arxiv.org/format/hep-th/9901001/ https://doi.org/",
		"urn:doi:10.1/x info:doi/10.1/y arxiv 2411.04368 PMID: 123 PMC9.1 ISSN 0317-8471 https://a.b/c?d#e",
		"see 10.12345.678.9012.3456/abc and 10.123456789.1.2.3.4.5/x, 1234567890.10.1234/x (10.1234.5.6.7.8.9.10.11/y)",
		"Ix Px ax ArXiv 2101.00001 ISBN-13: 978-0-306-40615-7 PMCID PMC12 PMID:1 arxiv.org/pdf/2101.00001v1.pdf",
		"https://doi.org/10.1000/abc", "http://ARXIV.org/abs/2101.00001v2", "https://doİ.org/10.1/x", "https://doi.org\"x/10.1/y",
		"HTTPS://dx.doi.org:443/10.1/z", "https://export.arxiv.org/pdf/hep-th/9901001v1", "https://example.com/10.1000/x", "doi:10.1/x",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got := Scan([]byte(s))
		want := oldAppendScan(nil, []byte(s))
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("Scan(%q) =\n%+v\nold\n%+v", s, got, want)
		}
		if m, ok := First([]byte(s)); ok != (len(want) > 0) || ok && !reflect.DeepEqual(m, want[0]) {
			t.Fatalf("First(%q) = %+v, %v", s, m, ok)
		}
		whole := len(want) == 1 && want[0].Start == 0 && want[0].End == len(s) && want[0].Problem == "" && (want[0].Kind == DOI || want[0].Kind == ArXiv)
		if m, ok := WholeWork([]byte(s)); ok != whole || ok && !reflect.DeepEqual(m, want[0]) {
			t.Fatalf("WholeWork(%q) = %+v, %v; want %v", s, m, ok, whole)
		}
	})
}
