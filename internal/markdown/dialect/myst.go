package dialect

import (
	"bytes"
	"strings"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// MyST directives (Jupyter Book, Sphinx with MyST-Parser, mystmd) and
// bookdown's theorem and block chunks: a fence whose info string is a
// name in braces, the body Markdown.
//
//	```{note}
//	A note citing {cite}`smith2020`.
//	```
//
//	:::{prf:theorem} Bellman's principle {cite}`bellman1957`
//	:label: thm-bellman
//
//	The body, cited {cite:t}`stokey1989`.
//	:::
//
// CommonMark reads a backtick or tilde fence as code, where citations are
// not read: 73 {cite} roles in the bodies of one lecture series' notes,
// exercises and theorems went unchecked (issue 37). This parser reads the
// fence as a container and its body as Markdown, when the name is one of
// the directives whose body is Markdown (mystDirectives and the prefixes
// of mystDirectivePrefixes); any other name (```{code-cell}, ```{math},
// a knitr chunk ```{r}) stays code. The options a body starts with
// (":label: x" lines, or a YAML block between "---" lines) are skipped.
// The argument after the name (a title) is read as a paragraph, except
// where it is a path or a label (argNotProse). The fence closes at a line
// of the same character, at least as long, as CommonMark closes a code
// fence; a colon fence ":::{name}" (MyST's colon_fence) likewise.
type MySTParser struct{}

// Directive is a MyST directive (or a bookdown block chunk) whose body is
// Markdown: its children are the argument, when it is prose, and the body.
type Directive struct {
	ast.BaseBlock
	// Name is the directive's name, lower-cased ("note", "prf:theorem").
	Name string

	char    byte // '`', '~' or ':'
	length  int  // of the opening fence
	indent  int  // columns before the opening fence
	options bool // still in the options that start the body
	yaml    bool // inside a "---" block of options
	started bool // a line of the body has been read
}

// KindDirective is the kind of Directive nodes.
var KindDirective = ast.NewNodeKind("Directive")

func (n *Directive) Kind() ast.NodeKind                        { return KindDirective }
func (n *Directive) Dump(src []byte, level int)                { ast.DumpHelper(n, src, level, nil, nil) }
func (MySTParser) Trigger() []byte                             { return []byte{'`', '~', ':'} }
func (MySTParser) CanInterruptParagraph() bool                 { return true }
func (MySTParser) CanAcceptIndentedLine() bool                 { return false }
func (MySTParser) Close(ast.Node, text.Reader, parser.Context) {}

// maxDirectiveDepth is the deepest nesting of directives read as
// containers; a deeper one is code, as before. goldmark asks every open
// container about every line, so nesting thousands deep would cost the
// square of the input; real books nest two or three deep.
const maxDirectiveDepth = 32

// mystDirectives are the directives whose body is Markdown: MyST's and
// Sphinx's admonitions and layout directives, sphinx-design,
// sphinx-exercise, sphinx-togglebutton, and the knitr engines bookdown
// defines (theorem, proof, block...), whose chunks are Markdown too.
var mystDirectives = map[string]bool{
	// Admonitions (MyST, docutils, Sphinx).
	"admonition": true, "attention": true, "caution": true, "danger": true, "error": true,
	"hint": true, "important": true, "note": true, "seealso": true, "tip": true,
	"warning": true, "todo": true, "versionadded": true, "versionchanged": true,
	"versionremoved": true, "deprecated": true,
	// Body elements and layout.
	"topic": true, "sidebar": true, "margin": true, "aside": true, "epigraph": true,
	"pull-quote": true, "highlights": true, "compound": true, "container": true,
	"div": true, "only": true, "rubric": true, "centered": true, "blockquote": true,
	"figure": true, "table": true, "list-table": true, "glossary": true,
	"dropdown": true, "toggle": true, "details": true, "hidden": true,
	// sphinx-design and mystmd cards, grids and tabs.
	"card": true, "card-carousel": true, "grid": true, "grid-item": true, "grid-item-card": true,
	"tab-set": true, "tab-item": true, "tabbed": true,
	// sphinx-exercise (and the -start forms, whose body is only options).
	"exercise": true, "solution": true, "exercise-start": true, "solution-start": true,
	// bookdown's theorem engines and custom blocks (knitr chunks).
	"theorem": true, "lemma": true, "corollary": true, "proposition": true, "conjecture": true,
	"definition": true, "example": true, "hypothesis": true, "proof": true, "remark": true,
	"block": true, "block2": true, "asis": true,
}

// mystDirectivePrefixes are families of directives whose body is
// Markdown: sphinx-proof's prf:theorem, prf:lemma..., and the proof:
// domain of older releases.
var mystDirectivePrefixes = []string{"prf:", "proof:"}

// argNotProse are the directives whose argument is a path or a label, not
// text: the image of a figure, the exercise a solution solves.
var argNotProse = map[string]bool{"figure": true, "solution": true, "solution-start": true, "only": true}

// isMarkdownDirective reports whether name (lower case) is a directive
// whose body is Markdown.
func isMarkdownDirective(name string) bool {
	if mystDirectives[name] {
		return true
	}
	for _, p := range mystDirectivePrefixes {
		if strings.HasPrefix(name, p) && len(name) > len(p) {
			return true
		}
	}
	return false
}

// directiveFence reads an opening fence at the start of line: the fence
// character and length, the directive's name (lower-cased), and the
// offset in line where the argument starts. ok is false when the line is
// not a fence opening a directive of mystDirectives.
func directiveFence(line []byte) (char byte, length int, name string, arg int, ok bool) {
	if len(line) == 0 {
		return 0, 0, "", 0, false
	}
	char = line[0]
	if char != '`' && char != '~' && char != ':' {
		return 0, 0, "", 0, false
	}
	for length < len(line) && line[length] == char {
		length++
	}
	if length < 3 {
		return 0, 0, "", 0, false
	}
	i := length
	for i < len(line) && (line[i] == ' ' || line[i] == '\t') {
		i++ // "``` {note}": MyST trims the info string
	}
	if i >= len(line) || line[i] != '{' {
		return 0, 0, "", 0, false
	}
	end := bytes.IndexByte(line[i:], '}')
	if end < 0 {
		return 0, 0, "", 0, false
	}
	inner := line[i+1 : i+end]
	// A knitr chunk's header holds options after the engine:
	// {theorem thm1, name="Pythagoras"}.
	n := 0
	for n < len(inner) && inner[n] != ' ' && inner[n] != ',' && inner[n] != '\t' {
		n++
	}
	name = strings.ToLower(string(inner[:n]))
	if !isMarkdownDirective(name) {
		return 0, 0, "", 0, false
	}
	if char == '`' && bytes.IndexByte(line[i+end+1:], '`') >= 0 {
		return 0, 0, "", 0, false // a backtick in a backtick fence's info string: not a fence
	}
	return char, length, name, i + end + 1, true
}

func (MySTParser) Open(parent ast.Node, reader text.Reader, pc parser.Context) (ast.Node, parser.State) {
	line, segment := reader.PeekLine()
	pos := pc.BlockOffset()
	if pos < 0 || pos >= len(line) {
		return nil, parser.NoChildren
	}
	char, length, name, arg, ok := directiveFence(line[pos:])
	if !ok {
		return nil, parser.NoChildren
	}
	depth := 0
	for p := parent; p != nil; p = p.Parent() {
		if p.Kind() == KindDirective {
			if depth++; depth >= maxDirectiveDepth {
				return nil, parser.NoChildren
			}
		}
	}
	d := &Directive{Name: name, char: char, length: length, indent: pos, options: true}
	if !argNotProse[name] {
		rest := line[pos+arg:]
		left, right := util.TrimLeftSpaceLength(rest), util.TrimRightSpaceLength(rest)
		if left < len(rest)-right {
			start := segment.Start - segment.Padding + pos + arg + left
			stop := segment.Start - segment.Padding + pos + arg + len(rest) - right
			if start >= segment.Start && stop <= segment.Stop && start < stop {
				p := ast.NewParagraph()
				p.Lines().Append(text.NewSegment(start, stop))
				d.AppendChild(d, p)
			}
		}
	}
	reader.AdvanceToEOL()
	return d, parser.HasChildren
}

// Continue closes the directive at its closing fence, skips the options
// its body starts with, and hands every other line to its children,
// less the opening fence's indentation.
func (MySTParser) Continue(node ast.Node, reader text.Reader, pc parser.Context) parser.State {
	d := node.(*Directive)
	line, segment := reader.PeekLine()
	w, pos := util.IndentWidth(line, reader.LineOffset())
	if w < 4 && pos < len(line) && line[pos] == d.char {
		i := pos
		for i < len(line) && line[i] == d.char {
			i++
		}
		if i-pos >= d.length && util.IsBlank(line[i:]) {
			reader.AdvanceToEOL()
			return parser.Close
		}
	}
	first := !d.started
	d.started = true
	if d.options {
		body := bytes.TrimRight(line[min(pos, len(line)):], " \t\r\n")
		switch {
		case d.yaml:
			if bytes.Equal(body, []byte("---")) {
				d.yaml, d.options = false, false
			}
			reader.AdvanceToEOL()
			return parser.Continue | parser.NoChildren
		case bytes.Equal(body, []byte("---")) && first:
			d.yaml = true
			reader.AdvanceToEOL()
			return parser.Continue | parser.NoChildren
		case isOptionLine(body):
			reader.AdvanceToEOL()
			return parser.Continue | parser.NoChildren
		}
		d.options = false
	}
	if util.IsBlank(line) {
		reader.AdvanceToEOL()
		return parser.Continue | parser.HasChildren
	}
	p, padding := util.IndentPositionPadding(line, reader.LineOffset(), segment.Padding, d.indent)
	if p < 0 {
		p, padding = max(0, util.FirstNonSpacePosition(line)), 0
	}
	reader.AdvanceAndSetPadding(p, padding)
	return parser.Continue | parser.HasChildren
}

// isOptionLine reports whether line is a directive option, ":name: value"
// or ":name:".
func isOptionLine(line []byte) bool {
	if len(line) < 3 || line[0] != ':' {
		return false
	}
	i := 1
	for i < len(line) && (isTypeByte(line[i]) || line[i] == '.') {
		i++
	}
	return i > 1 && i < len(line) && line[i] == ':' && (i+1 == len(line) || line[i+1] == ' ' || line[i+1] == '\t')
}
