package reflist

import (
	"bytes"
	"cmp"
	"regexp"
	"slices"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/citelint/citelint/internal/ident"
	"github.com/citelint/citelint/internal/markdown/model"
	"github.com/citelint/citelint/internal/markdown/walk"
	"github.com/citelint/citelint/internal/sentence"
)

// nameEnds holds the last rune of each of sectionNames.
var nameEnds = func() map[rune]bool {
	m := map[rune]bool{}
	for name := range sectionNames {
		r, _ := utf8.DecodeLastRuneInString(name)
		m[r] = true
	}
	return m
}()

// titleTail marks the ASCII bytes that cannot end a title's text: white
// space, colons and the markup appendPlainText drops (plainStop, less the
// backslash, which may keep the byte after it).
var titleTail = func() (t [256]bool) {
	t = plainStop
	t['\\'] = false
	for _, c := range []byte(" \t\n\v\f\r:") {
		t[c] = true
	}
	return t
}()

// nameEndASCII holds nameEnds' ASCII runes, upper and lower case.
var nameEndASCII = func() (t [256]bool) {
	for r := range nameEnds {
		if r < utf8.RuneSelf {
			t[r], t[unicode.ToUpper(r)] = true, true
		}
	}
	return t
}()

// mayEndTitle is isSectionTitle's quick test on the raw bytes, for the
// first line of every block: the last byte that is not in titleTail is the
// last rune of the stripped title when it is ASCII and not a backslash,
// and must end some name. Skipping a colon among spaces may pass over more
// than isSectionTitle's trims do, but then its last rune is a colon or a
// space, which ends no name (TestMayEndTitle), so the test never rejects a
// title. Non-ASCII endings go to the full test.
func mayEndTitle(b []byte) bool {
	i := len(b) - 1
	for i >= 0 && titleTail[b[i]] {
		i--
	}
	if i < 0 {
		return false // nothing left to name a section
	}
	c := b[i]
	return c >= utf8.RuneSelf || c == '\\' || nameEndASCII[c]
}

// isSectionTitle reports whether a heading or line names a reference list:
// "References", "**Works cited**", "7. Sources:", "参考文献：". The title
// is returned only when it does. Every block's first line is tested, so it
// works in stack buffers and allocates only the title it returns.
func isSectionTitle(b []byte) (string, bool) {
	// Reject what cannot end a name first, then long lines: titles are at
	// most maxTitleBytes once markup is stripped. Trimming white space from a
	// line goes rune by rune where the line starts or ends with a
	// non-ASCII byte (as CJK lines do), so it runs only when there is
	// white space at an end to trim.
	if !mayEndTitle(b) {
		return "", false
	}
	if len(b) > 2*maxTitleBytes && (!spaceAtEnds(b) || len(bytes.TrimSpace(b)) > 2*maxTitleBytes) {
		return "", false
	}
	var buf [2*maxTitleBytes + 16]byte
	t := AppendPlainText(buf[:0], b)
	t = bytes.TrimSpace(t)
	t = bytes.TrimRight(t, ":：")
	t = bytes.TrimSpace(t)
	// What follows trims only the front of t (or empties it), so the last
	// rune is final: a title's lower-cased last rune ends some name.
	if r, _ := utf8.DecodeLastRune(t); !nameEnds[unicode.ToLower(r)] {
		return "", false
	}
	// Chinese ordinals: "六、参考资料", "6、参考文献", "（六）来源".
	t = trimCJKOrdinal(t)
	// Leading section numbers: "7.", "7", "VII.", "A.".
	if i := bytes.IndexByte(t, ' '); i > 0 {
		head := t[:i]
		if walk.IsDigits(bytes.TrimRight(head, ".)")) || isRoman(bytes.TrimRight(head, ".)")) {
			t = bytes.TrimSpace(t[i+1:])
		}
	}
	if len(t) == 0 || len(t) > maxTitleBytes {
		return "", false
	}
	// sectionNames[strings.ToLower(string(t))], lower-casing into a stack
	// buffer: a rune's lower case takes at most 3 bytes (an invalid byte
	// becomes U+FFFD, as in strings.ToLower).
	var lower [3 * maxTitleBytes]byte
	if !sectionNames[string(appendLower(lower[:0], t))] {
		return "", false
	}
	return string(t), true
}

// spaceAtEnds reports whether b starts or ends with white space, which
// bytes.TrimSpace would remove.
func spaceAtEnds(b []byte) bool {
	r0, _ := utf8.DecodeRune(b)
	r1, _ := utf8.DecodeLastRune(b)
	return unicode.IsSpace(r0) || unicode.IsSpace(r1)
}

// trimCJKOrdinal removes a leading Chinese or full-width section number:
// "六、", "十二、", "6、", "（六）", "第六章 ".
func trimCJKOrdinal(t []byte) []byte {
	if bytes.HasPrefix(t, []byte("（")) || bytes.HasPrefix(t, []byte("(")) {
		if i := bytes.IndexAny(t, "）)"); i > 0 && i <= 12 {
			w := len("）")
			if t[i] == ')' {
				w = 1
			}
			return bytes.TrimSpace(t[i+w:])
		}
	}
	i := 0
	for i < len(t) {
		r, n := utf8.DecodeRune(t[i:])
		if strings.ContainsRune("一二三四五六七八九十百零0123456789第章节部分", r) {
			i += n
			continue
		}
		break
	}
	if i == 0 {
		return t
	}
	rest := t[i:]
	for _, sep := range []string{"、", "．", ".", " ", "：", ":"} {
		if bytes.HasPrefix(rest, []byte(sep)) {
			return bytes.TrimSpace(rest[len(sep):])
		}
	}
	return t
}

func isRoman(b []byte) bool {
	if len(b) == 0 {
		return false
	}
	for _, c := range b {
		if !strings.ContainsRune("IVXLC", rune(c)) {
			return false
		}
	}
	return true
}

// plainText strips inline Markdown punctuation (emphasis, escapes, heading
// hashes, link brackets) from b.
func plainText(b []byte) []byte {
	return bytes.TrimSpace(AppendPlainText(make([]byte, 0, len(b)), b))
}

// appendPlainText appends b without its inline Markdown punctuation to dst.
func AppendPlainText(dst, b []byte) []byte {
	for len(b) > 0 {
		// Copy the run up to the next punctuation byte at once.
		k := 0
		for k < len(b) && !plainStop[b[k]] {
			k++
		}
		dst = append(dst, b[:k]...)
		if k == len(b) {
			break
		}
		if b[k] == '\\' {
			if k+1 < len(b) && isASCIIPunct(b[k+1]) {
				dst = append(dst, b[k+1])
				k++
			}
		}
		b = b[k+1:]
	}
	return dst
}

