package ident

import (
	"bytes"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/citelint/citelint/internal/bytecursor"
)

// Scan returns the identifiers in text in order of position. Spans never
// overlap.
func Scan(text []byte) []Match { return AppendScan(nil, text) }

// AppendScan appends the identifiers in text to dst.
func AppendScan(dst []Match, text []byte) []Match {
	s := newScanner(text)
	for i := 0; ; {
		m, ok := s.next(i)
		if !ok {
			return dst
		}
		dst = append(dst, m)
		i = m.End
	}
}

// First returns the first identifier in text, Scan(text)[0], without
// looking for the others.
func First(text []byte) (Match, bool) {
	s := newScanner(text)
	return s.next(0)
}

// WholeWork returns the identifier text consists of when it is a DOI or an
// arXiv id without a problem: the first one Scan finds, if it covers all
// of text (then it is the only one). Link destinations are mostly URLs on
// other hosts, which it answers without scanning them unless their path
// may hold a DOI (a publisher's page of a work).
func WholeWork(text []byte) (Match, bool) {
	n := hasPrefixFold(text, "https://")
	if n == 0 {
		n = hasPrefixFold(text, "http://")
	}
	if n > 0 {
		// Scan would try a URL at 0 (an identifier starting later does
		// not cover text): a DOI or arXiv id only on their hosts, which
		// the host up to the first '/' must be (if the URL ends before
		// that '/', its path is empty, and it is a plain URL).
		host := text[n:]
		if k := bytes.IndexByte(host, '/'); k >= 0 {
			host = host[:k]
		}
		if k := bytes.IndexAny(host, ":?#"); k >= 0 {
			host = host[:k]
		}
		if hostKind(host) == "" && !bytes.Contains(text[n:], []byte("/10.")) {
			return Match{}, false // not a registry's host, and no DOI in the path
		}
	}
	m, ok := First(text)
	if !ok || m.Start != 0 || m.End != len(text) || m.Problem != "" || m.Kind != DOI && m.Kind != ArXiv {
		return Match{}, false
	}
	return m, true
}

// A scanner finds identifiers from successive offsets of one text.
//
// Every identifier has a ':' or '/' at most 10 bytes after where matchAt
// is tried for it (the ':' of "https:" at 5, the '/' of "dx.doi.org/" at
// 10, an old-style arXiv id is tried at its '/'), except bare DOIs, those
// tried at an 'I' (ISBN, ISSN) or a 'P' (PMC, PMID), and "arXiv " with an
// 'x' or 'X' 2 bytes on. A bare DOI "10.NNNN(.NNN)*/" starts the run of
// digits and dots before its '/' (bareDOIPrefix and the test before it
// want no digit or '.' before the "10."), and the first ':' or '/' after
// it is that '/'. So the offsets before the first of those places cannot
// start an identifier, and next jumps over them: the cursors find each
// byte with IndexByte, which in prose leaves little for the per-byte loop.
type scanner struct {
	text []byte
	// ':', '/', 'I', 'P', 'x', 'X'
	cur [6]bytecursor.Cursor
	// dense is where skip is asked again: up to it, every byte is tried
	// (trying more offsets than needed changes nothing).
	dense int
}

func newScanner(text []byte) scanner {
	s := scanner{text: text, cur: [6]bytecursor.Cursor{bytecursor.New(':'), bytecursor.New('/'), bytecursor.New('I'), bytecursor.New('P'), bytecursor.New('x'), bytecursor.New('X')}}
	if len(text) < shortText {
		s.dense = len(text) // six searches cost more than trying each byte
	}
	return s
}

// shortText is the length below which a scanner tries every byte.
const shortText = 64

