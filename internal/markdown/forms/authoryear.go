package forms

import (
	"bytes"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/citelint/citelint/internal/markdown/model"
	"github.com/citelint/citelint/internal/markdown/walk"
)

// notNames are capitalised words that precede a year in parentheses without
// being an author: (See 2020), (In 2020), (Since 2019), (January 2021).
var notNames = map[string]bool{
	"See": true, "In": true, "Since": true, "From": true, "Before": true, "After": true,
	"Until": true, "The": true, "During": true, "By": true, "Circa": true, "About": true,
	"Around": true, "As": true, "At": true, "For": true, "Of": true, "On": true, "To": true,
	"Through": true, "Till": true, "Up": true, "Also": true, "And": true, "Or": true, "Early": true,
	"Late": true, "Mid": true, "Summer": true, "Spring": true, "Fall": true, "Autumn": true,
	"Winter": true, "Q1": true, "Q2": true, "Q3": true, "Q4": true, "FY": true, "Est": true,
	"January": true, "February": true, "March": true, "April": true, "May": true, "June": true,
	"July": true, "August": true, "September": true, "October": true, "November": true,
	"December": true, "Jan": true, "Feb": true, "Mar": true, "Apr": true, "Jun": true, "Jul": true,
	"Aug": true, "Sep": true, "Sept": true, "Oct": true, "Nov": true, "Dec": true, "Updated": true,
	"Published": true, "Released": true, "Accessed": true, "Retrieved": true, "Version": true,
	"Copyright": true, "Established": true, "Founded": true, "Born": true, "Died": true,
	"Figure": true, "Fig": true, "Table": true, "Section": true, "Chapter": true, "Page": true,
	"Census": true, "Year": true, "Est.": true, "Ca": true, "Cf": true, "E.g": true, "I.e": true,
	"Between": true, "Starting": true, "Effective": true, "Expected": true, "Planned": true,
	"Launched": true, "Introduced": true, "Adopted": true, "Enacted": true, "Revised": true,
	"This": true, "That": true, "These": true, "Those": true, "Its": true, "Their": true,
	"Our": true, "His": true, "Her": true, "Was": true, "Is": true, "Are": true, "Were": true,
}

// particles may stand before a surname: van der Waals, de Souza.
var particles = map[string]bool{
	"van": true, "von": true, "de": true, "der": true, "den": true, "del": true, "della": true,
	"di": true, "da": true, "le": true, "la": true, "du": true, "dos": true, "das": true,
	"ten": true, "ter": true, "al": true, "el": true, "bin": true, "ibn": true,
}

// ScanAuthorYear finds (Smith, 2020), (Smith & Doe, 2020; Lee 2019),
// (Müller 2019, p. 5) and narrative Smith et al. (2020).
func ScanAuthorYear(text []byte, base int, out []Candidate) []Candidate {
	for off := 0; off < len(text); {
		i := bytes.IndexByte(text[off:], '(')
		if i < 0 {
			break
		}
		i += off
		off = i + 1
		// The closer within 300 bytes, looked for there only: a search to
		// the end for each of many unclosed '(' was quadratic.
		j := bytes.IndexByte(text[i+1:min(len(text), i+1+301)], ')')
		if j < 0 || j > 300 {
			continue
		}
		j += i + 1
		inner := text[i+1 : j]
		if !hasYear(inner) {
			continue
		}
		marker := model.Span{Start: base + i, End: base + j + 1}
		// Narrative: Name et al. (2020)
		if y, ok := bareYear(inner); ok {
			if name, ns := nameBefore(text, i); len(name) > 0 {
				sp := model.Span{Start: base + ns, End: marker.End}
				label, author, year := nameYear(name, y)
				out = append(out, Candidate{Author: author, Year: year, Citation: model.Citation{Kind: model.KindAuthorYear, Scheme: "narrative", Span: sp, Marker: sp, Label: label, Claim: -1, Ref: -1}})
			}
			continue
		}
		// Parenthetical: every ';'-separated part must be Name[s], year.
		var cites []Candidate
		ok := true
		for ps := 0; ps <= len(inner); {
			pe := bytes.IndexByte(inner[ps:], ';')
			if pe < 0 {
				pe = len(inner)
			} else {
				pe += ps
			}
			part := inner[ps:pe]
			name, year, ns, ne, good := parseAuthorYear(part)
			if !good {
				ok = false
				break
			}
			s := base + i + 1 + ps + ns
			label, author, yr := nameYear(name, year)
			cites = append(cites, Candidate{Author: author, Year: yr, Citation: model.Citation{Kind: model.KindAuthorYear, Span: model.Span{Start: s, End: base + i + 1 + ps + ne}, Marker: marker, Label: label, Claim: -1, Ref: -1}})
			ps = pe + 1
		}
		if ok && len(cites) > 0 {
			if len(cites) == 1 {
				cites[0].Span = marker
			}
			out = append(out, cites...)
			off = j + 1
		}
	}
	return out
}

