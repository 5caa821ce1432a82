package bib

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"
)

// What one bibliography may cost. A .bib may come from a stranger's pull
// request, so parsing it is linear in its size, its error is bounded and
// @string macros cannot make it grow without bound ("billion laughs").
const (
	// MaxErrors is how many malformed entries of one file are reported
	// one by one; the others are counted in one last line.
	MaxErrors = 100
	// MaxEntries caps the entries read from one file (BibTeX or
	// CSL-JSON): each costs a few hundred bytes however short it is
	// written ("@a{k}"), so 64 MiB of them would take gigabytes. Real
	// bibliographies of 64 MiB have about 100,000.
	MaxEntries = 1 << 20
	// MaxMacroValue caps the bytes @string macros add to one value (a
	// field or another @string).
	MaxMacroValue = 1 << 20
	// MacroBudgetFactor and MacroBudgetSlack bound the bytes @string
	// macros add in all of one file: MacroBudgetFactor times its size,
	// plus MacroBudgetSlack. Real files use macros for journal and month
	// names, a fraction of their size.
	MacroBudgetFactor = 4
	MacroBudgetSlack  = 1 << 20
)

// maxEntries is MaxEntries, lowered by tests.
var maxEntries = MaxEntries

// ParseBibTeX parses BibTeX or BibLaTeX. name is used in error messages.
// @string macros are expanded, # concatenates, @comment and @preamble are
// skipped, and text between entries is ignored (as BibTeX ignores it). A
// malformed entry yields an error naming name:line; parsing resumes at the
// next line that starts with "@". At most MaxErrors errors are kept.
func ParseBibTeX(name string, data []byte) ([]Entry, error) {
	return parseBibTeX(context.Background(), name, data)
}

func parseBibTeX(ctx context.Context, name string, data []byte) ([]Entry, error) {
	p := &bibParser{src: string(data), name: name, lines: lineCounter{data: data, line: 1}, ctx: ctx,
		budget: MacroBudgetFactor*len(data) + MacroBudgetSlack,
		macros: map[string]string{
			"jan": "January", "feb": "February", "mar": "March", "apr": "April", "may": "May", "jun": "June",
			"jul": "July", "aug": "August", "sep": "September", "oct": "October", "nov": "November", "dec": "December",
		}}
	// Entries are collected by pointer and copied once at the end: an
	// []Entry grown by append copies its entries again and again.
	var found []*Entry
	errs := errList{name: name}
	for {
		at := p.nextEntry()
		if at < 0 {
			break
		}
		if err := p.tick(at); err != nil {
			errs.stop(err)
			break
		}
		// After a broken entry, the entries inside the text it ran
		// over are read again, one by one: there a value may not run
		// across a line that starts an entry (startsEntry), so that each
		// such line is read once, not once per broken entry above it.
		// The limit found for one entry is kept for the next ones
		// (end): it depends only on where a value starts, and entries
		// in one line's run would each scan to the next entry line.
		p.bounded = at < p.frontier
		e, err := p.entry(at)
		if err != nil {
			var fatal *fatalError
			if errors.As(err, &fatal) {
				errs.stop(fatal.err)
				break
			}
			errs.add(err)
			p.frontier = max(p.frontier, p.pos)
			p.skipToNextLineAt(at + 1)
			continue
		}
		if e != nil {
			if len(found) == maxEntries {
				errs.stop(p.errorf(at, "more than %d entries; the rest of the file is not read", maxEntries))
				break
			}
			found = append(found, e)
		}
	}
	var out []Entry
	if len(found) > 0 {
		out = make([]Entry, len(found))
		for i, e := range found {
			out[i] = *e
		}
	}
	return out, errs.err()
}

// errList keeps the first MaxErrors errors of a file and counts the rest,
// so that a broken file of a megabyte is not a megabyte of messages.
type errList struct {
	name  string
	errs  []error
	more  int
	final error
}

func (l *errList) add(err error) {
	if len(l.errs) < MaxErrors {
		l.errs = append(l.errs, err)
	} else {
		l.more++
	}
}

// stop records the error that ended the parse; it is always shown.
func (l *errList) stop(err error) { l.final = err }

