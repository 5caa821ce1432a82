package markdown

import (
	"bytes"
	"sort"

	"github.com/citelint/citelint/internal/markdown/forms"
	"github.com/citelint/citelint/internal/markdown/walk"
)

// Scaffold labels open a block that is an agent's scaffolding, not its
// report: words of scaffoldWords in capitals before a colon
// ("QUESTION:", "RESEARCH TASKS (6 total):"), or a ReAct log's steps
// ("Thought:"). Capitals alone do not tell ("GPIF: 3.8%", "HSBC: fraud
// detection" are items of a report). A label of answerLabels only marks
// its own line: the answer follows it.
var scaffoldWords = map[string]bool{"QUESTION": true, "QUESTIONS": true, "QUERY": true, "QUERIES": true, "TASK": true, "TASKS": true,
	"SUBTASK": true, "SUBTASKS": true, "SUB-QUESTIONS": true, "RESEARCH": true, "SEARCH": true, "PLAN": true, "CONTEXT": true,
	"INSTRUCTIONS": true, "INSTRUCTION": true, "SYSTEM": true, "USER": true, "ASSISTANT": true, "PROMPT": true, "GOAL": true,
	"OBJECTIVE": true, "STEP": true, "STEPS": true, "TOOL": true, "TOOLS": true, "ACTION": true, "ACTIONS": true,
	"OBSERVATION": true, "THOUGHT": true, "ANSWER": true, "FINAL": true, "RESPONSE": true, "REPORT": true, "INPUT": true,
	"OUTPUT": true, "TODO": true, "TOPIC": true, "SUB": true, "DRAFT": true}

var answerLabels = map[string]bool{"ANSWER": true, "FINAL ANSWER": true, "RESPONSE": true, "REPORT": true, "FINAL REPORT": true,
	"OUTPUT": true, "DRAFT": true}

var reactLabels = []string{"Thought:", "Action:", "Action Input:", "Observation:", "Tool call:", "Tool:", "Calling tool"}

// scaffoldLabel returns the length of a scaffold label at the start of
// line (up to and with its colon), and whether it is an answer's.
func scaffoldLabel(line []byte) (int, bool) {
	if len(line) == 0 || line[0] < 'A' || line[0] > 'Z' {
		return 0, false // every label starts with a capital
	}
	for _, l := range reactLabels {
		if len(line) >= len(l) && line[0] == l[0] && string(line[:len(l)]) == l {
			return len(l), false
		}
	}
	i, letters := 0, 0
	for i < len(line) && i < 60 {
		c := line[i]
		switch {
		case c >= 'A' && c <= 'Z':
			letters++
		case c == ' ' || c == '-' || c == '_' || c >= '0' && c <= '9':
		case c == '(':
			// "(6 total)": a parenthetical before the colon.
			j := bytes.IndexByte(line[i:min(len(line), i+30)], ')')
			if j < 0 {
				return 0, false
			}
			i += j
		case c == ':':
			if letters < 4 {
				return 0, false
			}
			label := bytes.TrimSpace(line[:i])
			if p := bytes.IndexByte(label, '('); p > 0 {
				label = bytes.TrimSpace(label[:p])
			}
			for _, w := range bytes.Fields(label) {
				if !scaffoldWords[string(bytes.TrimRight(w, "0123456789"))] && !walk.IsDigits(w) {
					return 0, false
				}
			}
			return i + 1, answerLabels[string(label)]
		default:
			return 0, false
		}
		i++
	}
	return 0, false
}

// captionLeads start a figure's or table's caption.
var captionLeads = []string{"Figure ", "Fig. ", "Table ", "Chart ", "Exhibit ", "Graph ", "图", "表", "圖", "Abbildung ", "Tabelle ",
	"Tabla ", "Tableau ", "Figura ", "Рисунок ", "Таблица ", "그림 ", "표 "}

// isCaption reports whether a one-line block is a caption: a lead, a
// number, then a colon, a full stop or a dash ("Figure 3: Growth",
// "表2：数据").
func isCaption(b []byte) bool {
	for len(b) > 0 && (b[0] == '*' || b[0] == '_' || b[0] == ' ') {
		b = b[1:]
	}
	if len(b) == 0 || !captionStart[b[0]] || len(b) > 300 || bytes.IndexByte(b, '\n') >= 0 {
		return false
	}
	for _, l := range captionLeads {
		if len(b) < len(l) || string(b[:len(l)]) != l {
			continue
		}
		rest := bytes.TrimLeft(b[len(l):], " ")
		k := 0
		for k < len(rest) && (isDigit(rest[k]) || rest[k] == '.' && k > 0) {
			k++
		}
		if k == 0 {
			return false
		}
		rest = bytes.TrimLeft(rest[k:], " *_")
		return len(rest) == 0 || rest[0] == ':' || rest[0] == '.' || rest[0] == '-' || bytes.HasPrefix(rest, []byte("：")) ||
			bytes.HasPrefix(rest, []byte("—")) || bytes.HasPrefix(rest, []byte("–"))
	}
	return false
}

