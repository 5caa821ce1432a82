package mcpserver

// The tools' inputs and outputs. The output schemas the SDK derives from
// these types are what clients validate structured content against; the
// issue and summary fields are those of `citelint run --format json`
// (output/json.go), filled from its bytes so the two cannot drift.

// CheckInput is check_citations' input.
type CheckInput struct {
	Text       string            `json:"text" jsonschema:"the whole Markdown document, as it would be saved"`
	Path       string            `json:"path,omitempty" jsonschema:"where the document lives or will be saved, relative to the working directory of the server (for example reports/q3.md). It names the document in issues, picks the Markdown dialect by extension, applies the config's per-path exclusions and severities, and anchors relative links and front-matter bibliographies. Default: document.md"`
	Sources    map[string]string `json:"sources,omitempty" jsonschema:"the texts the document cites, keyed by the id it cites them by (a RAG key such as [doc1] or [id:abc], or a numeric label): with them citation keys resolve, and the claim-support rules (low-overlap, number-mismatch) score each cited sentence against its source"`
	SourcesDir string            `json:"sources_dir,omitempty" jsonschema:"a source store inside the project instead of (or besides) inline sources: a .json or .jsonl file, or a folder with one file per source, relative to the working directory of the server"`
	Enable     []string          `json:"enable,omitempty" jsonschema:"rules to turn on besides the config's, for example [\"uncited-claim\", \"low-overlap\", \"number-mismatch\"] for an LLM-written report checked against its sources"`
	RuleSet    string            `json:"rule_set,omitempty" jsonschema:"the starting rule set, overriding the config's rules.default: standard, reports (standard plus uncited-claim), all or none"`
}

// Edit replaces the bytes [start, end) of the document with new.
type Edit struct {
	Start int    `json:"start" jsonschema:"byte offset where the edit starts"`
	End   int    `json:"end" jsonschema:"byte offset where the edit ends (exclusive)"`
	New   string `json:"new" jsonschema:"the replacement text"`
}

// Fix is an issue's suggested fix.
type Fix struct {
	Description string `json:"description"`
	Unsafe      bool   `json:"unsafe" jsonschema:"true when the fix may change what the text says: fix_citations does not apply it; apply it yourself only if it is right"`
	Edits       []Edit `json:"edits"`
}

// Issue is one finding, as `citelint run --format json` reports it.
type Issue struct {
	Rule          string `json:"rule" jsonschema:"the rule's name: explain_rule documents it"`
	Severity      string `json:"severity" jsonschema:"error, warning or note"`
	Message       string `json:"message"`
	Path          string `json:"path"`
	Line          int    `json:"line" jsonschema:"1-based line"`
	Column        int    `json:"column" jsonschema:"1-based column in UTF-16 code units"`
	EndLine       int    `json:"end_line"`
	EndColumn     int    `json:"end_column"`
	Fix           *Fix   `json:"fix,omitempty"`
	Suppressed    bool   `json:"suppressed,omitempty" jsonschema:"silenced by a citelint-disable comment; not counted as a problem"`
	Justification string `json:"justification,omitempty"`
}

// FileError is a document that could not be linted.
type FileError struct {
	Path    string `json:"path"`
	Line    int    `json:"line,omitempty"`
	Message string `json:"message"`
}

// Support is the claim-support figures of the document.
type Support struct {
	Claims      int     `json:"claims"`
	CitedClaims int     `json:"cited_claims"`
	Coverage    float64 `json:"coverage"`
	Scored      int     `json:"scored"`
	Supported   int     `json:"supported"`
	Grounded    float64 `json:"grounded"`
	Unverified  int     `json:"unverified"`
}

// FileSupport is one file's Support.
type FileSupport struct {
	Path string `json:"path"`
	Support
}

// Summary is run's JSON summary.
type Summary struct {
	Files       int            `json:"files"`
	Claims      int            `json:"claims"`
	CitedClaims int            `json:"cited_claims"`
	Citations   int            `json:"citations"`
	References  int            `json:"references"`
	Unverified  int            `json:"unverified"`
	Errors      []FileError    `json:"errors"`
	Extra       map[string]int `json:"extra,omitempty"`
	Support     *Support       `json:"support,omitempty" jsonschema:"present when a claim-support rule ran"`
	PerFile     []FileSupport  `json:"per_file,omitempty"`
}

// CheckOutput is check_citations' structured result.
type CheckOutput struct {
	Issues   []Issue  `json:"issues" jsonschema:"what citelint run --format json reports for the document, in document order"`
	Summary  Summary  `json:"summary"`
	Coverage float64  `json:"coverage" jsonschema:"the share of claim sentences that cite a source: summary.support.coverage when a claim-support rule ran (headings not counted), else summary.cited_claims / summary.claims; 0 without claims"`
	Grounded *float64 `json:"grounded,omitempty" jsonschema:"the share of scored cited sentences their sources support; present when a claim-support rule scored at least one sentence"`
	Errors   int      `json:"errors" jsonschema:"issues of severity error, suppressed ones aside"`
	Warnings int      `json:"warnings" jsonschema:"issues of severity warning, suppressed ones aside"`
	Notes    int      `json:"notes" jsonschema:"issues of severity note, suppressed ones aside"`
	NotRun   []string `json:"network_rules_not_run" jsonschema:"network rules the config enables (dead-doi, dead-link, ...) that this server did not run (it has no network pass): their findings come from citelint run, not from here"`
}

// FixInput is fix_citations' input: check_citations' without the rule
// choice's effect on what is fixed being any different.
type FixInput = CheckInput

// FixOutput is fix_citations' structured result.
type FixOutput struct {
	Text    string  `json:"text" jsonschema:"the document with every safe fix applied (unchanged when there was none)"`
	Fixed   int     `json:"fixed" jsonschema:"how many fixes were applied"`
	Changed bool    `json:"changed" jsonschema:"whether text differs from the input"`
	Issues  []Issue `json:"issues" jsonschema:"the issues left in the fixed text, as check_citations would report them"`
	Summary Summary `json:"summary"`
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