// plainStop marks the bytes appendPlainText does not copy as they are.
var plainStop = [256]bool{'\\': true, '*': true, '_': true, '#': true, '`': true, '[': true, ']': true}

func isASCIIPunct(c byte) bool {
	return c >= '!' && c <= '/' || c >= ':' && c <= '@' || c >= '[' && c <= '`' || c >= '{' && c <= '~'
}

// buildSections finds reference sections: headings with a reference-list
// title, bold or plain title lines, and bare runs of "[n] ..." lines.
//
// A title that names a list exactly ("References", "7. Sources:") opens
// one. A title that only mentions one ("Section 6: Sources", "Complete
// Source List with Direct Hyperlinks", "Key Data Sources") or names one
// that is often prose ("Notes") opens one only when entries follow: a run
// of labelled entries, or of entries with identifiers. Each list is bounded
// to its own section: a sub-heading after prose ends it, so a document
// titled "# Notes" is not one reference list.
func (w *Builder) BuildSections() {
	doc := w.doc
	w.sectionIndex = spanIndex{}
	w.itemsSorted = slices.IsSortedFunc(w.listItems, func(a, b walk.ListItem) int { return cmp.Compare(a.Span.Start, b.Span.Start) })
	var weak []bool // parallel to doc.Sections until sorted
	// entriesOnly: the section needs entries, whatever its prose
	// (needsEntriesNames), parallel to doc.Sections until sorted.
	var entriesOnly []bool
	for hi, h := range doc.Headings {
		raw := w.src[h.Span.Start:h.Span.End]
		title, exact := isSectionTitle(raw)
		if !exact {
			var ok bool
			if title, ok = mentionsSourceList(raw); !ok {
				continue
			}
		}
		// A title often used for prose ("Notes") or one that only
		// mentions a list needs entries to open one.
		weakName := weakSectionNames[strings.ToLower(title)]
		needs := weakName || !exact
		end := len(w.src)
		if j := w.sectionEnd(hi); j >= 0 {
			end = doc.Headings[j].Span.Start
		}
		end = w.boundSection(h.Span.End, end, w.headingDepths[hi])
		if weakName {
			// A "Notes" heading over endnotes has none below it; one with
			// sub-headings ("### Notes", then "#### Steps" and a numbered
			// procedure) is prose, and its list, if any, ends at the first.
			if next, ok := w.headingAfter(h.Span.End, w.headingDepths[hi]); ok && next < end {
				end = next
			}
		}
		doc.Sections = append(doc.Sections, model.Section{Title: title, Heading: h.Span, Span: model.Span{Start: h.Span.Start, End: end}})
		w.sectionIndex.add(model.Span{Start: h.Span.Start, End: end})
		weak = append(weak, needs)
		entriesOnly = append(entriesOnly, !needs && needsEntriesNames[strings.ToLower(title)])
	}
	lastRun := -1 // the last block of the last bare run of entries
	var runs []blockRun
	for bi, b := range w.blocks {
		if b.Heading || b.TableCell || w.inSection(b.Span.Start) || doc.Scheme.InScaffold(b.Span.Start) {
			continue
		}
		first := b.Span.End
		if i := bytes.IndexByte(w.src[b.Span.Start:b.Span.End], '\n'); i >= 0 {
			first = b.Span.Start + i
		}
		title, ok := isSectionTitle(w.src[b.Span.Start:first])
		needs := ok && (weakSectionNames[strings.ToLower(title)] || b.ListItem)
		start := b.Span.Start
		end := len(w.src)
		if ok {
			if h, found := w.headingAfter(b.Span.Start, b.Depth); found {
				end = h
			}
		} else if titleStart, runStart, runTitle, isRun := w.entryRun(b.Span); isRun {
			title, start, first, end = runTitle, titleStart, runStart, b.Span.End
		} else if runEnd, last, isRun := w.entryBlockRun(&runs, bi, lastRun); isRun {
			title, first, end, lastRun = "", start, runEnd, last
		} else {
			continue
		}
		doc.Sections = append(doc.Sections, model.Section{Title: title, Heading: model.Span{Start: start, End: first}, Span: model.Span{Start: start, End: end}})
		w.sectionIndex.add(model.Span{Start: start, End: end})
		weak = append(weak, needs)
		entriesOnly = append(entriesOnly, !needs && needsEntriesNames[strings.ToLower(title)])
	}
	order := make([]int, len(doc.Sections))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(doc.Sections[a].Span.Start, doc.Sections[b].Span.Start) })
	sorted := make([]model.Section, len(order))
	sortedWeak := make([]bool, len(order))
	sortedEntriesOnly := make([]bool, len(order))
	for i, k := range order {
		sorted[i], sortedWeak[i], sortedEntriesOnly[i] = doc.Sections[k], weak[k], entriesOnly[k]
	}
	doc.Sections = sorted
	// A reference section nested in another ("## 十、参考文献" then
	// "### Sources") ends the outer one, so each entry is parsed once.
	for si := 0; si+1 < len(doc.Sections); si++ {
		if next := doc.Sections[si+1].Span.Start; next < doc.Sections[si].Span.End {
			doc.Sections[si].Span.End = next
		}
	}
	// Parse the entries; a section that needed entries and has none is
	// dropped, with what was parsed for it. parseEntries reads the section
	// at the index it is given, which is its index among those kept.
	all := doc.Sections
	doc.Sections = make([]model.Section, 0, len(all))
	for si, sec := range all {
		n := len(doc.References)
		doc.Sections = append(doc.Sections, sec)
		w.parseEntries(len(doc.Sections) - 1)
		if sortedWeak[si] && (!convincingEntries(doc.References[n:]) || w.proseBytes(sec.Heading.End, sec.Span.End) > 300) ||
			sortedEntriesOnly[si] && !convincingEntries(doc.References[n:]) {
			// Cleared, not only cut: the buffers are reused, and reset
			// clears up to the length only (TestFreeBufsHoldNoStrings).
			clear(doc.References[n:])
			doc.References = doc.References[:n]
			doc.Sections = doc.Sections[:len(doc.Sections)-1]
		}
	}
	w.agreeingList()
}

// convincingEntries reports whether a section's entries make it a
// reference list: one with a label, or two with an identifier that are
// most of them.
func convincingEntries(refs []model.Reference) bool {
	withID := 0
	for i := range refs {
		if refs[i].Label != "" {
			return true
		}
		if refs[i].Target() != "" {
			withID++
		}
	}
	return withID >= 2 && 2*withID > len(refs)
}