// captionStart and diagramStart hold the first bytes of captionLeads and
// diagramLeads: every block is tested, and few start so.
var captionStart, diagramStart = firstBytes(captionLeads), firstBytes(diagramLeads)

func firstBytes(leads []string) (t [256]bool) {
	for _, l := range leads {
		t[l[0]] = true
	}
	return t
}

// diagramLeads start Mermaid markup; a paragraph that starts so is a
// diagram whose fence an export lost.
var diagramLeads = []string{"graph TD", "graph LR", "graph TB", "graph RL", "graph BT", "flowchart ", "sequenceDiagram", "classDiagram",
	"stateDiagram", "erDiagram", "gantt", "mindmap", "timeline", "journey", "quadrantChart", "xychart", "pie title", "gitGraph"}

// arrow is a diagram edge's arrow, as bytes: a conversion per block cost.
var arrow = []byte("-->")

// diagramLines reports whether most lines of b are diagram edges
// ("A --> B", "A ->> B: msg").
func diagramLines(b []byte) bool {
	lines, edges := 0, 0
	for len(b) > 0 {
		line := b[:walk.LineEnd(b)]
		if len(line) < len(b) {
			b = b[len(line)+1:]
		} else {
			b = nil
		}
		if len(bytes.TrimSpace(line)) == 0 {
			continue
		}
		lines++
		if bytes.Contains(line, []byte("-->")) || bytes.Contains(line, []byte("->>")) || bytes.Contains(line, []byte("==>")) || bytes.Contains(line, []byte("-.->")) {
			edges++
		}
	}
	return lines > 0 && 2*edges >= lines && edges > 0
}

// findScaffold marks the blocks that are not report prose (Scheme.Scaffold).
// It runs before the reference lists are built, which skip them.
func (w *walker) findScaffold() {
	doc := w.doc
	var out []Span
	// Lists led by a scaffold header ("RESEARCH TASKS (6 total):") are
	// scaffold; their lead-ins are found by span.
	var taskLeads map[int]bool
	for bi := range w.blocks {
		b := &w.blocks[bi]
		text := w.src[b.Span.Start:b.Span.End]
		first := text[:walk.LineEnd(text)]
		if b.Heading {
			continue
		}
		lead := 0
		for lead < len(first) && (first[lead] == '*' || first[lead] == '_' || first[lead] == ' ') {
			lead++
		}
		if n, answer := scaffoldLabel(first[lead:]); n > 0 {
			// (scaffoldLabel returns at the first byte that is not a
			// capital, a space, a digit or a parenthesis: cheap for prose.)
			if answer {
				out = append(out, Span{Start: b.Span.Start, End: b.Span.Start + lead + n})
			} else {
				out = append(out, b.Span)
				if bytes.HasSuffix(bytes.TrimSpace(text), []byte(":")) || bytes.IndexByte(text, '\n') < 0 {
					if taskLeads == nil {
						taskLeads = map[int]bool{}
					}
					taskLeads[b.Span.Start] = true
				}
			}
			continue
		}
		if !b.ListItem && !b.TableCell && isCaption(text) {
			out = append(out, b.Span)
			continue
		}
		if !b.Heading && !b.TableCell && (len(first) > 0 && diagramStart[first[0]] && hasAnyPrefix(first, diagramLeads) || bytes.Contains(first, arrow) && diagramLines(text)) {
			out = append(out, b.Span)
			continue
		}
		// An item that is only a link to a heading of the page: a table
		// of contents without a title.
		if b.ListItem && tocItem(text) {
			out = append(out, b.Span)
		}
	}
	for li, l := range doc.Lists {
		if l.LeadIn.End > l.LeadIn.Start && taskLeads[l.LeadIn.Start] {
			out = append(out, w.listSpan(li))
		}
	}
	w.sortSpans(out)
	// Merge: nested and adjacent spans become one.
	merged := out[:0]
	for _, s := range out {
		if n := len(merged); n > 0 && s.Start <= merged[n-1].End {
			merged[n-1].End = max(merged[n-1].End, s.End)
			continue
		}
		merged = append(merged, s)
	}
	doc.Scheme.Scaffold = merged
}