// skip returns the first offset from i on where an identifier may be
// tried (see scanner), and the offset up to which to try every byte from
// there; i must not decrease from one call to the next.
func (s *scanner) skip(i int) (to, dense int) {
	t, c := s.text, &s.cur
	sep := min(c[0].Next(t, i), c[1].Next(t, i))
	from := sep - 10
	if sep < len(t) && t[sep] == '/' {
		// A bare DOI whose '/' this is starts where the digits and dots
		// before it do.
		r := sep
		for r > 0 && (isDigit(t[r-1]) || t[r-1] == '.') {
			r--
		}
		from = min(from, r)
	}
	other := min(c[2].Next(t, i), c[3].Next(t, i), c[4].Next(t, i)-2, c[5].Next(t, i)-2)
	if from <= other {
		// Every byte from there through the separator.
		return max(from, i), sep + 1
	}
	return max(other, i), max(other, i) + 1
}

// next returns the first identifier found from offset i on; i must not
// decrease from one call to the next.
func (s *scanner) next(i int) (Match, bool) {
	text := s.text
	for i+1 < len(text) { // maybeStart needs a byte after i
		if i >= s.dense {
			if i, s.dense = s.skip(i); i+1 >= len(text) {
				break
			}
		}
		// Skip bytes that start nothing without a call: most bytes of
		// prose. The table holds every pair of bytes maybeStart may accept.
		if x := uint(text[i])<<8 | uint(text[i+1]); startPairs[x>>6]&(1<<(x&63)) == 0 || !maybeStart(text, i) {
			i++
			continue
		}
		m, ref, ok := matchAt(text, i)
		if !ok {
			i++
			continue
		}
		m.Raw = string(text[m.Start:m.End])
		if ref.end > 0 {
			m.ID = m.Raw[ref.start-m.Start : ref.end-m.Start]
			if ref.doi {
				m.ID = NormalizeDOI(m.ID)
			}
		}
		finish(&m)
		return m, true
	}
	return Match{}, false
}

// startBytes marks the bytes an identifier can start with (or, for bare
// old-style arXiv ids, the slash they are found from).
var startBytes = func() (t [256]bool) {
	for _, c := range []byte("hHdDiIuUaA1P/") {
		t[c] = true
	}
	return t
}()

// startPairs is a bit set of the pairs of bytes (first<<8 | second) that
// maybeStart accepts at some offset; for '/' it also needs a letter before.
// Only first bytes in startBytes can pass, so only they are tried: 65,536
// calls took a tenth of a millisecond of every run's start-up.
var startPairs = func() (t [1 << 16 / 64]uint64) {
	for c := 0; c < 256; c++ {
		if !startBytes[c] {
			continue
		}
		for n := 0; n < 256; n++ {
			if maybeStart([]byte{'a', byte(c), byte(n)}, 1) {
				x := c<<8 | n
				t[x>>6] |= 1 << (x & 63)
			}
		}
	}
	return t
}()

// maybeStart is the cheap test run on every byte of prose: the first two
// bytes must fit some identifier before matchAt does the real work. Scan
// runs over all prose, so this keeps it near memory speed.
func maybeStart(text []byte, i int) bool {
	c := text[i]
	if !startBytes[c] || i+1 >= len(text) {
		return false
	}
	n := text[i+1] | 0x20 // ASCII lower case for letters
	switch c {
	case 'h', 'H':
		return n == 't'
	case 'd', 'D':
		return n == 'o' || n == 'x'
	case 'a', 'A':
		return n == 'r'
	case 'i', 'I':
		return n == 'n' || n == 's'
	case 'u', 'U':
		return n == 'r'
	case '1':
		return text[i+1] == '0'
	case 'P':
		return text[i+1] == 'M'
	case '/':
		return i > 0 && isASCIILetter(text[i-1]) && isDigit(text[i+1])
	}
	return false
}