// mentionsSourceList reports whether a heading mentions a reference list
// in a short title: "Section 6: Sources", "Appendix: Sources", "Complete
// Source List with Direct Hyperlinks". The title is returned.
func mentionsSourceList(b []byte) (string, bool) {
	if len(b) > 200 {
		return "", false
	}
	// Every heading comes here and few mention a list, so the title is
	// built in a buffer on the stack and made a string only for those.
	var buf [200]byte
	p := bytes.TrimRight(bytes.TrimSpace(AppendPlainText(buf[:0], b)), ":：")
	if len(p) > 0 && p[0] >= utf8.RuneSelf || len(p) > 0 && bytes.IndexAny(p[:1], "0123456789（(") == 0 {
		if t, ok := mentionsCJKTitle(bytes.TrimSpace(trimCJKOrdinal(p))); ok {
			return t, true
		}
	}
	// A list's own title before a subtitle: "References — Full URL
	// Index", "Sources: what this report read". Only the words that name
	// a list wherever they stand (sourceListWords): "Reference: `spicedb`"
	// heads a command's reference page.
	for _, sep := range titleSeparators {
		if i := bytes.Index(p, []byte(sep)); i > 0 {
			if t, ok := isSectionTitle(p[:i]); ok && slices.Contains(sourceListWords, strings.ToLower(t)) {
				return t, true
			}
		}
	}
	if len(p) == 0 || !mentionsSourceWord(p) {
		return "", false
	}
	t := string(p)
	if sentence.HasWords(t, 9) {
		return "", false
	}
	return t, true
}

// titleSeparators set a subtitle off a title.
var titleSeparators = []string{" — ", " – ", " - ", ": ", "——", "：", " | "}

// mentionsSourceWord reports whether title p holds a word of
// sourceListWords, in any case: a phrase ("source list") anywhere, a single
// word only last ("Key Data Sources", not "Key Sources for Existence...").
func mentionsSourceWord(p []byte) bool {
	var buf [202]byte // an ASCII title's; others may grow out of it
	return sourceWordIn(append(appendLower(append(buf[:0], ' '), p), ' '))
}

// appendLower appends strings.ToLower(string(s)) to dst without making
// the strings: ASCII byte by byte, other runes (an invalid byte is
// U+FFFD) by unicode.ToLower, as strings.ToLower maps them.
func appendLower(dst, s []byte) []byte {
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if 'A' <= c && c <= 'Z' {
				c += 'a' - 'A'
			}
			dst = append(dst, c)
			i++
			continue
		}
		r, n := utf8.DecodeRune(s[i:])
		dst = utf8.AppendRune(dst, unicode.ToLower(r))
		i += n
	}
	return dst
}

// sourceWordIn is mentionsSourceWord for a lower-case title between two
// spaces.
func sourceWordIn(l []byte) bool {
	// Which bytes the title holds, in one pass over it: a word whose
	// first two bytes it lacks is not searched for (every heading asked
	// for each of the words was a fiftieth of a run).
	var has [256 / 64]uint64
	for _, c := range l {
		has[c>>6] |= 1 << (c & 63)
	}
	for k, w := range sourceListWords {
		if has[w[0]>>6]&(1<<(w[0]&63)) == 0 || has[w[1]>>6]&(1<<(w[1]&63)) == 0 {
			continue
		}
		i := bytes.Index(l, sourceListBytes[k])
		if i < 0 || isWordByte(l[i-1]) || isWordByte(l[i+len(w)]) {
			continue
		}
		if strings.IndexByte(w, ' ') >= 0 || len(bytes.TrimSpace(l[i+len(w):])) == 0 {
			return true
		}
	}
	return false
}

// sourceListBytes are sourceListWords as bytes, converted once: every
// heading is searched for each.
var sourceListBytes = func() [][]byte {
	out := make([][]byte, len(sourceListWords))
	for k, w := range sourceListWords {
		out[k] = []byte(w)
	}
	return out
}()

func isWordByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '_'
}

// sectionEnd returns the heading that ends heading i's section: the
// first after it of its level or above and of its nesting or less, or -1.
// A heading nested deeper (in a list item of the section, or a quote)
// belongs to the section. The answers are found for all headings at once,
// walking back with a stack per level of the headings that could still
// end a section (nearer ones with less nesting hide the others), so that
// many headings stay O(n log n) whatever their levels and nesting.
func (w *Builder) sectionEnd(i int) int {
	if w.sectionEnds == nil {
		hs := w.doc.Headings
		w.sectionEnds = make([]int, len(hs))
		var stacks [7][]int // by level: heading indexes, nesting rising toward the top
		for k := len(hs) - 1; k >= 0; k-- {
			lvl, d := min(max(hs[k].Level, 1), 6), w.headingDepths[k]
			end := -1
			for l := 1; l <= lvl; l++ {
				st := stacks[l]
				// The nesting rises from bottom to top and the index
				// falls: the nearest with nesting at most d is the
				// topmost of the bottom run that qualifies.
				p := sort.Search(len(st), func(x int) bool { return w.headingDepths[st[x]] > d })
				if p > 0 && (end < 0 || st[p-1] < end) {
					end = st[p-1]
				}
			}
			w.sectionEnds[k] = end
			st := stacks[lvl]
			for len(st) > 0 && w.headingDepths[st[len(st)-1]] >= d {
				st = st[:len(st)-1]
			}
			stacks[lvl] = append(st, k)
		}
	}
	return w.sectionEnds[i]
}

// headingAfter returns the start of the first heading after off nested
// at most depth deep. The headings are sorted by start once: a scan of
// them for each paragraph titled "Sources:" made a document of many of
// both quadratic (100,000 of each: 5 s), and walk order is not always
// source order (goldmark moves footnotes). The headings nested deeper that
// are stepped over lie in the section being bounded, whose paragraphs are
// then not asked about again.
func (w *Builder) headingAfter(off, depth int) (int, bool) {
	if !w.headingStartsBuilt {
		w.headingStartsBuilt = true
		w.headingStarts = make([]int, len(w.doc.Headings))
		for i := range w.headingStarts {
			w.headingStarts[i] = i
		}
		hs := w.doc.Headings
		slices.SortStableFunc(w.headingStarts, func(a, b int) int { return hs[a].Span.Start - hs[b].Span.Start })
	}
	hs, order := w.doc.Headings, w.headingStarts
	k := sort.Search(len(order), func(x int) bool { return hs[order[x]].Span.Start > off })
	for ; k < len(order); k++ {
		if w.headingDepths[order[k]] <= depth {
			return hs[order[k]].Span.Start, true
		}
	}
	return 0, false
}

