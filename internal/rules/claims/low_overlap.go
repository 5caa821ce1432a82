package claims

import (
	"fmt"
	"math"
	"strings"
	"sync"

	"github.com/citelint/citelint/internal/markdown"
	"github.com/citelint/citelint/internal/rules"
	"github.com/citelint/citelint/internal/score"
	"github.com/citelint/citelint/result"
)

// LowOverlap reports sentences whose cited source does not appear to say
// what they claim.
var LowOverlap = &rules.Rule{
	Name:     "low-overlap",
	Summary:  "The cited source does not appear to support the sentence",
	Severity: result.SeverityWarning,
	Marks:    rules.MarkWeak,
	Tags:     []string{rules.TagSources},
	Needs:    rules.NeedSourceText | rules.NeedClaims,
	Default:  false,
	Fixable:  true,
	NewSettings: func() any {
		return &lowOverlapSettings{Threshold: score.DefaultThreshold, JudgeBand: 0.15, CoveredSentences: true}
	},
	Doc: `A sentence whose cited source text shares too little with it: a real reference
that does not say what the sentence claims. This is what a link checker
cannot see and what LLM-written reports get wrong most.

The source text comes from the source store (` + "`--sources`" + `), a bibliography
entry's abstract, a local file the reference links to, or, with network
lookups on, the registry abstract of its DOI or arXiv id or the text of its
web page. A sentence whose sources have no obtainable text is counted as
unverified, never reported.

The score (0 to 1, package score) weighs the sentence's distinctive words,
names and numbers by how specific they are in the source, and blends how
much of the sentence the best passage (up to four consecutive sentences)
covers with how much the whole source covers; exact quotes earn a bonus.
Words are stemmed and accents folded; Chinese, Japanese and Korean text is
compared by character bigrams. The defaults were tuned on the WiCE dev
split (Wikipedia claims with the pages they cite). On data they were not
tuned on, the default threshold of 0.5 separates supported from
unsupported claims with AUROC 0.886 and balanced accuracy 0.807 on WiCE
test (0.726 and 0.643 when partial support counts as unsupported), 0.887
and 0.810 on AttributionBench out of distribution (0.752 and 0.666 in
distribution) and 0.634 and 0.544 on biomedical Citation-Integrity: a
little above plain word overlap (AUROC 0.884, 0.690, 0.872, 0.729,
0.626). The 0.944 and 0.897 it reaches on WiCE dev are in-sample. It
finds sources that do not mention what a sentence claims, not
paraphrase or partial support. Measure it on your own data with
` + "`citelint calibrate`" + ` and set ` + "`threshold`" + `.

The message gives the score, quotes the best passage and lists the
sentence's words the passage lacks, so a reviewer sees the evidence at a
glance. Negation words carry no weight in the score, so "did not cause"
matches "caused"; when the sentence and the passage's sentence closest to
it differ in negation (not, no, never, without, n't, fails to ...), the
message says so. (Lowering the score for it cost accuracy on WiCE dev:
most such differences there are a negation elsewhere in the sentence.) An unsafe fix (` + "`--fix --unsafe-fixes`" + `) removes the citation when it is
the sentence's only one: the sentence then stands uncited, for a person to
source again.

With ` + "`judge:`" + ` configured (any OpenAI-compatible chat-completions endpoint:
llama.cpp, vLLM, Ollama or a hosted API), scores within ` + "`judge-band`" + ` (default
0.15) of the threshold, or every sentence with ` + "`judge.mode: all`" + `, are decided
by the model (a grounding model such as Bespoke-MiniCheck with
` + "`judge.format: minicheck`" + `, or an instruction model), which reads the best
passages of all the cited sources; its answers are cached, and if it fails
the lexical verdict stands, counted and said. It is never required; see
docs/judge.md and ` + "`citelint calibrate --judge`" + `.

A citation closing a paragraph also covers the paragraph's sentences before
it that cite nothing themselves: those that state a checkable fact (as
uncited-claim judges it) are scored against its sources too
(` + "`covered-sentences: false`" + ` turns this off).

Settings: ` + "`threshold`" + ` (default 0.5); ` + "`min-coverage`" + ` and ` + "`min-grounded`" + `
(default 0, off) turn the report-level metrics into a file-level issue:
coverage is the share of sentences that cite a source, grounded the share
of scored cited sentences at or above the threshold.

Bad:

    Sea levels rose 2 m in the 20th century [1].

    [1]: sources/ipcc.md   (which says about 0.2 m)

Good:

    Sea levels rose about 0.2 m in the 20th century [1].
`,
	Check: checkLowOverlap,
}