// matchAt tries to recognise an identifier starting at or (for old-style
// arXiv ids, found from their slash) shortly before i. It fills Kind, Start,
// End and for URLs that are really DOIs or arXiv ids the ID.
func matchAt(text []byte, i int) (Match, idRef, bool) {
	c := text[i]
	switch c {
	case 'h', 'H':
		if n := hasPrefixFold(text[i:], "https://"); n > 0 || hasPrefixFold(text[i:], "http://") > 0 {
			if n == 0 {
				n = len("http://")
			}
			if !boundaryBefore(text, i) {
				return Match{}, idRef{}, false
			}
			return urlMatch(text, i, i+n)
		}
	case 'd', 'D':
		if !boundaryBefore(text, i) {
			return Match{}, idRef{}, false
		}
		if n := hasPrefixFold(text[i:], "doi:"); n > 0 {
			return doiAfterPrefix(text, i, i+n)
		}
		if hasPrefixFold(text[i:], "doi.org/") > 0 || hasPrefixFold(text[i:], "dx.doi.org/") > 0 {
			return urlMatch(text, i, i)
		}
	case 'i', 'I':
		if !boundaryBefore(text, i) {
			return Match{}, idRef{}, false
		}
		if n := hasPrefixFold(text[i:], "info:doi/"); n > 0 {
			return doiAfterPrefix(text, i, i+n)
		}
		if c == 'I' {
			if hasPrefixFold(text[i:], "ISBN") > 0 {
				return isbnMatch(text, i)
			}
			if hasPrefixFold(text[i:], "ISSN") > 0 {
				return issnMatch(text, i)
			}
		}
	case 'u', 'U':
		if n := hasPrefixFold(text[i:], "urn:doi:"); n > 0 && boundaryBefore(text, i) {
			return doiAfterPrefix(text, i, i+n)
		}
	case 'a', 'A':
		if !boundaryBefore(text, i) {
			return Match{}, idRef{}, false
		}
		if hasPrefixFold(text[i:], "arxiv.org/") > 0 {
			return urlMatch(text, i, i)
		}
		if n := hasPrefixFold(text[i:], "arxiv:"); n > 0 {
			j := i + n
			if j < len(text) && text[j] == ' ' {
				j++
			}
			return arxivToken(text, i, j)
		}
		if n := hasPrefixFold(text[i:], "arxiv "); n > 0 && newStyleAhead(text[i+n:]) {
			// Written with a space, not "arXiv:", the word names the
			// site as often as it prefixes an id: only an id's whole
			// shape counts ("arXiv 2411.04368v2"), not a date range
			// after it ("arXiv 2024.01.01-2024.01.10").
			m, ref, ok := arxivToken(text, i, i+n)
			if ok && !newStyleShape(text[ref.start:ref.end]) {
				return Match{}, idRef{}, false
			}
			return m, ref, ok
		}
	case '1':
		if i+2 < len(text) && text[i+1] == '0' && text[i+2] == '.' && boundaryBefore(text, i) && (i == 0 || text[i-1] != '.') {
			if end, ok := bareDOIPrefix(text, i); ok {
				return doiBody(text, i, i, end)
			}
		}
	case 'P':
		if !boundaryBefore(text, i) {
			return Match{}, idRef{}, false
		}
		if n := hasPrefixFold(text[i:], "PMCID"); n > 0 {
			j := skipSep(text, i+n)
			if j > i+n && j < len(text) {
				end := tokenEnd(text, j)
				if end > j {
					return Match{Kind: PMCID, Start: i, End: end}, idRef{}, true
				}
			}
		}
		if hasPrefixFold(text[i:], "PMC") > 0 && i+3 < len(text) && isDigit(text[i+3]) {
			end := i + 3
			for end < len(text) && (isDigit(text[end]) || text[end] == '.' && end+1 < len(text) && isDigit(text[end+1])) {
				end++
			}
			if boundaryAfter(text, end) {
				return Match{Kind: PMCID, Start: i, End: end}, idRef{}, true
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
					return Match{Kind: PMID, Start: i, End: end}, idRef{}, true
				}
			}
		}
	case '/':
		return oldArXivAround(text, i)
	}
	return Match{}, idRef{}, false
}