// boundSection returns where a reference section whose body starts at
// bodyStart ends, given the end its heading level allows: at the first
// sub-heading that follows prose (more than a short introduction), since a
// reference list does not continue past its own subject. A sub-heading
// nested deeper than the section's heading (depth) belongs to the section.
func (w *Builder) boundSection(bodyStart, end, depth int) int {
	at, _ := w.scanSection(bodyStart, end, depth)
	return at
}

// proseBytes returns how many bytes of prose (blocks that are not entries,
// list items or definitions) stand in [start, end).
func (w *Builder) proseBytes(start, end int) int {
	_, n := w.scanSection(start, end, -1)
	return n
}

// scanSection walks the blocks in [bodyStart, end) in order of their start.
// With stopAtDepth 0 or more it returns the start of the first heading
// nested at most that deep after more than a short introduction of prose
// (a heading in a list item of the section belongs to it); it always
// returns the prose bytes seen.
func (w *Builder) scanSection(bodyStart, end, stopAtDepth int) (int, int) {
	if w.blockOrder == nil {
		w.blockOrder = make([]int, len(w.blocks))
		for i := range w.blockOrder {
			w.blockOrder[i] = i
		}
		slices.SortStableFunc(w.blockOrder, func(a, b int) int { return cmp.Compare(w.blocks[a].Span.Start, w.blocks[b].Span.Start) })
	}
	order := w.blockOrder
	k := sort.Search(len(order), func(i int) bool { return w.blocks[order[i]].Span.Start >= bodyStart })
	prose, proseBytes := 0, 0
	for ; k < len(order); k++ {
		b := w.blocks[order[k]]
		if b.Span.Start >= end {
			break
		}
		if b.Heading && (stopAtDepth < 0 || b.Section < 0 || w.headingDepths[b.Section] <= stopAtDepth) {
			if stopAtDepth >= 0 && (prose >= 2 || proseBytes > 300) {
				return b.Span.Start, proseBytes
			}
			continue
		}
		if b.ListItem || b.TableCell || b.InRefs || w.isProseEntry(b.Span) {
			continue
		}
		prose++
		proseBytes += b.Span.Len()
	}
	return end, proseBytes
}

// isProseEntry reports whether a paragraph reads as reference entries: it
// starts with a label or holds a link or identifier.
func (w *Builder) isProseEntry(sp model.Span) bool {
	text := w.src[sp.Start:sp.End]
	if _, _, _, ok := entryLabelAt(text[:walk.LineEnd(text)]); ok {
		return true
	}
	return bytes.Contains(text, []byte("http")) || bytes.Contains(text, []byte("doi"))
}

// inSection reports whether off lies in a section found so far
// (w.sectionIndex holds their spans while buildSections runs).
func (w *Builder) inSection(off int) bool {
	return w.sectionIndex.contains(off)
}

// entryRun finds a bare reference list in a paragraph: two or more lines at
// its end, each starting "[n] " or "[n]: " (or continuing the entry above
// with a bare URL, as exports write "[2] [33] Title" then the address on
// its own line), at least one holding a URL or DOI. It returns the offset
// where the run starts. The run may follow prose lines: "[n]: url" lines
// written right under a paragraph are not link reference definitions in
// CommonMark (a definition cannot interrupt a paragraph), but their author
// meant them as the reference list.
func (w *Builder) entryRun(sp model.Span) (int, int, string, bool) {
	text := w.src[sp.Start:sp.End]
	if bytes.IndexByte(text, '\n') < 0 {
		return 0, 0, "", false // one line
	}
	// Walk the lines from the last: text[ls:le] is the current one.
	le := len(text)
	n := 0      // labelled lines in the run
	start := -1 // where the topmost labelled line starts
	link := false
	// consecutive: the labels, read upwards, count down by one to [1]
	// ("[1] Author. Title." ... "[45] ..." with no links, as surveys list
	// titles only).
	consecutive, want := true, -1
	for le >= 0 {
		ls := bytes.LastIndexByte(text[:le], '\n') + 1
		l := text[ls:le]
		if a, b, _, ok := entryLabelAt(l); ok {
			n++
			start = ls
			v := atoiDigits(l[a:b])
			// Bracketed labels only: "1\. To bolster…" lines are a
			// numbered point list written to escape list syntax.
			consecutive = consecutive && (want < 0 || v == want) && bracketedAt(l, a)
			want = v - 1
		} else if !bareURLLine(l) {
			break
		}
		if bytes.Contains(l, []byte("http")) || bytes.Contains(l, []byte("doi")) {
			link = true
		}
		le = ls - 1
	}
	// A title line right above the run, written in the paragraph
	// ("…in conclusion.\nReferences:\n[1] …"), names it.
	title, titled, first := "", false, start
	if le >= 0 && start > 0 {
		ls := bytes.LastIndexByte(text[:le], '\n') + 1
		if t, ok := isSectionTitle(text[ls:le]); ok {
			title, titled, first = t, true, ls
		}
	}
	if n < 2 || !link && !titled && !(consecutive && want == 0 && n >= 3) {
		return 0, 0, "", false
	}
	return sp.Start + first, sp.Start + start, title, true
}

// bareURLLine reports whether a line holds only a URL (an autolink, or one
// in angle brackets), as an entry continued on its own line.
func bareURLLine(l []byte) bool {
	l = bytes.Trim(bytes.TrimSpace(l), "<>")
	return (bytes.HasPrefix(l, []byte("http://")) || bytes.HasPrefix(l, []byte("https://"))) && !bytes.ContainsAny(l, " \t")
}