// listSpan returns the span of list li's items.
func (w *walker) listSpan(li int) Span {
	sp := Span{Start: -1, End: -1}
	for _, b := range w.blocks {
		if b.List != li {
			continue
		}
		if sp.Start < 0 || b.Span.Start < sp.Start {
			sp.Start = b.Span.Start
		}
		sp.End = max(sp.End, b.Span.End)
	}
	if sp.Start < 0 {
		return Span{}
	}
	return sp
}

// tocItem reports whether a list item's text is only a link to an anchor
// of the page ("[Background](#background)"), perhaps numbered.
func tocItem(text []byte) bool {
	t := text
	for len(t) > 0 && (isDigit(t[0]) || t[0] == '.' || t[0] == ' ' || t[0] == '\t') {
		t = t[1:]
	}
	if len(t) < 5 || t[0] != '[' {
		return false // most items: not a link first
	}
	t = bytes.TrimSpace(t)
	if t[len(t)-1] != ')' {
		return false
	}
	i := bytes.Index(t, []byte("](#"))
	return i > 0 && bytes.IndexByte(t[i+3:], ' ') < 0 && bytes.Count(t, []byte("](")) == 1
}

func hasAnyPrefix(b []byte, ps []string) bool {
	for _, p := range ps {
		if len(b) >= len(p) && string(b[:len(p)]) == p {
			return true
		}
	}
	return false
}

// findNoteCandidates adds, for every line of prose that starts "Sources:"
// and names something, a named citation at its label: a paragraph whose
// last line is such a note cites, even when the note only names its
// sources ("Sources: IEA; BloombergNEF"). Runs before inline.Scanner.CollectCitations.
func (w *walker) findNoteCandidates() {
	for bi := range w.blocks {
		b := &w.blocks[bi]
		if b.Heading || b.InRefs {
			continue
		}
		text := w.src[b.Span.Start:b.Span.End]
		// A note stands on a block's first line or its last: a block's
		// other lines are not read (every line of every block was a
		// sixtieth of a run).
		for off := 0; off < len(text); {
			le := walk.LineEnd(text[off:])
			if off > 0 && off+le < len(text) {
				if l := bytes.LastIndexByte(text[off:], '\n'); l > 0 {
					off += l + 1 // the last line next
					continue
				}
			}
			line := text[off : off+le]
			if n := noteLead(b, line); n > 0 {
				m := Span{Start: b.Span.Start + off, End: b.Span.Start + off + n}
				// The label itself: "Sources:" (with its emphasis).
				lab := bytes.TrimRight(bytes.Trim(bytes.TrimSpace(line[:n]), "*_( "), ":：- ")
				w.scan.Keep(&forms.Candidate{Ident: true, Citation: Citation{Kind: KindNamed, Scheme: SchemeNote, Span: m, Marker: m,
					Label: string(lab), Claim: -1, Ref: -1}})
			}
			off += len(line) + 1
		}
	}
}

// noteLead returns the length of the lead of a source note at the start of
// line, a line of block b, or 0. The note must name something; and in a
// list item, where a "来源：" or "Sources:" may be what the item is about
// ("来源：奶、蛋、鱼", the foods protein comes from), it must link or cite.
func noteLead(b *walk.Block, line []byte) int {
	n := forms.NoteLead(line)
	if n == 0 || len(bytes.TrimSpace(line[n:])) == 0 || b.ListItem && !mayCite(line[n:]) {
		return 0
	}
	return n
}

// mayCite reports whether text holds a link, a URL or a bracket marker.
func mayCite(text []byte) bool {
	return bytes.Contains(text, []byte("http")) || bytes.Contains(text, []byte("](")) || bytes.IndexByte(text, '[') >= 0 || bytes.Contains(text, []byte("【"))
}

