package reviewpage

import (
	"bufio"
	"bytes"
	"fmt"
	"net/url"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/citelint/citelint/internal/linearlinks"
	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/renderer/html"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// This file renders one document's Markdown for the review page with
// goldmark, raw HTML never passed through: goldmark's HTML renderer with
// its defaults (no WithUnsafe) and, on top, node renderers that write
// every text through an escaper and wrap the parts of it inside scored or
// flagged sentences and citation markers in spans. A sentence crossing
// inline markup (emphasis, a link) is wrapped piecewise, one span per
// text node, so the page's markup stays well nested; the spans of one
// sentence share its index (data-s), which the script uses to light them
// all.

// reviewMD parses documents for the review page: CommonMark with tables
// and strikethrough. Linkify stays off (its nodes have no text offsets),
// and so does the footnote extension: "[^1]" stays text the page can
// mark as a citation. Its link parser and link reference definitions are
// goldmark's in linear time (internal/linearlinks): a paragraph of
// 108,000 lines "Claim [1]." (1.2 MB) took 5.7 s with goldmark's own.
var reviewMD = goldmark.New(
	goldmark.WithParser(parser.NewParser(
		parser.WithBlockParsers(parser.DefaultBlockParsers()...),
		parser.WithInlineParsers(linearlinks.WithLinearLinks(parser.DefaultInlineParsers())...),
		parser.WithParagraphTransformers(linearlinks.WithLinkRefDefinitions(parser.DefaultParagraphTransformers(), true)...),
	)),
	goldmark.WithExtensions(extension.Table, extension.Strikethrough),
)

// marks are a document's highlighted stretches, sorted by Start, not
// overlapping: sentences (with their status) and citation markers.
type mark struct {
	start, end int
	sentence   int    // index into the page's sentences, or -1
	status     string // the sentence's status
	cite       int    // index into the document's citations, or -1
	citeClass  string
}

// renderBlocks renders each top-level block of src separately, so the
// page can show a block's issues beside it, and returns the HTML of each
// with the byte offset its source starts at (-1 when it has none).
// Marks are wrapped while budget admits them (nil: all).
func renderBlocks(src []byte, marks []mark, budget *markBudget) (blocks [][]byte, starts []int, err error) {
	return renderBlocksWith(reviewMD, src, marks, budget)
}

// renderBlocksWith is renderBlocks parsing with md.
func renderBlocksWith(md goldmark.Markdown, src []byte, marks []mark, budget *markBudget) (blocks [][]byte, starts []int, err error) {
	defer func() {
		// A renderer's panic costs this document its rendering, not the
		// run its report: the page shows the text as written instead.
		if p := recover(); p != nil {
			blocks, starts, err = nil, nil, fmt.Errorf("rendering failed: %v", p)
		}
	}()
	root := md.Parser().Parse(text.NewReader(src))
	hl := &highlighter{marks: marks, seenSentence: map[int]bool{}, mark: -1, curS: -1, curC: -1, budget: budget}
	// Every extension's node renderer is listed: goldmark indexes its
	// renderers by node kind and panics on a kind it has none for.
	r := renderer.NewRenderer(renderer.WithNodeRenderers(
		util.Prioritized(html.NewRenderer(), 1000),
		// Aligned columns as align="left", not goldmark's default style
		// attribute: the page's policy blocks inline styles, and a page
		// with style attributes could not be told from an injected one.
		util.Prioritized(extension.NewTableHTMLRenderer(extension.WithTableCellAlignMethod(extension.TableCellAlignAttribute)), 500),
		util.Prioritized(extension.NewStrikethroughHTMLRenderer(), 500),
		util.Prioritized(hl, 100),
	))
	// One buffer for the document's blocks, written through one buffered
	// writer: goldmark wraps any other writer in a new 4 KB one per call,
	// which for a corpus's 130,000 blocks was half a gigabyte to allocate.
	var b bytes.Buffer
	bw := bufio.NewWriter(&b)
	var ends []int
	for n, k := root.FirstChild(), 0; n != nil; n, k = n.NextSibling(), k+1 {
		if k%timeCheck == 0 && budget.outOfTime() {
			break
		}
		at := b.Len()
		_ = r.Render(bw, src, n) // writes to memory: cannot fail
		_ = bw.Flush()
		if len(bytes.TrimSpace(b.Bytes()[at:])) == 0 {
			b.Truncate(at)
			continue // a paragraph of link definitions alone: shown by withDefinitions
		}
		ends = append(ends, b.Len())
		starts = append(starts, firstOffset(n))
	}
	all, at := b.Bytes(), 0
	for _, end := range ends {
		blocks = append(blocks, all[at:end:end])
		at = end
	}
	return blocks, starts, nil
}

// firstOffset is the first source byte of block n, or -1.
func firstOffset(n ast.Node) int {
	if n.Type() == ast.TypeBlock && n.Lines().Len() > 0 {
		return n.Lines().At(0).Start
	}
	if t, ok := n.(*ast.Text); ok {
		return t.Segment.Start
	}
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		if off := firstOffset(c); off >= 0 {
			return off
		}
	}
	return -1
}