// entryBlockRun finds a bare reference list written one entry per
// paragraph or list item, with no title ("[1]- Per EIP-196." then "[2]-
// ..."; "**[1] name:** note" end notes): blocks from w.blocks[bi] on whose
// first line starts with a bracketed label, the labels increasing, at least
// two, numbered consecutively or holding a link; or one that holds a link
// and goes on from the run before it, with only headings between (the
// list's next sub-heading: "### HPC", [1]–[14], then "### Automated
// Driving", [15]). lastRun is the index of the last block of the last run
// found, or -1; runs is computed on the first call. It returns where the
// run ends and the index of its last block.
func (w *Builder) entryBlockRun(runsp *[]blockRun, bi, lastRun int) (int, int, bool) {
	if *runsp == nil {
		*runsp = w.blockRuns()
	}
	runs := *runsp
	r := runs[bi]
	if r.label < 0 {
		return 0, 0, false
	}
	n := r.entries
	consecutive := r.cons >= r.end-1
	link := r.link < r.end
	last := lastRun // the last entry of that run, above its continuations
	for last > 0 && runs[last].cont {
		last--
	}
	continues := lastRun >= 0 && r.prevText == lastRun && runs[last].label >= 0 && r.label == runs[last].label+1
	if u, end := w.unorderedRun(runs, bi); u >= minUnorderedRun && u > n {
		return w.blocks[end-1].Span.End, end - 1, true
	}
	if !consecutive && r.label >= minIssueNumber {
		return 0, 0, false // pull requests a changelog lists (see unorderedRun)
	}
	return w.blocks[r.end-1].Span.End, r.end - 1, n >= 2 && (consecutive || link) || n == 1 && continues && link
}

// minIssueNumber is where labels out of sequence stop being sources and
// become a changelog's issue and pull-request numbers ("[7804]").
const minIssueNumber = 1000

// minUnorderedRun is how many linked entries a list whose labels are not in
// order needs to be read as one.
const minUnorderedRun = 3

// unorderedRun counts the entries of a bulleted list from w.blocks[bi] on
// whose labels are not in order ("- [24] Title - https://…", "- [21] …",
// "- [3] …", as research agents list the sources they kept, in order of
// relevance): items of one list, at one depth, each starting with a
// bracketed label no item before it has and each holding a link. A link
// in every item is what makes them entries when their order does not.
// Labels of four digits or more are issue and pull-request numbers
// ("* [7804] https://github.com/…/pull/7804 Release v1.0.4", as changelogs
// list them), not sources. It returns the count and the index after the
// run's last block.
func (w *Builder) unorderedRun(runs []blockRun, bi int) (int, int) {
	b := w.blocks[bi]
	if !b.ListItem {
		return 0, bi
	}
	clear(w.seenLabels)
	if w.seenLabels == nil {
		w.seenLabels = map[int]bool{}
	}
	n, k := 0, bi
	for k < len(runs) && runs[k].label >= 0 && runs[k].label < minIssueNumber && !runs[k].cont && w.blocks[k].ListItem && w.blocks[k].Depth == b.Depth && !w.seenLabels[runs[k].label] {
		j := k + 1
		for j < len(runs) && runs[j].cont {
			j++
		}
		if runs[k].link < k || runs[k].link >= j {
			break // this item holds no link
		}
		w.seenLabels[runs[k].label] = true
		n, k = n+1, j
	}
	return n, k
}

// blockRun is what entryBlockRun needs of one block, computed for all
// blocks at once: runs are tried from every block, and scanning each run
// from each of its blocks cost the square of its length.
type blockRun struct {
	label    int  // the bracketed label the block's first line starts with, or -1
	end      int  // index after the last block of the run starting here
	entries  int  // labelled blocks in the run starting here
	cons     int  // index of the last block consecutive labels reach from here
	cont     bool // a block nested in the list item of the entry above: part of that entry
	link     int  // index of the first block from here holding a link, or len(blocks)
	prevText int  // index of the nearest block before that is not a heading, or -1
}

// blockRuns computes blockRun for every block in one pass each way.
func (w *Builder) blockRuns() []blockRun {
	runs := slices.Grow(w.runs[:0], len(w.blocks)+1)[:len(w.blocks)+1]
	w.runs = runs
	prevText := -1
	// entryDepth is the nesting of the list item whose first paragraph is
	// the entry the blocks now read belong to, or -1: a block nested
	// deeper in that item (a sub-item, a second paragraph) continues the
	// entry, as the rest of a list item continues its first paragraph.
	entryDepth := -1
	for k, b := range w.blocks {
		runs[k] = blockRun{label: -1, link: -1, prevText: prevText}
		if !b.Heading {
			prevText = k
		}
		if b.Heading || b.TableCell {
			entryDepth = -1
			continue
		}
		text := w.src[b.Span.Start:b.Span.End]
		// A paragraph that is only a URL, right after an entry, is that
		// entry's link on a paragraph of its own ("[1] [4] [8]
		// academic.oup.com", a blank line, "https://academic.oup.com/…",
		// as OpenAI's deep-research exports end).
		if k > 0 && !b.ListItem && (runs[k-1].label >= 0 || runs[k-1].cont) && !w.blocks[k-1].ListItem && bareURLLine(text) {
			runs[k].cont, runs[k].link = true, k
			continue
		}
		if entryDepth >= 0 && b.ListItem && b.Depth > entryDepth {
			runs[k].cont = true
			if bytes.Contains(text, []byte("http")) || bytes.Contains(text, []byte("doi")) || bytes.Contains(text, []byte("](")) {
				runs[k].link = k
			}
			continue
		}
		entryDepth = -1
		line := text[:walk.LineEnd(text)]
		ls, le, _, ok := entryLabelAt(line)
		if !ok || !bracketedAt(line, ls) {
			continue // in no run: whether it links does not matter
		}
		runs[k].label = atoiDigits(line[ls:le])
		if b.ListItem {
			entryDepth = b.Depth
		}
		if bytes.Contains(text, []byte("http")) || bytes.Contains(text, []byte("doi")) || bytes.Contains(text, []byte("](")) {
			runs[k].link = k
		}
	}
	n := len(w.blocks)
	runs[n] = blockRun{label: -1, link: n}
	for k := n - 1; k >= 0; k-- {
		r := &runs[k]
		// next: the block after this one and its continuations.
		j := k + 1
		for j < n && runs[j].cont {
			j++
		}
		next := &runs[j]
		if r.link < 0 {
			r.link = runs[k+1].link
		}
		if r.cont {
			continue
		}
		r.end, r.cons, r.entries = j, j-1, 0
		if r.label >= 0 {
			r.entries = 1
		}
		if r.label >= 0 && next.label > r.label {
			r.end, r.entries = next.end, 1+next.entries
			if next.label == r.label+1 {
				r.cons = next.cons
			}
		}
	}
	return runs[:n]
}

// entryLabel recognises the start of a reference entry line: "[n] ",
// "[n]: ", "n. ", "n) ", "n\. ", "- [n] ". It returns the label and the
// offset where the entry text starts.
func entryLabel(line []byte) (label string, textAt int, ok bool) {
	ls, le, at, ok := entryLabelAt(line)
	if !ok {
		return "", 0, false
	}
	return string(line[ls:le]), at, true
}