func (l *errList) err() error {
	errs := l.errs
	if l.more > 0 {
		errs = append(errs, fmt.Errorf("%s: and %d more malformed %s", l.name, l.more, plural(l.more, "entry", "entries")))
	}
	if l.final != nil {
		errs = append(errs, l.final)
	}
	return errors.Join(errs...)
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// fatalError ends the parse of a file: the reader's time ran out, or
// @string macros used up the file's budget.
type fatalError struct{ err error }

func (f *fatalError) Error() string { return f.err.Error() }
func (f *fatalError) Unwrap() error { return f.err }

type bibParser struct {
	src    string
	pos    int
	name   string
	macros map[string]string
	ctx    context.Context
	ticks  int

	// lines counts from the last offset asked about: the offsets asked
	// about move mostly forward, so counting is linear.
	lines lineCounter

	// frontier is the furthest offset a broken entry's parse reached;
	// bounded is set while the entry being parsed starts before it.
	// Then a value ends at limit, the next line that starts an entry
	// after limitFrom (0, 0 at first: none known).
	frontier         int
	bounded          bool
	limit, limitFrom int

	// budget is what @string macros may still add in this file.
	budget int
}

// line returns the 1-based line of offset off.
func (p *bibParser) line(off int) int { return p.lines.at(int64(off)) }

func (p *bibParser) errorf(off int, format string, args ...any) error {
	return fmt.Errorf("%s:%d: %s", p.name, p.line(off), fmt.Sprintf(format, args...))
}

// tick checks, every few entries and fields, that the reader still has
// time; off is where the parse is.
func (p *bibParser) tick(off int) error {
	p.ticks++
	if p.ticks%256 != 0 || p.ctx.Err() == nil {
		return nil
	}
	return &fatalError{stopped(p.ctx, p.name, p.line(off))}
}

// stopped is the error of a read cut short by ctx at line (0: before
// the read).
func stopped(ctx context.Context, name string, line int) error {
	why := "the run was cancelled"
	if errors.Is(ctx.Err(), context.DeadlineExceeded) {
		why = "the run reached its time limit (--timeout)"
	}
	if line == 0 {
		return fmt.Errorf("%s: not read: %s (%w)", name, why, ctx.Err())
	}
	return fmt.Errorf("%s:%d: not read to the end: %s (%w)", name, line, why, ctx.Err())
}

// nextEntry moves to the next "@" and returns its offset, or -1.
func (p *bibParser) nextEntry() int {
	i := strings.IndexByte(p.src[p.pos:], '@')
	if i < 0 {
		p.pos = len(p.src)
		return -1
	}
	p.pos += i
	return p.pos
}

func (p *bibParser) skipToNextLineAt(from int) {
	p.pos = from
	for {
		i := strings.IndexByte(p.src[p.pos:], '\n')
		if i < 0 {
			p.pos = len(p.src)
			return
		}
		p.pos += i + 1
		if p.entryAt(p.pos) >= 0 {
			return
		}
	}
}

// entryAt returns where the "@" of the line starting at off is, if the
// line starts with "@" after blanks, as an entry's first line does; else -1.
func (p *bibParser) entryAt(off int) int {
	for off < len(p.src) && (p.src[off] == ' ' || p.src[off] == '\t') {
		off++
	}
	if off < len(p.src) && p.src[off] == '@' {
		return off
	}
	return -1
}

// header reads an entry's type from the "@" at at, and the blanks, line
// breaks and comments after it: the type, lower-cased, and whether a "{"
// or "(" opens the entry there (p.pos is then at it).
func (p *bibParser) header(at int) (typ string, opens bool) {
	p.pos = at + 1
	typ = strings.ToLower(p.ident())
	p.skipSpace()
	return typ, typ != "" && p.pos < len(p.src) && (p.src[p.pos] == '{' || p.src[p.pos] == '(')
}

// startsEntry reports whether the line starting at off starts an entry:
// an "@" whose header opens one, or "@comment", which needs no brace. A
// value's line that merely starts with "@" ("@two", an abstract's "@ICML
// 2020") does not, so that recovery after a broken entry does not cut a
// valid entry's value there and lose the entry. The blanks a header skips
// hold no line starting with "@", so the checks of one file read each
// byte once.
func (p *bibParser) startsEntry(off int) bool {
	at := p.entryAt(off)
	if at < 0 {
		return false
	}
	saved := p.pos
	defer func() { p.pos = saved }()
	typ, opens := p.header(at)
	return opens || typ == "comment"
}

// end returns where a value, @comment or @preamble starting at from must
// end: the end of the file, or while bounded the start of the next line
// that starts an entry.
func (p *bibParser) end(from int) int {
	if !p.bounded {
		return len(p.src)
	}
	if p.limitFrom >= 0 && from >= p.limitFrom && from < p.limit {
		return p.limit // no such line between limitFrom and limit
	}
	p.limitFrom, p.limit = from, len(p.src)
	for i := from; i < len(p.src); {
		j := strings.IndexByte(p.src[i:], '\n')
		if j < 0 {
			break
		}
		i += j + 1
		if p.startsEntry(i) {
			p.limit = i
			break
		}
	}
	return p.limit
}

func (p *bibParser) skipSpace() {
	for p.pos < len(p.src) {
		c := p.src[p.pos]
		if c == ' ' || c == '\t' || c == '\n' || c == '\r' {
			p.pos++
			continue
		}
		if c == '%' { // comment to end of line, as biber allows
			if i := strings.IndexByte(p.src[p.pos:], '\n'); i >= 0 {
				p.pos += i + 1
				continue
			}
			p.pos = len(p.src)
		}
		return
	}
}

func (p *bibParser) ident() string {
	start := p.pos
	for p.pos < len(p.src) {
		c := p.src[p.pos]
		if c == ',' || c == '=' || c == '{' || c == '}' || c == '(' || c == ')' || c == '#' || c == '"' || c == ' ' || c == '\t' || c == '\n' || c == '\r' {
			break
		}
		p.pos++
	}
	return p.src[start:p.pos]
}

// entry parses the entry at offset at ("@type{...}"). It returns nil, nil
// for @comment, @preamble and @string.
func (p *bibParser) entry(at int) (*Entry, error) {
	typ, opens := p.header(at)
	if !opens {
		if typ == "comment" {
			return nil, nil
		}
		return nil, p.errorf(at, "expected { after @%s", typ)
	}
	open := p.src[p.pos]
	closeCh := byte('}')
	if open == '(' {
		closeCh = ')'
	}
	p.pos++
	switch typ {
	case "comment", "preamble":
		// braced starts at the opening brace: from after it, the closing
		// one left the count at -1, and the scan ran on through the next
		// entry, which was lost without an error (JabRef writes
		// "@Comment{jabref-meta: ...}").
		p.pos--
		if open == '{' {
			_, err := p.braced(at)
			return nil, err
		}
		end := p.end(p.pos)
		i := strings.IndexByte(p.src[p.pos:end], ')')
		if i < 0 {
			p.pos = end // how far the parse reached
			return nil, p.errorf(at, "unterminated @%s", typ)
		}
		p.pos += i + 1
		return nil, nil
	case "string":
		p.skipSpace()
		key := strings.ToLower(p.ident())
		p.skipSpace()
		if p.pos >= len(p.src) || p.src[p.pos] != '=' {
			return nil, p.errorf(at, "expected = in @string")
		}
		p.pos++
		v, err := p.value(at)
		if err != nil {
			return nil, err
		}
		p.macros[key] = v
		p.skipSpace()
		if p.pos < len(p.src) && p.src[p.pos] == closeCh {
			p.pos++
		}
		return nil, nil
	}
	p.skipSpace()
	key := strings.TrimSpace(p.ident())
	p.skipSpace()
	if key == "" || p.pos >= len(p.src) || p.src[p.pos] != ',' {
		if p.pos < len(p.src) && p.src[p.pos] == closeCh && key != "" {
			p.pos++
			return &Entry{Key: key, Type: typ, Line: p.line(at), Fields: map[string]string{}}, nil
		}
		return nil, p.errorf(at, "@%s entry has no key followed by a comma", typ)
	}
	p.pos++
	e := &Entry{Key: key, Type: typ, Line: p.line(at), Fields: map[string]string{}}
	for {
		p.skipSpace()
		if p.pos >= len(p.src) {
			return nil, p.errorf(at, "unterminated entry %q", key)
		}
		if p.src[p.pos] == closeCh {
			p.pos++
			break
		}
		if p.src[p.pos] == ',' {
			p.pos++
			continue
		}
		fieldAt := p.pos
		if err := p.tick(fieldAt); err != nil {
			return nil, err
		}
		field := strings.ToLower(p.ident())
		p.skipSpace()
		if field == "" || p.pos >= len(p.src) || p.src[p.pos] != '=' {
			return nil, p.errorf(fieldAt, "expected field = value in entry %q", key)
		}
		p.pos++
		v, err := p.value(fieldAt)
		if err != nil {
			return nil, err
		}
		e.Fields[field] = v
	}
	fill(e)
	return e, nil
}

// value reads value ("#" value)*. The text @string macros add to it is
// charged to the file's budget.
func (p *bibParser) value(at int) (string, error) {
	var b strings.Builder
	added := 0 // by macros
	for {
		p.skipSpace()
		if p.pos >= len(p.src) {
			return "", p.errorf(at, "missing value")
		}
		switch c := p.src[p.pos]; {
		case c == '{':
			s, err := p.braced(at)
			if err != nil {
				return "", err
			}
			b.WriteString(s)
		case c == '"':
			p.pos++
			start, depth, end := p.pos, 0, p.end(p.pos)
			for ; p.pos < end; p.pos++ {
				switch p.src[p.pos] {
				case '{':
					depth++
				case '}':
					depth--
				case '"':
					if depth <= 0 {
						goto done
					}
				}
			}
			return "", p.errorf(at, "unterminated quoted value")
		done:
			b.WriteString(p.src[start:p.pos])
			p.pos++
		default:
			w := p.ident()
			if w == "" {
				return "", p.errorf(at, "missing value")
			}
			m, ok := p.macros[strings.ToLower(w)]
			if !ok {
				b.WriteString(w)
				break
			}
			added += len(m)
			if added > MaxMacroValue {
				return "", p.errorf(at, "@string macros expand this value by more than %d bytes (the limit for one value)", MaxMacroValue)
			}
			if p.budget -= len(m); p.budget < 0 {
				return "", &fatalError{p.errorf(at, "@string macros expand to more than %d bytes in all (the limit is %d times the file's size plus %d); the rest of the file is not read",
					MacroBudgetFactor*len(p.src)+MacroBudgetSlack, MacroBudgetFactor, MacroBudgetSlack)}
			}
			b.WriteString(m)
		}
		p.skipSpace()
		if p.pos < len(p.src) && p.src[p.pos] == '#' {
			p.pos++
			continue
		}
		return b.String(), nil
	}
}

// braced reads {...} with nesting, p.pos at the "{", and returns the inside.
func (p *bibParser) braced(at int) (string, error) {
	start := p.pos + 1
	depth := 0
	for end := p.end(p.pos); p.pos < end; p.pos++ {
		switch p.src[p.pos] {
		case '\\':
			p.pos++ // \{ and \} do not nest
		case '{':
			depth++
		case '}':
			depth--
			if depth == 0 {
				s := p.src[start:p.pos]
				p.pos++
				return s, nil
			}
		}
	}
	return "", p.errorf(at, "unbalanced braces")
}

// fill sets the typed fields from the raw ones.
func fill(e *Entry) {
	f := e.Fields
	e.Authors = parseAuthors(f["author"])
	if len(e.Authors) == 0 {
		e.Authors = parseAuthors(f["editor"])
	}
	for k, v := range f {
		f[k] = clean(v)
	}
	e.Title = f["title"]
	e.Year = f["year"]
	if e.Year == "" && len(f["date"]) >= 4 {
		e.Year = f["date"][:4]
	}
	e.DOI = normalizeDOI(f["doi"])
	e.URL = f["url"]
	e.ISBN, e.ISSN, e.PMID, e.PMCID = f["isbn"], f["issn"], f["pmid"], f["pmcid"]
	e.Abstract = f["abstract"]
	for _, c := range []string{"journal", "journaltitle", "booktitle"} {
		if f[c] != "" {
			e.Container = f[c]
			break
		}
	}
	if ap := strings.ToLower(f["archiveprefix"] + f["eprinttype"]); strings.Contains(ap, "arxiv") && f["eprint"] != "" {
		e.ArXiv = f["eprint"]
	} else if a := arxivFromURL(e.URL); a != "" {
		e.ArXiv = a
	}
}

// parseAuthors splits "A and B and C" outside braces and keeps family names.
func parseAuthors(s string) []string {
	if strings.TrimSpace(s) == "" {
		return nil
	}
	var names []string
	depth, last := 0, 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '{':
			depth++
		case '}':
			depth--
		case ' ':
			if depth == 0 && i+5 <= len(s) && strings.EqualFold(s[i:i+5], " and ") {
				names = append(names, s[last:i])
				last = i + 5
				i += 4
			}
		}
	}
	names = append(names, s[last:])
	var out []string
	for _, n := range names {
		if f := familyName(strings.TrimSpace(n)); f != "" && !strings.EqualFold(f, "others") {
			out = append(out, f)
		}
	}
	return out
}