// nameYear returns name+" "+year and, sharing its bytes, name and year:
// one string for the three fields of an author-year citation.
func nameYear(name, year []byte) (label, author, yr string) {
	var b strings.Builder
	b.Grow(len(name) + 1 + len(year))
	b.Write(name)
	b.WriteByte(' ')
	b.Write(year)
	label = b.String()
	return label, label[:len(name)], label[len(name)+1:]
}

func hasYear(b []byte) bool {
	for i := 0; i+4 <= len(b); i++ {
		if (b[i] == '1' || b[i] == '2') && isYear(b[i:i+4]) {
			return true
		}
	}
	return false
}

func isYear(b []byte) bool {
	if len(b) < 4 || !walk.IsDigits(b[:4]) {
		return false
	}
	v := int(b[0]-'0')*1000 + int(b[1]-'0')*100 + int(b[2]-'0')*10 + int(b[3]-'0')
	return v >= 1500 && v <= 2100
}

// yearAt parses a year with an optional letter suffix (2020a) at b[i:], and
// returns its end; the year must not run into more digits.
func yearAt(b []byte, i int) (int, bool) {
	if i+4 > len(b) || !isYear(b[i:]) {
		return 0, false
	}
	e := i + 4
	if e < len(b) && b[e] >= '0' && b[e] <= '9' {
		return 0, false
	}
	if e < len(b) && b[e] >= 'a' && b[e] <= 'z' && (e+1 == len(b) || !isLetterByte(b[e+1])) {
		e++
	}
	return e, true
}