// highlighter renders text, links, images and raw HTML for the review page.
type highlighter struct {
	marks        []mark
	seenSentence map[int]bool
	// mark is the mark last entered (admitted or refused); curS and curC
	// the sentence and marker whose spans are open, or -1. Spans stay
	// open from one mark to the next while their sentence goes on, so
	// "Claim [1]." is one sentence span holding a marker's, and into the
	// next text node when it continues the text (goldmark splits "[1]"
	// into three).
	mark, curS, curC int
	budget           *markBudget
}

func (h *highlighter) RegisterFuncs(reg renderer.NodeRendererFuncRegisterer) {
	reg.Register(ast.KindText, h.text)
	reg.Register(ast.KindRawHTML, h.rawHTML)
	reg.Register(ast.KindHTMLBlock, h.htmlBlock)
	reg.Register(ast.KindLink, h.link)
	reg.Register(ast.KindAutoLink, h.autoLink)
	reg.Register(ast.KindImage, h.image)
	reg.Register(ast.KindHeading, h.heading)
}

// heading writes a document's heading two levels down (the page's h1 is
// its title, h2 each document's path), so the page's outline nests; its
// class keeps the level as written for the style.
func (h *highlighter) heading(w util.BufWriter, src []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	n := node.(*ast.Heading)
	level := strconv.Itoa(min(n.Level+2, 6))
	if entering {
		w.WriteString("<h" + level + ` class="d` + strconv.Itoa(n.Level) + `">`)
	} else {
		w.WriteString("</h" + level + ">\n")
	}
	return ast.WalkContinue, nil
}

// text writes a text node, its marked stretches in spans: a sentence's
// span, and inside it a marker's.
func (h *highlighter) text(w util.BufWriter, src []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	if !entering {
		return ast.WalkContinue, nil
	}
	n := node.(*ast.Text)
	seg := n.Segment
	pos := seg.Start
	i, _ := slices.BinarySearchFunc(h.marks, seg.Start, func(m mark, off int) int {
		if m.end <= off {
			return -1
		}
		return 1
	})
	for ; i < len(h.marks) && h.marks[i].start < seg.Stop; i++ {
		m := h.marks[i]
		s, e := max(m.start, pos), min(m.end, seg.Stop)
		if s >= e {
			continue
		}
		if pos < s {
			h.closeAll(w)
			writeEscaped(w, src[pos:s])
		}
		if h.mark != i {
			h.mark = i
			if !h.budget.admit(m, m.sentence >= 0 && !h.seenSentence[m.sentence]) {
				// Out of budget: the text goes on unmarked.
				h.closeAll(w)
				writeEscaped(w, src[s:e])
				pos = e
				continue
			}
		} else if h.curS != m.sentence || h.curC != m.cite {
			// Entered before and refused, or its spans closed by a gap.
			if h.budget != nil && h.budget.stopped {
				writeEscaped(w, src[s:e])
				pos = e
				continue
			}
		}
		h.enter(w, m)
		writeEscaped(w, src[s:e])
		pos = e
	}
	if pos < seg.Stop {
		h.closeAll(w)
		writeEscaped(w, src[pos:seg.Stop])
	}
	if n.SoftLineBreak() || n.HardLineBreak() || !contiguousText(n) {
		h.closeAll(w)
	}
	if n.HardLineBreak() {
		w.WriteString("<br>\n")
	} else if n.SoftLineBreak() {
		w.WriteByte('\n')
	}
	return ast.WalkContinue, nil
}

// contiguousText reports whether n's next sibling is text starting where
// n stops.
func contiguousText(n *ast.Text) bool {
	next, ok := n.NextSibling().(*ast.Text)
	return ok && next.Segment.Start == n.Segment.Stop
}

// enter makes the open spans m's: its sentence's (kept open when it is
// already), and inside it its marker's.
func (h *highlighter) enter(w util.BufWriter, m mark) {
	if h.curC >= 0 && (h.curC != m.cite || h.curS != m.sentence) {
		w.WriteString("</span>")
		h.curC = -1
	}
	if h.curS != m.sentence {
		if h.curS >= 0 {
			w.WriteString("</span>")
		}
		h.curS = m.sentence
		if m.sentence >= 0 {
			h.openSentence(w, m)
		}
	}
	if m.cite >= 0 && h.curC != m.cite {
		w.WriteString(`<span class="c`)
		if m.citeClass != "" {
			w.WriteString(" ")
			w.WriteString(m.citeClass)
		}
		w.WriteString(`" data-c="`)
		w.WriteString(strconv.Itoa(m.cite))
		w.WriteString(`">`)
		h.curC = m.cite
	}
}

