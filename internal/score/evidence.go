package score

import (
	"math"
	"sort"
	"strconv"
	"strings"

	"github.com/citelint/citelint/internal/score/tokenize"
)

// Doc is one cited source offered to a judge model: its title (may be
// empty) and its text.
type Doc struct {
	Title, Text string
}

// SelectOptions bound what SelectEvidence returns.
type SelectOptions struct {
	// Budget is the evidence size in tokens (about four bytes each);
	// <= 0 means DefaultEvidenceTokens.
	Budget int
	// ChunkTokens splits the evidence into chunks of at most this many
	// tokens, each judged on its own (MiniCheck's chunking of long
	// documents: the claim is supported if any chunk supports it);
	// <= 0 keeps one chunk.
	ChunkTokens int
	// Language is the stemming language, as Options.Language.
	Language string
}

// DefaultEvidenceTokens is the evidence budget per claim, chosen by
// measurement on WiCE dev (TestEvidenceRecallWiCE): the share of supported
// claims whose full gold evidence is sent is 0.878 at 512 tokens, 0.974 at
// 1,024, 0.983 at 2,048 and 0.991 at 4,096. 1,024 holds nearly all of it
// at an eighth of a small model's 8k context, and keeps local models fast.
const DefaultEvidenceTokens = 1024

// EstimateTokens approximates how many model tokens text takes: about four
// bytes per token for English BPE vocabularies. Budgets are approximate
// by design; no tokenizer of the judge's model is available here.
func EstimateTokens(text string) int { return (len(text) + 3) / 4 }

// maxEvidenceSourceBytes bounds the text of one source that selection
// reads, so a 50 MB page costs linear time once and no more.
const maxEvidenceSourceBytes = 4 << 20

// unit is one sentence of one source and its retrieval score.
type unit struct {
	doc, idx int
	text     string
	score    float64
}

// SelectEvidence returns the passages of docs most relevant to claim for a
// judge model: sentences ranked by how many of the claim's distinctive
// words (weighted by inverse sentence frequency across all the sources)
// they hold, each taken with its neighbours for context, until the budget
// is spent; then put back in document order under each source's title,
// with "…" where text was left out. Lexical retrieval only picks what the
// model reads: the model, not the overlap, decides support.
func SelectEvidence(claim string, docs []Doc, opt SelectOptions) []string {
	budget := opt.Budget
	if budget <= 0 {
		budget = DefaultEvidenceTokens
	}
	lang := opt.Language
	claimToks := map[string]bool{}
	for _, t := range tokenize.TokensLang(claim, lang) {
		claimToks[t] = true
	}
	var units []unit
	df := map[string]int{}
	var sentToks [][]string
	var toks []tokenize.Token
	for d, doc := range docs {
		text := doc.Text
		if len(text) > maxEvidenceSourceBytes {
			text = text[:maxEvidenceSourceBytes]
		}
		for i, sp := range splitSentences(text) {
			s := text[sp.start:sp.end]
			var hit []string
			seen := map[string]bool{} // small: claim tokens only
			toks = tokenize.Append(toks[:0], s, lang)
			for _, t := range toks {
				if claimToks[t.Text] && !seen[t.Text] {
					seen[t.Text] = true
					hit = append(hit, t.Text)
					df[t.Text]++
				}
			}
			units = append(units, unit{doc: d, idx: i, text: s})
			sentToks = append(sentToks, hit)
		}
	}
	n := float64(len(units))
	for i := range units {
		for _, t := range sentToks[i] {
			units[i].score += math.Log(1 + n/float64(df[t]))
		}
	}
	chosen := pickWindows(units, budget)
	return renderChunks(units, chosen, docs, opt.ChunkTokens)
}

// pickWindows ranks sentences by their own score plus half their
// neighbours' (a window that talks about the claim beats a lone match)
// and takes each with one neighbour either side while the budget lasts.
func pickWindows(units []unit, budget int) []bool {
	sameDoc := func(i, j int) bool { return j >= 0 && j < len(units) && units[i].doc == units[j].doc }
	rank := make([]float64, len(units))
	order := make([]int, 0, len(units))
	for i := range units {
		rank[i] = units[i].score
		for _, j := range []int{i - 1, i + 1} {
			if sameDoc(i, j) {
				rank[i] += units[j].score / 2
			}
		}
		if units[i].score > 0 {
			order = append(order, i)
		}
	}
	sort.SliceStable(order, func(a, b int) bool { return rank[order[a]] > rank[order[b]] })
	chosen := make([]bool, len(units))
	left := budget
	take := func(i int) bool {
		if chosen[i] {
			return true
		}
		c := EstimateTokens(units[i].text) + 1
		if c > left {
			return false
		}
		chosen[i], left = true, left-c
		return true
	}
	for _, i := range order {
		if left <= 0 {
			break
		}
		if !take(i) {
			continue
		}
		for _, j := range []int{i - 1, i + 1} {
			if sameDoc(i, j) {
				take(j)
			}
		}
	}
	if len(order) == 0 {
		// Nothing shares a word with the claim (a paraphrase, another
		// script): the sources' beginnings, rather than nothing.
		for i := range units {
			if !take(i) {
				break
			}
		}
	}
	return chosen
}

// renderChunks writes the chosen sentences in document order, one line per
// run of consecutive sentences, each source under its title, split into
// chunks of at most chunkTokens (0: one chunk).
func renderChunks(units []unit, chosen []bool, docs []Doc, chunkTokens int) []string {
	var chunks []string
	var b strings.Builder
	curDoc, prev := -1, -1
	flush := func() {
		if b.Len() > 0 {
			chunks = append(chunks, b.String()+"\n")
			b.Reset()
		}
		curDoc, prev = -1, -1
	}
	for i, u := range units {
		if !chosen[i] {
			continue
		}
		add := joint(docs, u, curDoc, prev, b.Len() > 0) + u.text
		if chunkTokens > 0 && b.Len() > 0 && (b.Len()+len(add)+3)/4 > chunkTokens {
			flush()
			add = joint(docs, u, curDoc, prev, false) + u.text
		}
		b.WriteString(add)
		curDoc, prev = u.doc, u.idx
	}
	flush()
	return chunks
}

// joint is what goes before sentence u: its source's header when the
// source changes, a space after the sentence before it, "…" over a gap.
func joint(docs []Doc, u unit, curDoc, prev int, started bool) string {
	switch {
	case u.doc != curDoc:
		s := header(docs, u.doc)
		if started {
			s = "\n" + s
		}
		if u.idx > 0 {
			s += "…\n"
		}
		return s
	case u.idx == prev+1:
		return " "
	}
	return "\n…\n"
}

// header names source d for the model: its title, or its number among
// several untitled sources.
func header(docs []Doc, d int) string {
	t := strings.Join(strings.Fields(docs[d].Title), " ")
	switch {
	case t != "":
		return "Source: " + t + "\n"
	case len(docs) > 1:
		return "Source " + strconv.Itoa(d+1) + ":\n"
	}
	return ""
}