func isLetterByte(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

// bareYear accepts "2020", "2020a", "2020, p. 5", and returns the year.
func bareYear(b []byte) ([]byte, bool) {
	t := bytes.TrimSpace(b)
	e, ok := yearAt(t, 0)
	if !ok {
		return nil, false
	}
	if e == len(t) || locator(t[e:]) {
		return t[:e], true
	}
	return nil, false
}

// locator accepts a page or chapter locator after a year: ", p. 5", ": 12", ", pp. 3–4".
func locator(b []byte) bool {
	t := bytes.TrimSpace(b)
	if len(t) == 0 {
		return true
	}
	if t[0] == ',' || t[0] == ':' {
		t = bytes.TrimSpace(t[1:])
	} else {
		return false
	}
	for _, p := range []string{"pp.", "p.", "ch.", "chap.", "sec.", "para.", "fig.", "S.", "S"} {
		if bytes.HasPrefix(t, []byte(p)) {
			t = bytes.TrimSpace(t[len(p):])
			break
		}
	}
	if len(t) == 0 || len(t) > 20 {
		return false
	}
	for _, c := range t {
		if !(c >= '0' && c <= '9' || c == '-' || c == ',' || c == ' ' || c >= 0x80 || c == 'f') {
			return false
		}
	}
	return true
}

// parseAuthorYear parses one part of a parenthetical citation: an optional
// lower-case prefix (e.g., see, cf.), names, and a year with optional
// locator. It returns the span of the names-and-year inside part.
func parseAuthorYear(part []byte) (name, year []byte, start, end int, ok bool) {
	i := 0
	for i < len(part) && part[i] == ' ' {
		i++
	}
	// Lower-case prefixes: "e.g.,", "see", "see also", "cf.".
	for {
		w, n := wordAt(part, i)
		if n == 0 || !isLowerWord(w) || particles[w] {
			break
		}
		i += n
		for i < len(part) && (part[i] == ' ' || part[i] == ',') {
			i++
		}
	}
	start = i
	nameStart := i
	names := 0
	for {
		// Particles, then a capitalised surname.
		for {
			w, n := wordAt(part, i)
			if n > 0 && particles[w] {
				i += n
				for i < len(part) && part[i] == ' ' {
					i++
				}
				continue
			}
			break
		}
		w, n := wordAt(part, i)
		if n == 0 || !isName(w) {
			return nil, nil, 0, 0, false
		}
		if names == 0 && notNames[w] {
			return nil, nil, 0, 0, false
		}
		names++
		i += n
		// Hyphenated or multi-word names: Smith-Jones, World Health Organization.
		for {
			j := i
			for j < len(part) && part[j] == ' ' {
				j++
			}
			w2, n2 := wordAt(part, j)
			if n2 > 0 && isName(w2) && names < 6 {
				i = j + n2
				names++
				continue
			}
			break
		}
		rest := part[i:]
		t := bytes.TrimLeft(rest, " ")
		switch {
		case bytes.HasPrefix(t, []byte("et al.")):
			i += len(rest) - len(t) + len("et al.")
		case bytes.HasPrefix(t, []byte("et al")):
			i += len(rest) - len(t) + len("et al")
		case bytes.HasPrefix(t, []byte("& ")), bytes.HasPrefix(t, []byte("and ")):
			k := bytes.IndexByte(t, ' ')
			i += len(rest) - len(t) + k + 1
			for i < len(part) && part[i] == ' ' {
				i++
			}
			continue
		case bytes.HasPrefix(t, []byte(", ")) && !startsYear(bytes.TrimLeft(t[1:], " ")):
			// "Smith, Jones, and Lee, 2020"
			i += len(rest) - len(t) + 1
			for i < len(part) && part[i] == ' ' {
				i++
			}
			if w3, n3 := wordAt(part, i); n3 > 0 && (w3 == "and" || w3 == "&") {
				i += n3
				for i < len(part) && part[i] == ' ' {
					i++
				}
			}
			continue
		}
		break
	}
	name = bytes.TrimRight(part[nameStart:i], " ,")
	for i < len(part) && (part[i] == ' ' || part[i] == ',') {
		i++
	}
	e, good := yearAt(part, i)
	if !good {
		return nil, nil, 0, 0, false
	}
	year = part[i:e]
	end = e
	// More years of the same authors: (Smith 2019, 2020).
	for {
		k := e
		for k < len(part) && (part[k] == ',' || part[k] == ' ') {
			k++
		}
		if e2, ok2 := yearAt(part, k); ok2 && k > e {
			e, end = e2, e2
			continue
		}
		break
	}
	if !locator(part[e:]) {
		return nil, nil, 0, 0, false
	}
	return name, year, start, end, true
}

func startsYear(b []byte) bool { _, ok := yearAt(b, 0); return ok }

// wordAt returns the word (letters, apostrophes, hyphens, '&') at b[i:].
func wordAt(b []byte, i int) (string, int) {
	j := i
	for j < len(b) {
		r, n := utf8.DecodeRune(b[j:])
		if unicode.IsLetter(r) || (j > i && (r == '\'' || r == '’' || r == '-' || r == '.')) {
			j += n
			continue
		}
		if j == i && r == '&' {
			return "&", 1
		}
		break
	}
	// A trailing '.' belongs to an abbreviation (e.g.) only when the word has one inside.
	w := string(b[i:j])
	if len(w) > 1 && w[len(w)-1] == '.' && !bytes.Contains(b[i:j-1], []byte(".")) {
		j--
		w = w[:len(w)-1]
	}
	return w, j - i
}

func isLowerWord(w string) bool {
	r, _ := utf8.DecodeRuneInString(w)
	return unicode.IsLower(r)
}

// isName accepts a capitalised word that is not all capitals (acronyms such
// as COVID or WHO precede years in prose far more often than authors do).
func isName(w string) bool {
	r, n := utf8.DecodeRuneInString(w)
	if !unicode.IsUpper(r) || len(w) < 2 {
		return false
	}
	lower := false
	for _, c := range w[n:] {
		if unicode.IsLower(c) {
			lower = true
		}
		if unicode.IsDigit(c) {
			return false
		}
	}
	return lower
}

// isNameBytes is isName(string(w)).
func isNameBytes(w []byte) bool {
	r, n := utf8.DecodeRune(w)
	if !unicode.IsUpper(r) || len(w) < 2 {
		return false
	}
	lower := false
	for i := n; i < len(w); {
		c, n := utf8.DecodeRune(w[i:])
		i += n
		if unicode.IsLower(c) {
			lower = true
		}
		if unicode.IsDigit(c) {
			return false
		}
	}
	return lower
}

// nameBefore finds the author of a narrative citation ending right before
// text[paren]: "Smith (", "Smith et al. (", "Smith and Doe (".
func nameBefore(text []byte, paren int) ([]byte, int) {
	e := paren
	for e > 0 && text[e-1] == ' ' {
		e--
	}
	if e == paren {
		return nil, 0
	}
	s := e
	if bytes.HasSuffix(text[:e], []byte("et al.")) {
		s = e - len("et al.")
	} else if bytes.HasSuffix(text[:e], []byte("et al")) {
		s = e - len("et al")
	}
	for s > 0 && text[s-1] == ' ' {
		s--
	}
	ws := lastWordStart(text, s)
	if w := text[ws:s]; !isNameBytes(w) || notNames[string(w)] {
		return nil, 0
	}
	start := ws
	// "Smith and Doe", "Smith & Doe"
	p := ws
	for p > 0 && text[p-1] == ' ' {
		p--
	}
	for _, conj := range []string{"and", "&"} {
		if bytes.HasSuffix(text[:p], []byte(conj)) {
			q := p - len(conj)
			if q > 0 && text[q-1] == ' ' {
				for q > 0 && text[q-1] == ' ' {
					q--
				}
				ws2 := lastWordStart(text, q)
				if w2 := text[ws2:q]; isNameBytes(w2) && !notNames[string(w2)] {
					start = ws2
				}
			}
		}
	}
	return text[start:e], start
}

func lastWordStart(text []byte, end int) int {
	s := end
	for s > 0 {
		r, n := utf8.DecodeLastRune(text[:s])
		if unicode.IsLetter(r) || r == '-' || r == '\'' || r == '’' {
			s -= n
			continue
		}
		break
	}
	return s
}