func familyName(n string) string {
	if strings.HasPrefix(n, "{") && strings.HasSuffix(n, "}") && strings.Count(n, "{") == 1 {
		return clean(n)
	}
	if i := topLevelComma(n); i >= 0 {
		return clean(n[:i])
	}
	// "First von Last": the family name starts at the first lower-case
	// word (a particle) or is the last word.
	words := strings.Fields(n)
	if len(words) == 0 {
		return ""
	}
	for k := 1; k < len(words)-1; k++ {
		if r := []rune(clean(words[k])); len(r) > 0 && unicode.IsLower(r[0]) {
			return clean(strings.Join(words[k:], " "))
		}
	}
	return clean(words[len(words)-1])
}

func topLevelComma(s string) int {
	depth := 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '{':
			depth++
		case '}':
			depth--
		case ',':
			if depth == 0 {
				return i
			}
		}
	}
	return -1
}

// accents maps LaTeX accent commands to Unicode combining marks.
var accents = map[byte]rune{
	'"': '\u0308', '\'': '\u0301', '`': '\u0300', '^': '\u0302', '~': '\u0303',
	'=': '\u0304', '.': '\u0307', 'c': '\u0327', 'v': '\u030C', 'u': '\u0306', 'H': '\u030B',
}

var symbols = map[string]string{
	"ss": "ß", "o": "ø", "O": "Ø", "ae": "æ", "AE": "Æ", "aa": "å", "AA": "Å", "l": "ł", "L": "Ł",
	"oe": "œ", "OE": "Œ", "i": "ı", "&": "&", "%": "%", "$": "$", "_": "_", "#": "#",
}