type lowOverlapSettings struct {
	Threshold float64 `yaml:"threshold"`
	// JudgeBand: scores within this distance of the threshold go to the
	// judge, when one is configured.
	JudgeBand float64 `yaml:"judge-band"`
	// CoveredSentences also checks the factual sentences a citation
	// closing a paragraph covers.
	CoveredSentences bool    `yaml:"covered-sentences"`
	MinCoverage      float64 `yaml:"min-coverage"`
	MinGrounded      float64 `yaml:"min-grounded"`
}

// Validate keeps every ratio within 0..1: scores and coverages are
// fractions, so 50 (meant as a percentage) would fail every sentence.
func (s *lowOverlapSettings) Validate() error {
	for _, f := range []struct {
		name string
		v    float64
	}{{"threshold", s.Threshold}, {"judge-band", s.JudgeBand}, {"min-coverage", s.MinCoverage}, {"min-grounded", s.MinGrounded}} {
		if f.v < 0 || f.v > 1 || math.IsNaN(f.v) {
			return fmt.Errorf("%s must be between 0 and 1, got %v", f.name, f.v)
		}
	}
	return nil
}

func newLowOverlapSettings() any {
	return &lowOverlapSettings{Threshold: score.DefaultThreshold, JudgeBand: 0.15, CoveredSentences: true}
}

func checkLowOverlap(p *rules.Pass) {
	if p.Env == nil || p.Env.Evidence == nil {
		return
	}
	s, _ := p.Settings.(*lowOverlapSettings)
	if s == nil {
		s = newLowOverlapSettings().(*lowOverlapSettings)
	}
	doc := p.Doc
	prepared := docSources{}
	var counts rules.SupportCounts
	var jobs []supportJob
	claims, cited := 0, 0
	for ci := range doc.Claims {
		if p.Ctx.Err() != nil {
			return // the run is over: its driver reports the file not checked
		}
		if doc.Claims[ci].Heading {
			continue
		}
		claims++
		srcs, n, at := claimSources(p, ci)
		if n == 0 {
			continue
		}
		cited++
		if len(srcs) == 0 {
			counts.Unverified++
			keepScore(p, &counts, rules.SentenceScore{Claim: ci, Unverified: true})
			continue
		}
		ps := make([]*score.Prepared, len(srcs))
		for i, src := range srcs {
			ps[i] = prepared.prepared(src)
		}
		jobs = scoreSupport(p, s, jobs, ci, at, srcs, ps, "")
		if s.CoveredSentences {
			for _, j := range coveredClaims(doc, ci) {
				cl := doc.Claims[j]
				cited++
				jobs = scoreSupport(p, s, jobs, j, markdown.Span{Start: cl.Start, End: cl.End}, srcs, ps, " (cited by the citation closing the paragraph)")
			}
		}
	}
	// The judge's questions go out at once, as many in flight as its
	// session allows: a report is one file, and asking one sentence after
	// another made its judging as slow as the sum of the answers.
	askAll(p, jobs)
	for i := range jobs {
		finishSupport(p, s, &jobs[i], &counts, prepared)
	}
	counts.Claims, counts.Cited = claims, cited
	p.Env.Support.Set(p.Path, counts)
	if s.MinCoverage > 0 && claims > 0 {
		if cov := float64(cited) / float64(claims); cov < s.MinCoverage {
			p.Reportf(0, 0, "coverage %.0f%%: %d of %d sentences cite a source (min-coverage %.0f%%)", 100*cov, cited, claims, 100*s.MinCoverage)
		}
	}
	if s.MinGrounded > 0 && counts.Scored > 0 {
		if g := float64(counts.Supported) / float64(counts.Scored); g < s.MinGrounded {
			p.Reportf(0, 0, "grounded %.0f%%: %d of %d scored cited sentences are supported by their sources (min-grounded %.0f%%)", 100*g, counts.Supported, counts.Scored, 100*s.MinGrounded)
		}
	}
}

// verbS and verbES return the verb ending for one subject ("supports",
// "does") or several.
func verbS(n int) string {
	if n == 1 {
		return "s"
	}
	return ""
}

func verbES(n int) string {
	if n == 1 {
		return "es"
	}
	return ""
}

// onlyMarker reports whether m is the only citation marker of claim ci:
// removing it then removes the sentence's whole claim to a source.
func onlyMarker(doc *markdown.Document, ci int, m markdown.Span) bool {
	for _, k := range doc.Claims[ci].Citations {
		if doc.Citations[k].Marker != m && !doc.Citations[k].InReferences {
			return false
		}
	}
	return true
}

// supportJob is one cited sentence's support check: its lexical score,
// and the judge's answer when it goes to the judge.
type supportJob struct {
	ci     int
	at     markdown.Span
	srcs   []citedSource
	res    score.Result
	suffix string
	judge  bool // asked (or to ask) the judge
	v      rules.JudgeVerdict
	err    error
}