// entryLabelAt is entryLabel without the string: the label is line[ls:le].
func entryLabelAt(line []byte) (ls, le, textAt int, ok bool) {
	i := 0
	for i < len(line) && (line[i] == ' ' || line[i] == '\t' || line[i] == '>') {
		i++
	}
	if i+1 < len(line) && (line[i] == '-' || line[i] == '*' || line[i] == '+') && line[i+1] == ' ' {
		i += 2
		for i < len(line) && line[i] == ' ' {
			i++
		}
	}
	// Labels wrapped in inline HTML, as notes converted from HTML write
	// them: "<sup>**[1]**</sup> - text", `<a name="missing">[1]</a> text`,
	// "<b>[1]&#160;</b>text".
	wrapped := false
	for n := htmlLabelOpen(line[i:]); n > 0; n = htmlLabelOpen(line[i:]) {
		i, wrapped = i+n, true
	}
	// Emphasised labels: "**[1]**: text", "**[1] Title:** text", and a
	// note set wholly in italics, "*[1] The tool will ...*".
	var bold byte
	em := 0
	if i < len(line) && (line[i] == '*' || line[i] == '_') {
		for em < 2 && i+em < len(line) && line[i+em] == line[i] {
			em++
		}
		if i+em < len(line) && line[i+em] == '[' {
			bold = line[i]
			i += em
		} else {
			em = 0
		}
	}
	if i < len(line) && line[i] == '[' {
		j := i + 1
		for j < len(line) && line[j] >= '0' && line[j] <= '9' {
			j++
		}
		if j > i+1 && j-i-1 <= 5 && j < len(line) && line[j] == ']' {
			k := j + 1
			if bold != 0 && k+em <= len(line) && bytes.Count(line[k:k+em], []byte{bold}) == em {
				k += em
			}
			// A wrapped label's closing tags and non-breaking spaces,
			// checked with or without the opening tag: a block's text
			// starts after raw HTML ("[1]&#160;</b>[https://…](…)").
			closed, spaced := false, false
			for n, sp := htmlLabelClose(line[k:]); n > 0; n, sp = htmlLabelClose(line[k:]) {
				k, closed, spaced = k+n, true, spaced || sp
			}
			if spaced || closed && k < len(line) && line[k] == '[' {
				return i + 1, j, k, true
			}
			// "[1]: ", "[1]- ", "[1]. ", "[1] – "
			if k < len(line) && (line[k] == ':' || line[k] == '-' || line[k] == '.') {
				k++
			}
			if k == len(line) || line[k] == ' ' || line[k] == '\t' {
				return i + 1, j, k, true
			}
		}
		return 0, 0, 0, false
	}
	if bold != 0 || wrapped {
		return 0, 0, 0, false
	}
	j := i
	for j < len(line) && line[j] >= '0' && line[j] <= '9' {
		j++
	}
	if j == i || j-i > 5 {
		return 0, 0, 0, false
	}
	k := j
	if k < len(line) && line[k] == '\\' {
		k++
	}
	if k < len(line) && (line[k] == '.' || line[k] == ')') && (k+1 == len(line) || line[k+1] == ' ' || line[k+1] == '\t') {
		return i, j, k + 1, true
	}
	return 0, 0, 0, false
}

// bracketedAt reports whether the label entryLabelAt found at line[ls:] is
// bracketed ("[1] Smith", not "1. Smith").
func bracketedAt(line []byte, ls int) bool { return ls > 0 && line[ls-1] == '[' }

// htmlLabelOpen returns the length of the inline HTML tag at the start of
// b that may wrap an entry's label (<sup>, <b>, <strong>, or an anchor
// <a name="…"> that links point at), or 0.
func htmlLabelOpen(b []byte) int {
	if len(b) == 0 || b[0] != '<' {
		return 0 // most lines: no tag to read
	}
	for _, t := range [...]string{"<sup>", "<b>", "<strong>"} {
		if walk.HasPrefixFold(b, t) {
			return len(t)
		}
	}
	if walk.HasPrefixFold(b, "<a ") {
		// Within a tag's length: a line of "<a " and no '>' is read once.
		tag := b[:min(len(b), 256)]
		if j := bytes.IndexByte(tag, '>'); j > 0 && !containsFold(tag[:j], "href") {
			return j + 1
		}
	}
	return 0
}

// containsFold reports whether b contains the ASCII string s, ignoring case.
func containsFold(b []byte, s string) bool {
	for i := 0; i+len(s) <= len(b); i++ {
		if walk.HasPrefixFold(b[i:], s) {
			return true
		}
	}
	return false
}

// htmlLabelClose returns the length of what may follow a wrapped label (a
// closing tag or a non-breaking space, which separates it from the text as
// a space does), or 0.
func htmlLabelClose(b []byte) (n int, space bool) {
	if len(b) == 0 || b[0] != '<' && b[0] != '&' {
		return 0, false
	}
	for _, t := range [...]string{"</sup>", "</b>", "</strong>", "</a>", "&#160;", "&nbsp;"} {
		if walk.HasPrefixFold(b, t) {
			return len(t), t[0] == '&'
		}
	}
	return 0, false
}

// fillEntry sets an entry's text, identifiers and title from
// src[textStart:end], the entry after its label (comments blanked): a
// reference list's entry and a reST ".. [label]" entry are read alike.
func (w *Builder) fillEntry(ref *model.Reference, textStart, end int) {
	raw := blankComments(w.src[textStart:end])
	ref.Text = string(bytes.TrimSpace(raw))
	w.SetIdentifiers(ref, raw, textStart)
	ref.Title = GuessTitle(raw)
}

