package sources

import (
	"bytes"
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// maxText caps the text taken from one page: enough for any article, and it
// keeps a hostile page from exhausting memory.
const maxText = 1 << 20

// HTMLText returns the readable text of an HTML page: scripts, styles,
// navigation, headers, footers, asides and forms dropped, block elements
// turned into line breaks, entities decoded, runs of spaces collapsed. It
// uses the x/net/html tokenizer, which accepts any byte soup.
func HTMLText(page []byte) string {
	z := html.NewTokenizer(bytes.NewReader(page))
	var b strings.Builder
	skip := 0 // depth inside elements whose text is not content
	space := false
	newline := func() {
		s := b.String()
		if len(s) > 0 && !strings.HasSuffix(s, "\n") {
			// trim a trailing space before the break
			if strings.HasSuffix(s, " ") {
				cut := strings.TrimRight(s, " ")
				b.Reset()
				b.WriteString(cut)
			}
			b.WriteByte('\n')
		}
		space = false
	}
	for b.Len() < maxText {
		tt := z.Next()
		switch tt {
		case html.ErrorToken:
			return strings.TrimSpace(b.String())
		case html.StartTagToken, html.EndTagToken, html.SelfClosingTagToken:
			name, _ := z.TagName()
			a := atom.Lookup(name)
			switch a {
			case atom.Script, atom.Style, atom.Nav, atom.Header, atom.Footer, atom.Aside, atom.Noscript, atom.Svg, atom.Form, atom.Template, atom.Iframe:
				if tt == html.StartTagToken {
					skip++
				} else if tt == html.EndTagToken && skip > 0 {
					skip--
				}
				continue
			case atom.P, atom.Div, atom.Li, atom.H1, atom.H2, atom.H3, atom.H4, atom.H5, atom.H6, atom.Br, atom.Tr,
				atom.Section, atom.Article, atom.Blockquote, atom.Pre, atom.Ul, atom.Ol, atom.Table, atom.Dd, atom.Dt, atom.Figcaption, atom.Main:
				if skip == 0 {
					newline()
				}
			case atom.Td, atom.Th:
				if skip == 0 {
					space = true
				}
			}
		case html.TextToken:
			if skip > 0 {
				continue
			}
			t := z.Text()
			if len(t) > 0 && isSpaceByte(t[0]) {
				space = true
			}
			for _, f := range strings.Fields(string(t)) {
				if space && b.Len() > 0 && !strings.HasSuffix(b.String(), "\n") {
					b.WriteByte(' ')
				}
				b.WriteString(f)
				space = true
			}
			if len(t) > 0 && !isSpaceByte(t[len(t)-1]) {
				space = false
			}
		}
	}
	s := b.String()
	if len(s) > maxText {
		s = strings.ToValidUTF8(s[:maxText], "")
	}
	return strings.TrimSpace(s)
}

func isSpaceByte(c byte) bool { return c == ' ' || c == '\n' || c == '\t' || c == '\r' }
