package markdown

import (
	"bytes"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// linkRefDefinitions is goldmark's link reference definition transformer
// behind a pre-test. goldmark's makes a block reader for every paragraph
// that closes, to look for a '[' at its start: 3% of an offline run's CPU
// on the shared corpus, most of it for paragraphs that cannot hold a
// definition. A paragraph can only when its first byte that is not white
// space (util.IsSpace, over lines, as the transformer's SkipSpaces) is '['
// and one of its lines holds "]:" (the transformer wants the ':' right
// after the label's ']'); the transformer leaves any other paragraph as
// it is. Reference entries ("[1] Smith, ...") fail the second test.
// FuzzPlainParagraphs and TestPlainParagraphsCorpus hold the parse with
// the pre-test to goldmark's.
type linkRefDefinitions struct {
	parser.ParagraphTransformer
}

func (t linkRefDefinitions) Transform(p *ast.Paragraph, reader text.Reader, pc parser.Context) {
	if lines, src := p.Lines(), reader.Source(); startsWithBracket(lines, src) && holdsLabelEnd(lines, src) {
		t.ParagraphTransformer.Transform(p, reader, pc)
	}
}

// startsWithBracket reports whether the first byte of lines that is not
// white space is '[', or whether lines are all white space (goldmark's
// transformer removes a paragraph without lines; let it decide).
func startsWithBracket(lines *text.Segments, src []byte) bool {
	for i := 0; i < lines.Len(); i++ {
		seg := lines.At(i)
		for _, c := range src[seg.Start:seg.Stop] {
			if !util.IsSpace(c) {
				return c == '['
			}
		}
	}
	return true
}

// holdsLabelEnd reports whether a line of lines holds "]:", or whether
// there are no lines.
func holdsLabelEnd(lines *text.Segments, src []byte) bool {
	for i := 0; i < lines.Len(); i++ {
		seg := lines.At(i)
		if bytes.Contains(src[seg.Start:seg.Stop], []byte("]:")) {
			return true
		}
	}
	return lines.Len() == 0
}

// withLinkRefPretest puts the pre-test in front of goldmark's link
// reference definition transformer in ts.
func withLinkRefPretest(ts []util.PrioritizedValue) []util.PrioritizedValue {
	out := make([]util.PrioritizedValue, len(ts))
	for i, t := range ts {
		if t.Value == parser.LinkReferenceParagraphTransformer {
			t.Value = linkRefDefinitions{parser.LinkReferenceParagraphTransformer}
		}
		out[i] = t
	}
	return out
}