// parseEntries reads the entries of section si line by line. A line that
// starts with a label (or a list bullet) starts an entry; other non-blank
// lines continue it; blank lines and headings end it.
func (w *Builder) parseEntries(si int) {
	sec := w.doc.Sections[si]
	start := sec.Heading.End
	if sec.Title == "" {
		start = sec.Span.Start
	}
	src := w.src
	var ordinals map[int]int // made for the first list item in the section
	items := w.listItems
	if w.itemsSorted {
		// Only the items inside the section: a scan of every item for
		// every section was quadratic on files with thousands of lists.
		k := sort.Search(len(items), func(i int) bool { return items[i].Span.Start >= sec.Span.Start })
		e := k + sort.Search(len(items)-k, func(i int) bool { return items[k+i].Span.Start >= sec.Span.End })
		items = items[k:e]
	}
	for _, li := range items {
		if sec.Span.Contains(li.Span.Start) {
			if ordinals == nil {
				ordinals = make(map[int]int)
			}
			ordinals[walk.LineStart(src, li.Span.Start)] = li.Ordinal
		}
	}
	type open struct {
		label     string
		start     int // entry span start
		textStart int
		end       int
		labelSpan model.Span
		more      []model.Span // further labels of an entry written "[2] [33] [39] url"
	}
	var cur open
	isOpen := false
	lastWritten := 0 // the last ordered-list number as written
	flush := func() {
		if !isOpen {
			return
		}
		ref := model.Reference{Kind: model.RefEntry, Label: cur.label, Span: model.Span{Start: cur.start, End: cur.end}, LabelSpan: cur.labelSpan, Section: si}
		w.fillEntry(&ref, cur.textStart, cur.end)
		w.doc.References = append(w.doc.References, ref)
		for _, sp := range cur.more {
			// One entry under several labels: one Reference a label,
			// sharing the entry's span (Reference.SameEntry).
			alias := ref
			alias.Label, alias.LabelSpan = walk.NumString(src[sp.Start:sp.End]), sp
			w.doc.References = append(w.doc.References, alias)
		}
		isOpen = false
	}
	for pos := start; pos < sec.Span.End; {
		eol := bytes.IndexByte(src[pos:sec.Span.End], '\n')
		next := sec.Span.End
		if eol >= 0 {
			next = pos + eol + 1
		} else {
			eol = sec.Span.End - pos
		}
		line := src[pos : pos+eol]
		line = bytes.TrimRight(line, "\r")
		trim := bytes.TrimSpace(line)
		switch {
		case len(trim) == 0 && isOpen:
			// A URL as a paragraph of its own right below an entry is the
			// entry's ("[1] [4] academic.oup.com", a blank line, then
			// "https://academic.oup.com/…", as OpenAI's deep-research
			// exports write it): read on to it; anything else ends the
			// entry. Either way the blank lines are passed at once.
			q := next
			for q < sec.Span.End {
				e := bytes.IndexByte(src[q:sec.Span.End], '\n')
				if e < 0 {
					e = sec.Span.End - q
				}
				if len(bytes.TrimSpace(src[q:q+e])) != 0 {
					break
				}
				q += e + 1
			}
			if q < sec.Span.End {
				e := bytes.IndexByte(src[q:sec.Span.End], '\n')
				if e < 0 {
					e = sec.Span.End - q
				}
				if l := bytes.TrimRight(src[q:q+e], "\r"); bareURLLine(l) {
					cur.end = q + len(l)
					next = q + e + 1
					if next > sec.Span.End {
						next = sec.Span.End
					}
					pos = next
					continue
				}
			}
			flush()
			next = min(q, sec.Span.End)
		case len(trim) == 0, trim[0] == '#', bytes.HasPrefix(trim, []byte("```")), bytes.HasPrefix(trim, []byte("~~~")),
			bytes.HasPrefix(trim, []byte("[^")):
			flush()
		case w.isLinkDefAt(pos):
			flush()
		case trim[0] == '.' && w.rst.entries > 0 && rstEntryStarts(trim):
			// A reST entry is a reference of its own (rst.go).
			flush()
		default:
			ls, le, at, ok := entryLabelAt(line)
			bracketed := ok && bracketedAt(line, ls)
			if !bracketed && w.inCodeBlock(pos, pos+eol) {
				// In code only a bracketed label starts an entry ("    [1]
				// Smith, 2020" is a list indented into a code block): "2.
				// rm -f x" in a fence is a shell step, not entry 2.
				flush()
				break
			}
			ord, isItem := ordinals[pos]
			if ok && !isItem && !bracketed && len(bytes.TrimSpace(line[at:])) == 0 {
				// "p.\n369." in a paragraph: a number that wrapped onto
				// its own line, which Markdown leaves in the paragraph
				// (only "1." may start a list there). Its entry would
				// have no text.
				ok = false
			}
			label := ""
			if ok {
				label = walk.NumString(line[ls:le])
			}
			if isItem && ok && ord > 0 && !bytes.Contains(line[:at], []byte("[")) {
				// Lazy "1. 1. 1." numbering renders as 1, 2, 3: the
				// ordinal is the label. A number written higher than the
				// one before ("48." then "59.") is the author's label,
				// and what the text cites.
				if written := atoiDigits(line[ls:le]); written <= lastWritten || written == ord {
					label = walk.Itoa(ord)
				}
				lastWritten = atoiDigits(line[ls:le])
			}
			bullet := false
			if !ok {
				if l := bytes.TrimLeft(line, " \t"); len(l) > 1 && (l[0] == '-' || l[0] == '*' || l[0] == '+') && l[1] == ' ' {
					bullet, at = true, len(line)-len(l)+2
				}
			}
			if ok || bullet {
				flush()
				lead := len(line) - len(bytes.TrimLeft(line, " \t>-*+"))
				cur, isOpen = open{label: label, start: pos + lead, textStart: pos + at, end: pos + len(line)}, true
				if ok {
					// Where the label is written: searching the line for
					// it found the 3 of `<a name="ref3">[3]</a>`.
					cur.labelSpan = model.Span{Start: pos + ls, End: pos + le}
					if bracketed {
						var more []model.Span
						more, at = moreLabels(line, at, w.moreBuf[:0])
						w.moreBuf = more
						cur.textStart = pos + at
						for _, sp := range more {
							cur.more = append(cur.more, model.Span{Start: pos + sp.Start, End: pos + sp.End})
						}
					}
				}
			} else if isOpen {
				cur.end = pos + len(line)
			}
		}
		pos = next
	}
	flush()
}

// moreLabels reads the further bracketed labels of an entry line after its
// first, "[2] [33] [39] https://…" or "[2][33], [39]: text", as exports
// write one source cited under several numbers. It returns their spans in
// line (appended to out) and where the entry's text starts.
func moreLabels(line []byte, at int, out []model.Span) ([]model.Span, int) {
	i := at
	for {
		j := i
		for j < len(line) && (line[j] == ' ' || line[j] == '\t' || line[j] == ',') {
			j++
		}
		if j >= len(line) || line[j] != '[' {
			return out, at
		}
		k := j + 1
		for k < len(line) && isDigit(line[k]) && k-j <= 5 {
			k++
		}
		if k == j+1 || k >= len(line) || line[k] != ']' || k+1 < len(line) && line[k+1] == '(' {
			return out, at
		}
		out = append(out, model.Span{Start: j + 1, End: k})
		i = k + 1
		if i < len(line) && line[i] == ':' {
			i++
		}
		at = i
	}
}

// atoiDigits returns the value of a short run of ASCII digits.
func atoiDigits(b []byte) int {
	v := 0
	for _, c := range b {
		v = v*10 + int(c-'0')
	}
	return v
}