// clean decodes LaTeX accents and symbols, drops braces and collapses white
// space: "{\"u}ber {GPU}s --- fast" becomes "über GPUs — fast".
func clean(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch c {
		case '{', '}':
			continue
		case '\\':
			if i+1 >= len(s) {
				continue
			}
			n := s[i+1]
			if mark, ok := accents[n]; ok && (n < 'a' || n > 'z' || i+2 < len(s) && (s[i+2] == '{' || s[i+2] == ' ')) {
				j := i + 2
				for j < len(s) && (s[j] == '{' || s[j] == ' ') {
					j++
				}
				if j < len(s) {
					if s[j] == '\\' && j+1 < len(s) && s[j+1] == 'i' {
						b.WriteByte('i')
						j += 2
					} else {
						b.WriteByte(s[j])
						j++
					}
					b.WriteRune(mark)
				}
				for j < len(s) && s[j] == '}' {
					j++
				}
				i = j - 1
				continue
			}
			j := i + 1
			for j < len(s) && (s[j] >= 'a' && s[j] <= 'z' || s[j] >= 'A' && s[j] <= 'Z') {
				j++
			}
			if j == i+1 {
				j++ // \& \% ...
			}
			cmd := s[i+1 : j]
			if r, ok := symbols[cmd]; ok {
				b.WriteString(r)
			}
			if j < len(s) && s[j] == ' ' && j > i+2 {
				j++
			}
			i = j - 1
			continue
		case '~':
			b.WriteByte(' ')
			continue
		}
		b.WriteByte(c)
	}
	out := strings.Join(strings.Fields(b.String()), " ")
	out = strings.ReplaceAll(out, "---", "—")
	out = strings.ReplaceAll(out, "--", "–")
	return norm.NFC.String(out)
}