// finish normalises a match's ID and records its problem.
func finish(m *Match) {
	raw := m.Raw
	switch m.Kind {
	case DOI:
		if m.ID == "" {
			m.ID = NormalizeDOI(raw)
		}
		m.Problem = ValidateDOI(m.ID)
	case ArXiv:
		s := m.ID
		if s == "" {
			s = stripArXivPrefix(raw)
		}
		var prob string
		m.ID, m.Version, prob = ParseArXiv(s, Now())
		m.Problem = prob
	case URL:
		m.ID = raw
	case ISBN:
		m.ID = compact(stripISBNPrefix(raw))
		m.Problem = ValidateISBN(raw)
	case ISSN:
		m.ID = compact(strings.TrimLeft(raw[4:], ": "))
		m.Problem = ValidateISSN(raw)
	case PMCID:
		s := raw
		if len(s) > 5 && strings.EqualFold(s[:5], "pmcid") {
			s = strings.TrimLeft(s[5:], ": ")
		}
		m.ID = strings.ToUpper(s)
		m.Problem = ValidatePMCID(s)
	case PMID:
		s := strings.TrimLeft(raw[4:], ": ")
		m.ID = s
		m.Problem = ValidatePMID(s)
	}
}

func stripArXivPrefix(s string) string {
	if len(s) > 6 && strings.EqualFold(s[:6], "arxiv:") {
		s = s[6:]
	} else if len(s) > 6 && strings.EqualFold(s[:6], "arxiv ") {
		s = s[6:]
	}
	return strings.TrimLeft(s, " ")
}

// urlMatch scans a URL whose body starts at body (after the scheme; or at
// start for scheme-less doi.org / arxiv.org forms) and classifies it.
func urlMatch(text []byte, start, body int) (Match, idRef, bool) {
	end := scanBody(text, body, false)
	if end <= body {
		return Match{}, idRef{}, false
	}
	m := Match{Kind: URL, Start: start, End: end}
	// The host runs to the first '/', cut at ':', '?' or '#'; the path
	// follows that '/'.
	b := text[body:end]
	host, pathAt := b, len(b)
	if k := bytes.IndexByte(b, '/'); k >= 0 {
		host, pathAt = b[:k], k+1
	}
	if k := bytes.IndexAny(host, ":?#"); k >= 0 {
		host = host[:k]
	}
	path := b[pathAt:]
	switch hostKind(host) {
	case DOI:
		// A DOI's path starts with its "10." prefix, or with the digits of
		// a mistyped one ("1016/j.x"), or with "doi:"; one that starts
		// otherwise is a page of doi.org's own (api, help), not a DOI.
		if len(path) > 0 && (path[0] >= '0' && path[0] <= '9' || hasPrefixFold(path, "doi:") > 0) {
			m.Kind = DOI
			return m, idRef{start: body + pathAt, end: end, doi: true}, true
		}
	case ArXiv:
		for _, p := range []string{"abs/", "pdf/", "html/", "format/"} {
			if bytes.HasPrefix(path, []byte(p)) {
				id := path[len(p):]
				if k := bytes.IndexAny(id, "?#"); k >= 0 {
					id = id[:k]
				}
				id = bytes.TrimSuffix(bytes.TrimSuffix(id, []byte("/")), []byte(".pdf"))
				if len(id) > 0 {
					m.Kind = ArXiv
					s := body + pathAt + len(p)
					return m, idRef{start: s, end: s + len(id)}, true
				}
				break
			}
		}
	default:
		// A publisher's page of a work names its DOI in its path
		// (".../article/10.3847/2041-8213/ab50c5/pdf"): the DOI is the
		// more specific citation, as director-ai reports it.
		if s, e, ok := doiInPath(path); ok {
			m.Kind = DOI
			return m, idRef{start: body + pathAt + s, end: body + pathAt + e, doi: true}, true
		}
	}
	return m, idRef{}, true
}