// isLinkDefAt reports whether a link reference definition covers the line
// starting at lineStart ("[n]: url" lines are definitions, not entries).
func (w *Builder) isLinkDefAt(lineStart int) bool {
	if !w.defSpansBuilt {
		w.defSpansBuilt = true
		for i := range w.doc.References {
			if r := &w.doc.References[i]; r.Kind == model.RefLinkDef {
				w.defSpans = append(w.defSpans, r.Span)
			}
		}
		w.sortSpans(w.defSpans)
	}
	i := sort.Search(len(w.defSpans), func(i int) bool { return w.defSpans[i].End > lineStart })
	return i < len(w.defSpans) && w.defSpans[i].Start <= lineStart+4
}

// setIdentifiers fills a reference's DOI, arXiv id and URL from its raw text
// (link destinations included: in an entry they are the point).
func (w *Builder) SetIdentifiers(ref *model.Reference, raw []byte, base int) {
	clear(w.identBuf) // see bufs.reset
	w.identBuf = ident.AppendScan(w.identBuf[:0], raw)
	for _, m := range w.identBuf {
		if m.Problem != "" {
			ref.Problems = append(ref.Problems, model.IdentProblem{Span: model.Span{Start: base + m.Start, End: base + m.End}, Raw: m.Raw, Kind: string(m.Kind), Problem: m.Problem})
			continue
		}
		switch m.Kind {
		case ident.DOI:
			if ref.DOI == "" {
				ref.DOI = m.ID
			}
		case ident.ArXiv:
			if ref.ArXiv == "" {
				ref.ArXiv, ref.ArXivVersion = m.ID, m.Version
			}
		case ident.URL:
			if ref.URL == "" {
				ref.URL = m.ID
			}
		}
	}
	if ref.URL == "" {
		// A relative link, "[notes](sources/rates.md)": the local file is
		// the reference (claim-support rules read it).
		if m := entryLinkDest.FindSubmatch(raw); m != nil {
			ref.URL = string(m[1])
		}
	}
}

// entryLinkDest matches an inline link's destination in an entry.
var entryLinkDest = regexp.MustCompile(`\]\(<?([^)\s<>]+)>?(?:\s+"[^"]*")?\)`)

// guessTitle picks the cited work's title out of an entry: the text of its
// first link, a quoted title, or the text before the URL or the "accessed" /
// "Available at" tail, whichever the entry's style uses.
func GuessTitle(raw []byte) string {
	var buf [512]byte // for plain text, which cleanTitle copies
	t := bytes.TrimSpace(raw)
	if i := bytes.Index(t, []byte("](")); i > 0 {
		if j := bytes.LastIndexByte(t[:i], '['); j >= 0 {
			txt := bytes.TrimSpace(AppendPlainText(buf[:0], t[j+1:i]))
			if len(txt) > 0 && !bytes.HasPrefix(txt, []byte("http")) {
				return cleanTitle(txt)
			}
			t = append(append([]byte{}, t[:j]...), t[matchParenAt(t, i+1):]...)
		}
	}
	for _, q := range [][2]string{{"“", "”"}, {"\"", "\""}} {
		if i := bytes.Index(t, []byte(q[0])); i >= 0 {
			if j := bytes.Index(t[i+len(q[0]):], []byte(q[1])); j > 8 {
				return cleanTitle(t[i+len(q[0]) : i+len(q[0])+j])
			}
		}
	}
	// "url - Title"
	if bytes.HasPrefix(t, []byte("http")) {
		if i := bytes.Index(t, []byte(" - ")); i > 0 {
			return cleanTitle(bytes.TrimSpace(AppendPlainText(buf[:0], t[i+3:])))
		}
	}
	// Cut at the first of the stops: one pass, testing the stops where
	// the bytes begin like one (nine searches of the entry cost more).
	cut := len(t)
	for i := 0; i+1 < len(t); i++ {
		if x := uint(t[i])<<8 | uint(t[i+1]); stopPairs[x>>6]&(1<<(x&63)) != 0 && titleStopAt(t[i:]) {
			cut = i
			break
		}
	}
	return cleanTitle(bytes.TrimSpace(AppendPlainText(buf[:0], t[:cut])))
}

// titleStops end the title part of an entry.
var titleStops = [...]string{"http://", "https://", ", accessed", ". Available at", " Available at", "Retrieved from", "doi:", "DOI:", "arXiv:"}

// stopPairs is a bit set of the first two bytes (first<<8 | second) of
// titleStops (all are longer than one byte).
var stopPairs = func() (t [1 << 16 / 64]uint64) {
	for _, s := range titleStops {
		x := uint(s[0])<<8 | uint(s[1])
		t[x>>6] |= 1 << (x & 63)
	}
	return t
}()

// titleStopAt reports whether b starts with one of titleStops.
func titleStopAt(b []byte) bool {
	for _, s := range titleStops {
		if b[0] == s[0] && bytes.HasPrefix(b, []byte(s)) {
			return true
		}
	}
	return false
}

func matchParenAt(t []byte, i int) int {
	if e := walk.MatchParen(t, i); e >= 0 {
		return e + 1
	}
	return len(t)
}

func cleanTitle(b []byte) string {
	b = bytes.TrimSpace(b)
	b = bytes.TrimRightFunc(b, func(r rune) bool { return unicode.IsSpace(r) || strings.ContainsRune(":,.;-–—(<", r) })
	b = bytes.TrimLeftFunc(b, func(r rune) bool { return unicode.IsSpace(r) || strings.ContainsRune(":,.;-–—)>", r) })
	s := string(b)
	if utf8.RuneCountInString(s) > 300 {
		r := []rune(s)
		s = string(r[:300])
	}
	return s
}

// blankComments returns raw with HTML comments replaced by spaces of the same
// length (a copy only when there is one), so that a suppression directive or
// note at the end of an entry line is not read as its title or URL.
func blankComments(raw []byte) []byte {
	i := bytes.Index(raw, []byte("<!--"))
	if i < 0 {
		return raw
	}
	out := append([]byte(nil), raw...)
	for i >= 0 {
		end := bytes.Index(out[i+4:], []byte("-->"))
		stop := len(out)
		if end >= 0 {
			stop = i + 4 + end + 3
		}
		for k := i; k < stop; k++ {
			if out[k] != '\n' {
				out[k] = ' '
			}
		}
		next := bytes.Index(out[stop:], []byte("<!--"))
		if next < 0 {
			break
		}
		i = stop + next
	}
	return out
}