// scoreSupport scores claim ci against srcs and appends its check to
// jobs (a sentence with nothing to score is left out).
func scoreSupport(p *rules.Pass, s *lowOverlapSettings, jobs []supportJob, ci int, at markdown.Span, srcs []citedSource, ps []*score.Prepared, suffix string) []supportJob {
	text := p.Doc.ClaimText(ci)
	res := defaultScorer.ScorePrepared(text, ps...)
	if !res.Scorable {
		return jobs
	}
	return append(jobs, supportJob{ci: ci, at: at, srcs: srcs, res: res, suffix: suffix, judge: wantsJudge(p, res.Score, s.Threshold, s.JudgeBand)})
}

// askAll asks the judge the jobs that go to it, concurrently: the
// judge's session bounds how many are in flight and how many in all.
func askAll(p *rules.Pass, jobs []supportJob) {
	var wg sync.WaitGroup
	work := make(chan int)
	for range min(judgeWorkers, len(jobs)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range work {
				j := &jobs[i]
				j.v, j.err = askJudge(p, p.Doc.ClaimText(j.ci), j.srcs)
			}
		}()
	}
	for i := range jobs {
		if jobs[i].judge {
			work <- i
		}
	}
	close(work)
	wg.Wait()
}

// judgeWorkers bounds the goroutines asking a document's questions; the
// judge's session bounds the requests in flight (judge.concurrency).
const judgeWorkers = 32

// countSupported counts j's sentence as supported, unless number-mismatch
// runs and the sentence states a number none of its sources does: that
// sentence is partly unsupported, and is counted so (its finding is
// number-mismatch's, not low-overlap's).
func countSupported(p *rules.Pass, counts *rules.SupportCounts, j *supportJob, threshold float64, prepared docSources) {
	if p.Env.NumbersDecide {
		idx := make([]*score.NumberIndex, len(j.srcs))
		for i, src := range j.srcs {
			idx[i] = prepared.numbers(src)
		}
		if len(score.MissingNumbersIn(p.Doc.ClaimText(j.ci), idx...)) > 0 {
			keepScore(p, counts, sentenceScore(j.ci, j.res, j.srcs, threshold, false))
			return
		}
	}
	counts.Supported++
	keepScore(p, counts, sentenceScore(j.ci, j.res, j.srcs, threshold, true))
}

// finishSupport counts a scored sentence and reports it when its sources
// do not support it, by the judge's answer when it gave one.
func finishSupport(p *rules.Pass, s *lowOverlapSettings, j *supportJob, counts *rules.SupportCounts, prepared docSources) {
	doc := p.Doc
	ci, at, srcs, res, suffix := j.ci, j.at, j.srcs, j.res, j.suffix
	counts.Scored++
	judged := ""
	failed := ""
	if j.judge {
		if v, err := j.v, j.err; err != nil {
			failed = "; the judge gave no answer (counted in its summary), so the lexical verdict stands"
		} else {
			if v.Supported {
				countSupported(p, counts, j, s.Threshold, prepared)
				return
			}
			judged = "; the judge found no support"
			if v.Quote != "" {
				judged += fmt.Sprintf(", citing %q", rules.Quote(v.Quote, 120))
			}
		}
	}
	if judged == "" && res.Score >= s.Threshold {
		// With no judge, or when the judge failed: the lexical verdict.
		countSupported(p, counts, j, s.Threshold, prepared)
		return
	}
	keepScore(p, counts, sentenceScore(ci, res, srcs, s.Threshold, false))
	msg := fmt.Sprintf("%s barely support%s this sentence%s (score %.2f < %.2f)", sourceNames(srcs), verbS(len(srcs)), suffix, res.Score, s.Threshold)
	if judged != "" {
		msg = fmt.Sprintf("%s do%s not support this sentence%s, says the judge model (lexical score %.2f, threshold %.2f)",
			sourceNames(srcs), verbES(len(srcs)), suffix, res.Score, s.Threshold)
	}
	if t := strings.TrimSpace(res.Best.Text); t != "" {
		msg += fmt.Sprintf("; closest passage (%s): %q", srcs[max(res.Source, 0)].from, quoteHead(t, 160))
	}
	if len(res.Missing) > 0 {
		msg += "; not found: " + strings.Join(res.Missing[:min(len(res.Missing), 6)], ", ")
	}
	if res.Negation != "" {
		msg += "; negation differs: " + res.Negation
	}
	iss := p.Report(at.Start, at.End, msg+judged+failed)
	if suffix == "" && onlyMarker(doc, ci, at) {
		if start, end, ok := rules.MarkerRemoval(doc.Src, at); ok {
			iss.Fix = &result.Fix{Description: "remove the citation its source does not support", Unsafe: true,
				Edits: []result.Edit{{Start: start, End: end}}}
		}
	}
}