// doiInPath finds a DOI in a URL's path: a segment "10." with four to
// nine digits, then "/" and the suffix, up to the query or fragment, less
// a last segment that names a view of the work ("pdf", "full",
// "abstract"...). It returns the DOI's offsets in path.
func doiInPath(path []byte) (int, int, bool) {
	if k := bytes.IndexAny(path, "?#"); k >= 0 {
		path = path[:k]
	}
	for i := 0; i+3 < len(path); {
		k := bytes.Index(path[i:], []byte("10."))
		if k < 0 {
			return 0, 0, false
		}
		s := i + k
		i = s + 3
		if s > 0 && path[s-1] != '/' {
			continue
		}
		j := s + 3
		for j < len(path) && isDigit(path[j]) {
			j++
		}
		if j-(s+3) < 4 || j-(s+3) > 9 || j >= len(path) || path[j] != '/' || j+1 == len(path) {
			continue
		}
		e := len(path)
		for {
			t := bytes.TrimRight(path[s:e], "/")
			e = s + len(t)
			l := bytes.LastIndexByte(t, '/')
			if l <= j-s || !doiViewSegments[strings.ToLower(string(t[l+1:]))] {
				break
			}
			e = s + l
		}
		e = s + len(bytes.TrimSuffix(path[s:e], []byte(".pdf")))
		if e > j+1 {
			return s, e, true
		}
	}
	return 0, 0, false
}

// doiViewSegments are last path segments that name a view of a work, not
// part of its DOI.
var doiViewSegments = map[string]bool{"pdf": true, "epdf": true, "full": true, "fulltext": true, "abstract": true, "html": true,
	"meta": true, "summary": true, "references": true, "figures": true, "supplemental": true, "download": true, "view": true}

// hostKind returns DOI for the doi.org hosts, ArXiv for arxiv.org's, else
// "": the switch on strings.ToLower(host) it replaces, without the string
// for ASCII hosts (ToLower maps some non-ASCII letters to ASCII ones, such
// as the Kelvin sign to 'k', so other hosts still take that way).
func hostKind(host []byte) Kind {
	var buf [16]byte
	var h []byte
	if isASCII(host) {
		if len(host) > len(buf) {
			return "" // longer than every host below
		}
		h = buf[:len(host)]
		for k, c := range host {
			if 'A' <= c && c <= 'Z' {
				c += 'a' - 'A'
			}
			h[k] = c
		}
	} else {
		h = []byte(strings.ToLower(string(host)))
	}
	switch string(h) {
	case "doi.org", "dx.doi.org", "www.doi.org":
		return DOI
	case "arxiv.org", "www.arxiv.org", "export.arxiv.org":
		return ArXiv
	}
	return ""
}