func (h *highlighter) openSentence(w util.BufWriter, m mark) {
	w.WriteString(`<span class="s st-`)
	w.WriteString(m.status)
	w.WriteString(`" data-s="`)
	w.WriteString(strconv.Itoa(m.sentence))
	w.WriteByte('"')
	if !h.seenSentence[m.sentence] {
		h.seenSentence[m.sentence] = true
		// Its icon is the style's (.s[tabindex]::before), hidden from
		// screen readers, which read the status as words.
		w.WriteString(` tabindex="0"><span class="vh">`)
		w.WriteString(statusText[m.status])
		w.WriteString(`: </span>`)
	} else {
		w.WriteByte('>')
	}
}

// closeAll closes the open spans.
func (h *highlighter) closeAll(w util.BufWriter) {
	if h.curC >= 0 {
		w.WriteString("</span>")
		h.curC = -1
	}
	if h.curS >= 0 {
		w.WriteString("</span>")
		h.curS = -1
	}
}

// rawHTML shows inline HTML as the text it is.
func (h *highlighter) rawHTML(w util.BufWriter, src []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	if !entering {
		return ast.WalkSkipChildren, nil
	}
	n := node.(*ast.RawHTML)
	w.WriteString(`<code class="raw">`)
	for i := 0; i < n.Segments.Len(); i++ {
		seg := n.Segments.At(i)
		writeEscaped(w, seg.Value(src))
	}
	w.WriteString(`</code>`)
	return ast.WalkSkipChildren, nil
}

// htmlBlock shows an HTML block as the text it is.
func (h *highlighter) htmlBlock(w util.BufWriter, src []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	if !entering {
		return ast.WalkContinue, nil
	}
	n := node.(*ast.HTMLBlock)
	w.WriteString(`<pre class="raw"><code>`)
	for i := 0; i < n.Lines().Len(); i++ {
		seg := n.Lines().At(i)
		writeEscaped(w, seg.Value(src))
	}
	if n.HasClosure() {
		writeEscaped(w, n.ClosureLine.Value(src))
	}
	w.WriteString("</code></pre>\n")
	return ast.WalkContinue, nil
}

func (h *highlighter) link(w util.BufWriter, src []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	n := node.(*ast.Link)
	if entering {
		openLink(w, n.Destination, n.Title)
	} else {
		w.WriteString("</a>")
	}
	return ast.WalkContinue, nil
}

func (h *highlighter) autoLink(w util.BufWriter, src []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	if !entering {
		return ast.WalkContinue, nil
	}
	n := node.(*ast.AutoLink)
	dest := n.URL(src)
	if n.AutoLinkType == ast.AutoLinkEmail && !bytes.HasPrefix(bytes.ToLower(dest), []byte("mailto:")) {
		dest = append([]byte("mailto:"), dest...)
	}
	openLink(w, dest, nil)
	writeEscaped(w, n.Label(src))
	w.WriteString("</a>")
	return ast.WalkContinue, nil
}

// image shows an image as its alt text, with its address on hover: the
// page fetches nothing, so it opens the same from a CI artifact or an
// e-mail. An image without alt text shows its file's name, or for one
// stored inline (a formula exported as a data: URL) its type and size:
// a data: URL, which can be megabytes, is never copied into the page.
func (h *highlighter) image(w util.BufWriter, src []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	n := node.(*ast.Image)
	if !entering {
		w.WriteString("]</span>")
		return ast.WalkContinue, nil
	}
	dest := strings.TrimSpace(string(n.Destination))
	about := "image: " + dest
	if isDataURL(dest) {
		about = dataURLInfo(dest)
	}
	w.WriteString(`<span class="img" title="`)
	writeEscaped(w, []byte(truncate(about, maxImageTitle)))
	w.WriteString(`">[image`)
	if hasAlt(n, src) {
		w.WriteString(": ")
		return ast.WalkContinue, nil
	}
	switch {
	case isDataURL(dest):
		w.WriteString(": ")
		writeEscaped(w, []byte(about))
	case dest != "":
		w.WriteString(": ")
		writeEscaped(w, []byte(truncate(imageName(dest), maxImageTitle)))
	}
	return ast.WalkSkipChildren, nil // the leaving call closes the span
}

