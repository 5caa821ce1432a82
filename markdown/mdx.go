package markdown

import (
	"bytes"
	"sync"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// MDX is CommonMark with JSX, and without indented code: MDX turns that
// construct off, so that content indented inside a component (<Tabs>,
// <Step>) is Markdown, and with it off every other construct may be
// indented by any amount (micromark drops its three-space limit). Read as
// CommonMark, a Docusaurus or Mintlify page loses the citations inside its
// components to code blocks, and a fence indented four spaces, or closed
// six spaces in, runs to the end of the page: "never closed".
//
// citelint's MDX goldmark differs from its Markdown one in three parsers:
//   - no indented code block;
//   - fenced code opens and closes at any indentation;
//   - a line that is one JSX tag (<Step title="x">, </Step>, <Image />, <>)
//     is an HTML block of that line alone: what follows it is Markdown, where
//     CommonMark would keep it in the HTML block up to a blank line.
//
// Expressions ({...}), ESM (import/export) and MDX comments are read as
// text, as they were.
var mdMDX = sync.OnceValue(func() goldmark.Markdown { return newMarkdownDialect(true, true) })

// withMDXBlocks makes ps, goldmark's block parsers, MDX's. Every parser
// left must accept indented lines: goldmark stops reading the document at
// a line no parser opens, and the indented code parser was the one that
// took them.
func withMDXBlocks(ps []util.PrioritizedValue) []util.PrioritizedValue {
	var out []util.PrioritizedValue
	for _, p := range ps {
		switch bp := p.Value.(parser.BlockParser); {
		case bp == parser.NewCodeBlockParser():
			continue
		case bp == parser.NewFencedCodeBlockParser():
			p.Value = mdxFencedCode{bp}
		case bp == parser.NewHTMLBlockParser():
			p.Value = mdxHTMLBlock{bp}
		default:
			p.Value = mdxIndented{bp}
		}
		out = append(out, p)
	}
	return out
}

// mdxIndented is a block parser that opens on a line at any indentation.
type mdxIndented struct{ parser.BlockParser }

func (mdxIndented) CanAcceptIndentedLine() bool { return true }

// mdxFencedCode is goldmark's fenced code parser at any indentation: its
// Open does not look at indentation (the parser's loop keeps indented
// lines from parsers that do not accept them), and its closing fence is
// found here, at any indentation, before its Continue looks at the line.
type mdxFencedCode struct{ parser.BlockParser }

var mdxFenceKey = parser.NewContextKey()

// mdxFence is the open fence: its character and length.
type mdxFence struct {
	char   byte
	length int
}

func (b mdxFencedCode) Open(parent ast.Node, reader text.Reader, pc parser.Context) (ast.Node, parser.State) {
	line, _ := reader.PeekLine()
	pos := pc.BlockOffset()
	node, state := b.BlockParser.Open(parent, reader, pc)
	if node != nil && pos >= 0 && pos < len(line) {
		n := 0
		for pos+n < len(line) && line[pos+n] == line[pos] {
			n++
		}
		pc.Set(mdxFenceKey, &mdxFence{line[pos], n})
	}
	return node, state
}

func (b mdxFencedCode) Continue(node ast.Node, reader text.Reader, pc parser.Context) parser.State {
	if f, ok := pc.Get(mdxFenceKey).(*mdxFence); ok {
		line, _ := reader.PeekLine()
		rest := bytes.TrimLeft(line, " \t")
		n := 0
		for n < len(rest) && rest[n] == f.char {
			n++
		}
		if n >= f.length && util.IsBlank(rest[n:]) {
			reader.AdvanceToEOL()
			return parser.Close
		}
	}
	return b.BlockParser.Continue(node, reader, pc)
}

func (b mdxFencedCode) Close(node ast.Node, reader text.Reader, pc parser.Context) {
	pc.Set(mdxFenceKey, nil)
	b.BlockParser.Close(node, reader, pc)
}

func (mdxFencedCode) CanAcceptIndentedLine() bool { return true }

// mdxHTMLBlock is goldmark's HTML block parser, but a block that opens on
// a line holding one JSX tag and nothing else closes with that line.
type mdxHTMLBlock struct{ parser.BlockParser }

var mdxTagKey = parser.NewContextKey()

func (b mdxHTMLBlock) Open(parent ast.Node, reader text.Reader, pc parser.Context) (ast.Node, parser.State) {
	line, _ := reader.PeekLine()
	pos := pc.BlockOffset()
	node, state := b.BlockParser.Open(parent, reader, pc)
	if node != nil && pos >= 0 && pos < len(line) && isJSXTagLine(line[pos:]) {
		pc.Set(mdxTagKey, node)
	}
	return node, state
}

func (b mdxHTMLBlock) Continue(node ast.Node, reader text.Reader, pc parser.Context) parser.State {
	if pc.Get(mdxTagKey) == node {
		pc.Set(mdxTagKey, nil)
		return parser.Close // the line is read again, as Markdown
	}
	return b.BlockParser.Continue(node, reader, pc)
}

func (mdxHTMLBlock) CanAcceptIndentedLine() bool { return true }

// isJSXTagLine reports whether line is one JSX tag: "<Name ...>",
// "</Name>", "<Name ... />", "<>" or "</>", and white space.
func isJSXTagLine(line []byte) bool {
	t := bytes.TrimSpace(line)
	if len(t) < 2 || t[0] != '<' || t[len(t)-1] != '>' {
		return false
	}
	i := 1
	if t[i] == '/' {
		i++
	}
	if i < len(t) && t[i] == '>' {
		return i == len(t)-1 // a fragment
	}
	if i >= len(t) || !(t[i] >= 'A' && t[i] <= 'Z' || t[i] >= 'a' && t[i] <= 'z') {
		return false
	}
	// One tag: no '<' after the first, outside quotes and braces.
	var quote byte
	depth := 0
	for _, c := range t[1 : len(t)-1] {
		switch {
		case quote != 0:
			if c == quote {
				quote = 0
			}
		case c == '"' || c == '\'' || c == '`':
			quote = c
		case c == '{':
			depth++
		case c == '}':
			depth--
		case c == '<' && depth == 0:
			return false
		}
	}
	return quote == 0 && depth == 0
}
