package mcpserver

import "github.com/citelint/citelint/internal/format"

// The tools' inputs and outputs. The output schemas the SDK derives from
// these types are what clients validate structured content against. The
// issues and summary are `citelint run --format json`'s own types
// (format.JSONIssue, format.JSONSummary, whose jsonschema tags describe
// them here), filled by its own functions, so the two cannot drift.

// CheckInput is check_citations' input.
type CheckInput struct {
	Text                 string            `json:"text" jsonschema:"the whole Markdown document, as it would be saved"`
	Path                 string            `json:"path,omitempty" jsonschema:"where the document lives or will be saved, relative to the working directory of the server (for example reports/q3.md). It names the document in issues, picks the Markdown dialect by extension, applies the config's per-path exclusions and severities, and anchors relative links and front-matter bibliographies. Default: document.md"`
	Sources              map[string]string `json:"sources,omitempty" jsonschema:"the texts the document cites, keyed by the id it cites them by (a RAG key such as [doc1] or [id:abc], or a numeric label): with them citation keys resolve, and the claim-support rules (low-overlap, number-mismatch) score each cited sentence against its source"`
	SourcesDir           string            `json:"sources_dir,omitempty" jsonschema:"a source store inside the project instead of (or besides) inline sources: a .json or .jsonl file, or a folder with one file per source, relative to the working directory of the server"`
	Enable               []string          `json:"enable,omitempty" jsonschema:"rules to turn on besides the config's, for example [\"uncited-claim\", \"low-overlap\", \"number-mismatch\"] for an LLM-written report checked against its sources. Network rules (dead-doi, dead-arxiv, dead-link, reference-mismatch, retracted-source) make the call go online, as citelint run --enable would, within the consent the server was started with (private hosts and keys only as its command line allows)"`
	JudgeWithClientModel bool              `json:"judge_with_client_model,omitempty" jsonschema:"ask your host's model (MCP sampling) whether each cited sentence's sources support it, where the lexical score cannot settle it (the config's judge.mode and evidence budget; at most 50 questions per call): no judge server or key needed. Needs sources and a client that supports sampling; without sampling the lexical verdict stands and judge.available is false"`
	IssuesFrom           int               `json:"issues_from,omitempty" jsonschema:"list issues in the text result from this one (0-based), for hosts that show only the text, which is cut at about 4 KB: the text says where the next page starts. The structured content always has them all"`
	RuleSet              string            `json:"rule_set,omitempty" jsonschema:"the starting rule set, overriding the config's rules.default: standard, reports (standard plus uncited-claim), all or none"`
}

// CheckOutput is check_citations' structured result.
type CheckOutput struct {
	Issues   []format.JSONIssue `json:"issues" jsonschema:"what citelint run --format json reports for the document, in document order"`
	Summary  format.JSONSummary `json:"summary"`
	Coverage float64            `json:"coverage" jsonschema:"the share of claim sentences that cite a source: summary.support.coverage when a claim-support rule ran (headings not counted), else summary.cited_claims / summary.claims; 0 without claims"`
	Grounded *float64           `json:"grounded,omitempty" jsonschema:"the share of scored cited sentences their sources support; present when a claim-support rule scored at least one sentence"`
	Errors   int                `json:"errors" jsonschema:"issues of severity error, suppressed ones aside"`
	Warnings int                `json:"warnings" jsonschema:"issues of severity warning, suppressed ones aside"`
	Notes    int                `json:"notes" jsonschema:"issues of severity note, suppressed ones aside"`
	Judge    *JudgeOutput       `json:"judge,omitempty" jsonschema:"what the host's model was asked, when judge_with_client_model was set"`
	NotRun   []string           `json:"network_rules_not_run" jsonschema:"network rules the config enables (dead-doi, dead-link, ...) that this server did not run (it has no network pass): their findings come from citelint run, not from here"`
}

// FixInput is fix_citations' input: check_citations' without the rule
// choice's effect on what is fixed being any different.
type FixInput = CheckInput

// FixOutput is fix_citations' structured result.
type FixOutput struct {
	Text    string             `json:"text" jsonschema:"the document with every safe fix applied (unchanged when there was none)"`
	Fixed   int                `json:"fixed" jsonschema:"how many fixes were applied"`
	Changed bool               `json:"changed" jsonschema:"whether text differs from the input"`
	Issues  []format.JSONIssue `json:"issues" jsonschema:"the issues left in the fixed text, as check_citations would report them"`
	Summary format.JSONSummary `json:"summary"`
}

// ExplainInput is explain_rule's input.
type ExplainInput struct {
	Rule string `json:"rule" jsonschema:"a rule name as issues carry it, for example unresolvable-label"`
}

// ExplainOutput is explain_rule's structured result.
type ExplainOutput struct {
	Name     string   `json:"name"`
	Summary  string   `json:"summary"`
	Severity string   `json:"severity" jsonschema:"the default severity"`
	Enabled  bool     `json:"enabled_by_default"`
	Tags     []string `json:"tags"`
	Fixable  bool     `json:"fixable"`
	Doc      string   `json:"doc" jsonschema:"the full documentation, as citelint rule NAME prints it: what it checks, why, a bad and a good example, its settings"`
}

// JudgeOutput says what the host's model judged (judge_with_client_model).
type JudgeOutput struct {
	Available  bool `json:"available" jsonschema:"whether the client supports sampling; false: nothing was asked and the lexical verdict stands"`
	Asked      int  `json:"asked" jsonschema:"questions sent to the host's model"`
	Judged     int  `json:"judged" jsonschema:"answered in the format asked"`
	Failed     int  `json:"failed" jsonschema:"refused, failed or unreadable answers: those sentences keep the lexical verdict"`
	SkippedCap int  `json:"skipped_cap" jsonschema:"not asked (over the per-call cap, or after three failures in a row): lexical verdict kept"`
}