// findNotes records what source notes cover (Scheme.Notes), as reports
// written by research agents place them:
//
//   - a paragraph "Sources: …" covers the paragraph or the list right
//     above it (nothing between but a paragraph break);
//   - a list whose first item is "Source: url" covers the paragraph that
//     leads into it;
//   - a paragraph whose last line is only "Sources:" covers itself when a
//     list follows it (the list names the sources);
//   - a list item whose last line is a note covers the whole list.
//
// It runs once the reference lists are known.
func (w *walker) findNotes() {
	var lists []Span // each list's span, made on first use
	listOf := func(li int) Span {
		if lists == nil {
			lists = make([]Span, len(w.doc.Lists))
			for _, b := range w.blocks {
				if b.List < 0 || b.List >= len(lists) {
					continue
				}
				l := &lists[b.List]
				if l.End == 0 || b.Span.Start < l.Start {
					l.Start = b.Span.Start
				}
				l.End = max(l.End, b.Span.End)
			}
		}
		if li < 0 || li >= len(lists) {
			return Span{}
		}
		return lists[li]
	}
	add := func(note, covers Span) {
		if covers.End > covers.Start {
			w.doc.Scheme.Notes = append(w.doc.Scheme.Notes, SourceNote{Span: note, Covers: covers})
		}
	}
	prev := -1 // the last prose block outside the lists
	for bi := range w.blocks {
		b := &w.blocks[bi]
		if b.InRefs || w.inSectionBody(b.Span.Start) {
			continue
		}
		if b.Heading {
			prev = -1
			continue
		}
		text := w.src[b.Span.Start:b.Span.End]
		first := text[:walk.LineEnd(text)]
		if n := noteLead(b, first); n > 0 && prev >= 0 {
			p := &w.blocks[prev]
			switch {
			case b.TableCell || p.TableCell || !onlySpaceBetween(w.src, p.Span.End, b.Span.Start):
			case p.Depth == b.Depth:
				add(b.Span, p.Span)
			case b.ListItem && !p.ListItem && b.List >= 0 && w.doc.Lists[b.List].LeadIn == p.Span:
				add(b.Span, p.Span) // "- Source: url" opening the list under the paragraph
			case !b.ListItem && p.ListItem && p.List >= 0:
				add(b.Span, listOf(p.List)) // a note under a list
			}
		}
		// The block's last line: a note that closes a list item covers
		// its list; a bare "Sources:" whose list follows covers the block.
		// The last line: a block of one line (most) is its own, found by
		// the vectorised forward search; LastIndexByte reads byte by byte.
		ls := 0
		if bytes.IndexByte(text, '\n') >= 0 {
			ls = bytes.LastIndexByte(bytes.TrimRight(text, "\n"), '\n') + 1
		}
		if ls > 0 || !b.ListItem {
			last := text[ls:]
			if n := forms.NoteLead(last); n > 0 {
				bare := len(bytes.TrimSpace(last[n:])) == 0
				switch {
				case bare && bi+1 < len(w.blocks) && w.blocks[bi+1].ListItem && onlySpaceBetween(w.src, b.Span.End, w.blocks[bi+1].Span.Start):
					if b.ListItem && b.List >= 0 {
						add(w.blocks[bi+1].Span, listOf(b.List)) // the list's last item ends "Sources:", its links follow
					} else {
						add(w.blocks[bi+1].Span, b.Span)
					}
				case !bare && b.ListItem && b.List >= 0 && ls > 0:
					add(Span{Start: b.Span.Start + ls, End: b.Span.End}, listOf(b.List))
				}
			}
		}
		prev = bi
	}
	// A list of sources titled by a line of its own ("Sources:" and
	// links) standing right under a paragraph or a list, mid-document,
	// gives their sources.
	for _, sec := range w.doc.Sections {
		h := w.src[sec.Heading.Start:sec.Heading.End]
		if len(h) == 0 || h[0] == '#' || forms.NoteLead(h) == 0 {
			continue
		}
		k := sort.Search(len(w.blocks), func(i int) bool { return w.blocks[i].Span.Start >= sec.Heading.Start }) - 1
		for k >= 0 && w.blocks[k].Span.End > sec.Heading.Start {
			k-- // the title's own block
		}
		if k < 0 || w.blocks[k].Heading || w.blocks[k].TableCell || !onlySpaceBetween(w.src, w.blocks[k].Span.End, sec.Heading.Start) {
			continue
		}
		if p := &w.blocks[k]; p.ListItem && p.List >= 0 {
			add(sec.Span, listOf(p.List))
		} else {
			add(sec.Span, p.Span)
		}
	}
}

// onlySpaceBetween reports whether src[a:b] is white space (a paragraph
// break), list markers or quote markers.
func onlySpaceBetween(src []byte, a, b int) bool {
	if a > b || b-a > 64 {
		return false
	}
	return len(bytes.Trim(src[a:b], " \t\r\n>-*+")) == 0
}

// NoteLead returns the length of a source note's lead at the start of line
// ("Sources:", "**Source:**", "来源："), or 0 (forms.NoteLead).
func NoteLead(line []byte) int { return forms.NoteLead(line) }

func isDigit(c byte) bool { return '0' <= c && c <= '9' }