func isASCII(b []byte) bool {
	for _, c := range b {
		if c >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// idRef locates a match's ID in text: AppendScan takes it from the Raw
// string it makes anyway rather than allocating another. end == 0: none.
type idRef struct {
	start, end int
	doi        bool // the ID is NormalizeDOI of those bytes
}

// doiAfterPrefix handles doi:, info:doi/ and urn:doi: forms.
func doiAfterPrefix(text []byte, start, j int) (Match, idRef, bool) {
	if j < len(text) && text[j] == ' ' {
		j++
	}
	if j >= len(text) || !isDigit(text[j]) {
		return Match{}, idRef{}, false
	}
	return doiBody(text, start, j, j)
}

// bareDOIPrefix checks for 10.NNNN(.NNN)*/ at i and returns where the suffix
// starts. Bare DOIs need the full prefix shape; prefixed ones are validated
// instead, so a typo after "doi:" is reported rather than ignored.
func bareDOIPrefix(text []byte, i int) (int, bool) {
	j := i + 3
	k := j
	for k < len(text) && isDigit(text[k]) {
		k++
	}
	if n := k - j; n < 4 || n > 9 {
		return 0, false
	}
	for k+1 < len(text) && text[k] == '.' && isDigit(text[k+1]) {
		k++
		for k < len(text) && isDigit(text[k]) {
			k++
		}
	}
	if k+1 >= len(text) || text[k] != '/' || !doiSuffixChar(text[k+1]) {
		return 0, false
	}
	return k + 1, true
}

func doiSuffixChar(c byte) bool {
	return c > ' ' && c < 0x7f && c != '"' && c != '`' && c != '|' && c != '>' && c != ')' && c != ']' && c != '}'
}

func doiBody(text []byte, start, idStart, _ int) (Match, idRef, bool) {
	end := scanBody(text, idStart, true)
	if end <= idStart {
		return Match{}, idRef{}, false
	}
	return Match{Kind: DOI, Start: start, End: end}, idRef{start: idStart, end: end, doi: true}, true
}

// scanBody reads an identifier or URL body from j: up to white space, a
// quote, a backtick, or a closing bracket that closes nothing inside the body;
// then drops trailing sentence punctuation. Balanced (), [] and <> stay (DOIs
// such as 10.1016/S0140-6736(20)30183-5 and SICI DOIs need them). Non-ASCII
// letters and digits continue a URL (IRIs); non-ASCII punctuation such as
// "，" or "）" ends it.
func scanBody(text []byte, j int, doi bool) int {
	var paren, square, angle int
	end := j
loop:
	for end < len(text) {
		// Most bytes of a URL need none of the tests below.
		for end < len(text) && bodyByte[text[end]] {
			end++
		}
		if end == len(text) {
			break
		}
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

// bodyByte marks the ASCII bytes scanBody passes over without a test: not
// a control byte, space, quote, backtick or | { } \ ^, and no bracket.
var bodyByte = func() (t [256]bool) {
	for c := '!'; c < 0x7f; c++ {
		t[c] = true
	}
	for _, c := range "\"`|{}\\^()[]<>" {
		t[c] = false
	}
	return t
}()

// trimTrailing drops sentence punctuation and emphasis markers from the end
// of text[j:end], and an opening bracket left unbalanced by an earlier trim.
func trimTrailing(text []byte, j, end int) int {
	for end > j {
		switch text[end-1] {
		case '.', ',', ';', ':', '!', '?', '\'', '*', '~':
			end--
			continue
		case '(', '[', '<':
			end--
			continue
		case ')', ']', '>':
			if !balanced(text[j:end]) {
				end--
				continue
			}
		}
		break
	}
	return end
}

func balanced(b []byte) bool {
	var p, s, a int
	for _, c := range b {
		switch c {
		case '(':
			p++
		case ')':
			p--
		case '[':
			s++
		case ']':
			s--
		case '<':
			a++
		case '>':
			a--
		}
	}
	return p >= 0 && s >= 0 && a >= 0
}

// arxivToken reads an arXiv id after its prefix.
func arxivToken(text []byte, start, j int) (Match, idRef, bool) {
	if j >= len(text) {
		return Match{}, idRef{}, false
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
		return Match{}, idRef{}, false
	}
	return Match{Kind: ArXiv, Start: start, End: end}, idRef{start: j, end: j + len(tok)}, true
}

// newStyleAhead reports whether b starts with NNNN.N, so that "arXiv 2411.04368"
// counts but "arXiv preprint" does not.
func newStyleAhead(b []byte) bool {
	return len(b) >= 6 && allDigits(string(b[:4])) && b[4] == '.' && isDigit(b[5])
}

// newStyleShape reports whether b is a whole new-style id: NNNN.NNNN or
// NNNN.NNNNN, perhaps with a version.
func newStyleShape(b []byte) bool {
	if len(b) < 9 || !allDigits(string(b[:4])) || b[4] != '.' {
		return false
	}
	k := 5
	for k < len(b) && isDigit(b[k]) {
		k++
	}
	if k-5 < 4 || k-5 > 5 {
		return false
	}
	if k == len(b) {
		return true
	}
	return b[k] == 'v' && k+1 < len(b) && allDigits(string(b[k+1:]))
}

// oldArXivAround recognises a bare old-style id such as hep-th/9901001 from
// its slash at i.
func oldArXivAround(text []byte, i int) (Match, idRef, bool) {
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
		return Match{}, idRef{}, false
	}
	archive := string(text[s:i])
	if dot := strings.IndexByte(archive, '.'); dot >= 0 {
		archive = archive[:dot]
	}
	if !oldArchives[archive] {
		return Match{}, idRef{}, false
	}
	end := i + 1
	for end < len(text) && isDigit(text[end]) {
		end++
	}
	if end-i-1 != 7 {
		return Match{}, idRef{}, false
	}
	if end+1 < len(text) && text[end] == 'v' && isDigit(text[end+1]) {
		end++
		for end < len(text) && isDigit(text[end]) {
			end++
		}
	}
	if !boundaryAfter(text, end) {
		return Match{}, idRef{}, false
	}
	return Match{Kind: ArXiv, Start: s, End: end}, idRef{start: s, end: end}, true
}

// isbnMatch reads "ISBN[-10|-13][:] digits-and-hyphens". Spaces may separate
// digit groups; the match ends after the last group that makes 10 or 13
// digits, so a following number is not swallowed.
func isbnMatch(text []byte, i int) (Match, idRef, bool) {
	j := i + 4
	if j+3 <= len(text) && (string(text[j:j+3]) == "-10" || string(text[j:j+3]) == "-13") {
		j += 3
	}
	j = skipSep(text, j)
	if j >= len(text) || !isDigit(text[j]) {
		return Match{}, idRef{}, false
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
		return Match{}, idRef{}, false
	}
	if good > 0 && good != end && digits > 13 {
		end = good
	}
	if !boundaryAfter(text, end) {
		return Match{}, idRef{}, false
	}
	return Match{Kind: ISBN, Start: i, End: end}, idRef{}, true
}

func issnMatch(text []byte, i int) (Match, idRef, bool) {
	j := skipSep(text, i+4)
	if j+8 > len(text) {
		return Match{}, idRef{}, false
	}
	b := text[j:]
	end := 0
	switch {
	case len(b) >= 9 && allDigits(string(b[:4])) && b[4] == '-' && allDigits(string(b[5:8])) && (isDigit(b[8]) || b[8] == 'X' || b[8] == 'x'):
		end = j + 9
	case allDigits(string(b[:7])) && (isDigit(b[7]) || b[7] == 'X' || b[7] == 'x'):
		end = j + 8
	default:
		return Match{}, idRef{}, false
	}
	if !boundaryAfter(text, end) {
		return Match{}, idRef{}, false
	}
	return Match{Kind: ISSN, Start: i, End: end}, idRef{}, true
}

// skipSep skips an optional colon and spaces after a prefix word.
func skipSep(text []byte, j int) int {
	if j < len(text) && text[j] == ':' {
		j++
	}
	for j < len(text) && text[j] == ' ' {
		j++
	}
	return j
}

func tokenEnd(text []byte, j int) int {
	end := j
	for end < len(text) && (isDigit(text[end]) || isASCIILetter(text[end]) || text[end] == '.') {
		end++
	}
	for end > j && text[end-1] == '.' {
		end--
	}
	return end
}

func hasPrefixFold(b []byte, p string) int {
	if len(b) < len(p) {
		return 0
	}
	for k := 0; k < len(p); k++ {
		c := b[k]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		pc := p[k]
		if 'A' <= pc && pc <= 'Z' {
			pc += 'a' - 'A'
		}
		if c != pc {
			return 0
		}
	}
	return len(p)
}

// boundaryBefore reports whether an identifier may start at i: not in the
// middle of an ASCII word or number.
func boundaryBefore(text []byte, i int) bool {
	if i == 0 {
		return true
	}
	c := text[i-1]
	return !isDigit(c) && !isASCIILetter(c) && c != '_' && c != '-'
}

func boundaryAfter(text []byte, i int) bool {
	if i >= len(text) {
		return true
	}
	c := text[i]
	return !isDigit(c) && !isASCIILetter(c) && c != '_'
}

func isASCIILetter(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }

func containsByte(b []byte, c byte) bool {
	for _, x := range b {
		if x == c {
			return true
		}
	}
	return false
}
