// Package score measures how well a source text supports a claim, without a
// model: deterministic, fast, and explainable. The claim's content words
// (package tokenize: stemmed, stop words out, accents folded, CJK as
// character bigrams, numbers normalised) are weighted by how informative
// they are in the source; the score blends how much of the claim the best
// passage (a window of up to four sentences) covers with how much the whole
// source covers, with a bonus for exact quotes. Result.Best is the passage
// to show a reviewer, Result.Missing the claim words the passage lacks.
//
// Calibrate, AUROC and BestThreshold let users measure the scorer on their
// own labelled pairs (`citelint calibrate`). The defaults were tuned on half
// of the WiCE dev set and checked on the other half (TestWiCE), against
// re-implementations of two published heuristics (baselines_test.go): the
// dev set's figures are in-sample. Held-out figures (WiCE test,
// AttributionBench, Citation-Integrity) are in the README; any change to
// the scoring must be tuned on dev or training splits only and must not
// lower them.
//
// SourceCache holds prepared sources by text, so that a run prepares each
// cited source once however many files cite it.
package score