// maxImageTitle bounds what an image's address adds to the page.
const maxImageTitle = 200

// hasAlt reports whether image n has alt text other than blanks.
func hasAlt(n ast.Node, src []byte) bool {
	found := false
	_ = ast.Walk(n, func(c ast.Node, entering bool) (ast.WalkStatus, error) {
		if t, ok := c.(*ast.Text); entering && ok && len(bytes.TrimSpace(t.Segment.Value(src))) > 0 {
			found = true
			return ast.WalkStop, nil
		}
		if s, ok := c.(*ast.String); entering && ok && len(bytes.TrimSpace(s.Value)) > 0 {
			found = true
			return ast.WalkStop, nil
		}
		return ast.WalkContinue, nil
	})
	return found
}

func isDataURL(dest string) bool {
	return len(dest) >= 5 && strings.EqualFold(dest[:5], "data:")
}

// dataURLInfo describes a data: URL without its data: "inline data,
// image/png, 2.3 KB" (the type when it names a valid one, the size of
// the data decoded).
func dataURLInfo(dest string) string {
	head, data, _ := strings.Cut(dest[len("data:"):], ",")
	params := strings.Split(head, ";")
	size := len(data)
	if strings.EqualFold(strings.TrimSpace(params[len(params)-1]), "base64") {
		n := 0
		for i := 0; i < len(data); i++ {
			if c := data[i]; c != '=' && c != ' ' && c != '\t' && c != '\n' && c != '\r' {
				n++
			}
		}
		size = n * 3 / 4
	} else {
		size -= 2 * strings.Count(data, "%")
	}
	info := "inline data"
	if mt := strings.ToLower(strings.TrimSpace(params[0])); mediaType.MatchString(mt) {
		info += ", " + mt
	}
	return info + ", " + decimalSize(max(size, 0))
}

// mediaType is a type/subtype as RFC 6838 allows their names.
var mediaType = regexp.MustCompile(`^[a-z0-9][a-z0-9!#$&^_.+-]{0,63}/[a-z0-9][a-z0-9!#$&^_.+-]{0,63}$`)

// decimalSize is n bytes as "512 B", "2.3 KB", "1.5 MB".
func decimalSize(n int) string {
	switch {
	case n >= 1e6:
		return strconv.FormatFloat(float64(n)/1e6, 'f', 1, 64) + " MB"
	case n >= 1e3:
		return strconv.FormatFloat(float64(n)/1e3, 'f', 1, 64) + " KB"
	}
	return strconv.Itoa(n) + " B"
}

// imageName is the last part of an image's address, its file's name:
// "chart.png" of "https://e.org/fig/chart.png?v=2".
func imageName(dest string) string {
	if i := strings.IndexAny(dest, "?#"); i >= 0 {
		dest = dest[:i]
	}
	dest = strings.TrimRight(dest, "/")
	if i := strings.LastIndexByte(dest, '/'); i >= 0 && i+1 < len(dest) {
		return dest[i+1:]
	}
	return dest
}

// openLink writes <a> with dest when it is a web, mail or relative
// address; anything else (javascript:, data:, vbscript:...) gets no href.
func openLink(w util.BufWriter, dest, title []byte) {
	w.WriteString(`<a`)
	if safeHref(string(dest)) {
		w.WriteString(` href="`)
		writeEscaped(w, dest)
		w.WriteByte('"')
	}
	if len(title) > 0 {
		w.WriteString(` title="`)
		writeEscaped(w, title)
		w.WriteByte('"')
	}
	w.WriteString(` rel="nofollow noopener noreferrer">`)
}

// safeHref allows http, https and mailto addresses and relative ones.
func safeHref(dest string) bool {
	u, err := url.Parse(strings.TrimSpace(dest))
	if err != nil {
		return false
	}
	switch strings.ToLower(u.Scheme) {
	case "http", "https", "mailto":
		return true
	case "":
		// "javascript&colon;x" or a control character could hide a
		// scheme from url.Parse but not from a browser.
		return !strings.ContainsAny(dest, ":&\\\x00\t\n\r")
	}
	return false
}

// writeEscaped writes b with &, <, >, " and ' escaped.
func writeEscaped(w util.BufWriter, b []byte) {
	last := 0
	for i, c := range b {
		var esc string
		switch c {
		case '&':
			esc = "&amp;"
		case '<':
			esc = "&lt;"
		case '>':
			esc = "&gt;"
		case '"':
			esc = "&#34;"
		case '\'':
			esc = "&#39;"
		default:
			continue
		}
		w.Write(b[last:i])
		w.WriteString(esc)
		last = i + 1
	}
	w.Write(b[last:])
}
