package format

import (
	"io"
	"net/url"
	"regexp"
	"strings"
	"sync"

	"github.com/citelint/citelint/output"
	"github.com/citelint/citelint/result"
)

// sarifPrinter writes SARIF 2.1.0 shaped for GitHub code scanning (see
// ../shared/notes/sarif-and-ci.md): every rule with descriptions and help,
// results with UTF-16 regions relative to %SRCROOT%, fingerprints that do
// not depend on line numbers, fixes, and in-source suppressions.
type sarifPrinter struct{}

const (
	sarifSchema  = "https://json.schemastore.org/sarif-2.1.0.json"
	rulesDocBase = "https://github.com/citelint/citelint/blob/main/docs/rules.md#"
)

// RuleDocURL is the address of a rule's documentation (its section of
// docs/rules.md on the project's repository): SARIF's helpUri, the
// job summary's links and the editor's codeDescription all use it.
func RuleDocURL(rule string) string { return rulesDocBase + rule }

type sarifLog struct {
	Schema  string     `json:"$schema"`
	Version string     `json:"version"`
	Runs    []sarifRun `json:"runs"`
}

type sarifRun struct {
	Tool        sarifTool     `json:"tool"`
	ColumnKind  string        `json:"columnKind"`
	Results     []sarifResult `json:"results"`
	Invocations []sarifInvoc  `json:"invocations"`
}

type sarifInvoc struct {
	ExecutionSuccessful bool                `json:"executionSuccessful"`
	Notifications       []sarifNotification `json:"toolExecutionNotifications,omitempty"`
}

type sarifNotification struct {
	Level     string          `json:"level"`
	Message   sarifText       `json:"message"`
	Locations []sarifLocation `json:"locations,omitempty"`
}

type sarifTool struct {
	Driver sarifDriver `json:"driver"`
}

type sarifDriver struct {
	Name            string      `json:"name"`
	InformationURI  string      `json:"informationUri"`
	Version         string      `json:"version,omitempty"`
	SemanticVersion string      `json:"semanticVersion,omitempty"`
	Rules           []sarifRule `json:"rules"`
}

type sarifText struct {
	Text string `json:"text"`
}

type sarifHelp struct {
	Text     string `json:"text"`
	Markdown string `json:"markdown,omitempty"`
}

type sarifRule struct {
	ID                   string         `json:"id"`
	Name                 string         `json:"name,omitempty"`
	ShortDescription     sarifText      `json:"shortDescription"`
	FullDescription      sarifText      `json:"fullDescription"`
	Help                 sarifHelp      `json:"help"`
	HelpURI              string         `json:"helpUri"`
	DefaultConfiguration sarifConfig    `json:"defaultConfiguration"`
	Properties           map[string]any `json:"properties,omitempty"`
}

type sarifConfig struct {
	Level string `json:"level"`
}

type sarifResult struct {
	RuleID              string             `json:"ruleId"`
	RuleIndex           int                `json:"ruleIndex"`
	Level               string             `json:"level"`
	Message             sarifText          `json:"message"`
	Locations           []sarifLocation    `json:"locations"`
	PartialFingerprints map[string]string  `json:"partialFingerprints"`
	Fixes               []sarifFix         `json:"fixes,omitempty"`
	Suppressions        []sarifSuppression `json:"suppressions,omitempty"`
}

type sarifLocation struct {
	PhysicalLocation sarifPhysical `json:"physicalLocation"`
}

type sarifPhysical struct {
	ArtifactLocation sarifArtifact `json:"artifactLocation"`
	Region           *sarifRegion  `json:"region,omitempty"`
}

type sarifArtifact struct {
	URI       string `json:"uri"`
	URIBaseID string `json:"uriBaseId,omitempty"`
}

// sarifRegion uses pointers so that no required value is silently dropped
// by omitempty (a zero startColumn must be a bug we see, not a default).
type sarifRegion struct {
	StartLine   *int `json:"startLine,omitempty"`
	StartColumn *int `json:"startColumn,omitempty"`
	EndLine     *int `json:"endLine,omitempty"`
	EndColumn   *int `json:"endColumn,omitempty"`
	ByteOffset  *int `json:"byteOffset,omitempty"`
	ByteLength  *int `json:"byteLength,omitempty"`
}

type sarifFix struct {
	Description     sarifText             `json:"description"`
	ArtifactChanges []sarifArtifactChange `json:"artifactChanges"`
}

type sarifArtifactChange struct {
	ArtifactLocation sarifArtifact      `json:"artifactLocation"`
	Replacements     []sarifReplacement `json:"replacements"`
}

type sarifReplacement struct {
	DeletedRegion   sarifRegion `json:"deletedRegion"`
	InsertedContent *sarifText  `json:"insertedContent,omitempty"`
}

type sarifSuppression struct {
	Kind          string `json:"kind"`
	Justification string `json:"justification,omitempty"`
}

func sarifLevel(s result.Severity) string {
	switch s {
	case result.SeverityError:
		return "error"
	case result.SeverityNote:
		return "note"
	}
	return "warning"
}

// semverRE is compiled on first use, so that runs without SARIF output do
// not pay for it at start-up.
var semverRE = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^v?(\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?(?:\+[0-9A-Za-z.-]+)?)$`)
})

// Print writes the log as encoding/json's indenting encoder would write
// it whole (TestSARIFStreamSameBytes), one result at a time: encoded
// whole, the log of 85,000 results was built and then indented in memory,
// several copies of tens of megabytes.
func (sarifPrinter) Print(w io.Writer, r *output.Report) error {
	sb := newSarifBuild(r)
	s := newJSONStream(w)
	s.b.WriteString("{\n  \"$schema\": ")
	s.value(sarifSchema, "  ")
	s.b.WriteString(",\n  \"version\": \"2.1.0\",\n  \"runs\": [\n    {\n      \"tool\": ")
	s.value(sarifTool{Driver: sb.driver}, "      ")
	s.b.WriteString(",\n      \"columnKind\": \"utf16CodeUnits\",\n      \"results\": [")
	n := inTime(r, r.Issues, func(_ int, iss *result.Issue) { s.item(sb.result(*iss), "        ") })
	s.endItems("      ")
	s.b.WriteString("],\n      \"invocations\": ")
	inv := sb.invocations()
	if n < len(r.Issues) {
		// Cut at the time limit: the run did not succeed, and says why.
		inv[0].ExecutionSuccessful = false
		inv[0].Notifications = append(inv[0].Notifications, sarifNotification{Level: "error", Message: sarifText{cutNote(n, len(r.Issues))}})
	}
	s.value(inv, "      ")
	s.b.WriteString("\n    }\n  ]\n}\n")
	if err := s.b.Flush(); err != nil {
		return err
	}
	if s.err == nil && n < len(r.Issues) {
		return output.ErrTimeLimit
	}
	return s.err
}

// sarifBuild makes a report's SARIF: the driver with its rules, each
// issue's result, the invocation.
type sarifBuild struct {
	r      *output.Report
	driver sarifDriver
	index  map[string]int // rule name to its index in driver.Rules
	fps    result.Fingerprints
	// One line index per file, built when its first fixable issue comes
	// (issues come by path): built per issue, a file of 85,000 one-line
	// issues took 90 s.
	idx     *result.LineIndex
	idxPath string
}

func newSarifBuild(r *output.Report) *sarifBuild {
	// version is wanted by SARIF viewers and, starting with a number, by
	// the validator (SARIF2005): a tag's "v" is dropped. semanticVersion
	// only when it is one.
	driver := sarifDriver{Name: "citelint", InformationURI: "https://github.com/citelint/citelint", Version: strings.TrimPrefix(r.Version, "v"), Rules: []sarifRule{}}
	if m := semverRE().FindStringSubmatch(r.Version); m != nil {
		driver.SemanticVersion = m[1]
	}
	index := map[string]int{}
	for _, ri := range r.Rules {
		index[ri.Name] = len(driver.Rules)
		driver.Rules = append(driver.Rules, sarifRuleOf(ri))
	}
	for _, iss := range r.Issues {
		if _, ok := index[iss.Rule]; !ok {
			// An issue from a rule the report does not list: list it so
			// ruleIndex stays valid.
			index[iss.Rule] = len(driver.Rules)
			driver.Rules = append(driver.Rules, sarifRuleOf(output.RuleInfo{Name: iss.Rule, Summary: iss.Rule, DefaultSeverity: iss.Severity}))
		}
	}
	return &sarifBuild{r: r, driver: driver, index: index}
}

func (sb *sarifBuild) invocations() []sarifInvoc {
	inv := sarifInvoc{ExecutionSuccessful: len(sb.r.Summary.Errors) == 0}
	for _, e := range sb.r.Summary.Errors {
		n := sarifNotification{Level: "error", Message: sarifText{e.Msg}}
		loc := sarifLocation{PhysicalLocation: sarifPhysical{ArtifactLocation: artifact(e.Path)}}
		if e.Line > 0 {
			line := e.Line
			loc.PhysicalLocation.Region = &sarifRegion{StartLine: &line}
		}
		n.Locations = []sarifLocation{loc}
		inv.Notifications = append(inv.Notifications, n)
	}
	return []sarifInvoc{inv}
}

// result is iss's result; issues must come in the report's order (their
// fingerprints count in it).
func (sb *sarifBuild) result(iss result.Issue) sarifResult {
	res := sarifResult{RuleID: iss.Rule, RuleIndex: sb.index[iss.Rule], Level: sarifLevel(iss.Severity), Message: sarifText{nonEmpty(iss.Message, iss.Rule)}}
	res.Locations = []sarifLocation{{PhysicalLocation: sarifPhysical{ArtifactLocation: artifact(iss.Path), Region: lineRegion(clampPos(iss.Pos), endPos(iss))}}}
	res.PartialFingerprints = map[string]string{"primaryLocationLineHash": sb.fps.Next(iss.Rule, iss.Path, iss.SourceLine)}
	if iss.Fix != nil && len(iss.Fix.Edits) > 0 {
		src := sb.r.Files[iss.Path]
		if sb.idx == nil || sb.idxPath != iss.Path {
			sb.idx, sb.idxPath = nil, iss.Path
			if src != nil {
				sb.idx = result.NewLineIndex(src)
			}
		}
		res.Fixes = []sarifFix{fixOf(iss, src, sb.idx)}
	}
	if iss.Suppressed {
		res.Suppressions = []sarifSuppression{{Kind: "inSource", Justification: iss.Justification}}
	}
	return res
}

func nonEmpty(s, alt string) string {
	if strings.TrimSpace(s) == "" {
		return alt
	}
	return s
}

func sarifRuleOf(ri output.RuleInfo) sarifRule {
	full := firstParagraph(ri.Doc)
	if full == "" {
		full = ri.Summary
	}
	help := nonEmpty(ri.Doc, ri.Summary)
	props := map[string]any{}
	if len(ri.Tags) > 0 {
		props["tags"] = ri.Tags
	}
	props["precision"] = "high"
	return sarifRule{
		ID: ri.Name, Name: sarifName(ri.Name),
		ShortDescription:     sarifText{truncate(nonEmpty(ri.Summary, ri.Name), 1024)},
		FullDescription:      sarifText{truncate(full, 1024)},
		Help:                 sarifHelp{Text: help, Markdown: help},
		HelpURI:              RuleDocURL(ri.Name),
		DefaultConfiguration: sarifConfig{Level: sarifLevel(ri.DefaultSeverity)},
		Properties:           props,
	}
}

func firstParagraph(doc string) string {
	doc = strings.TrimSpace(doc)
	if i := strings.Index(doc, "\n\n"); i >= 0 {
		doc = doc[:i]
	}
	return strings.Join(strings.Fields(doc), " ")
}

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	cut := n - 3
	for cut > 0 && s[cut]&0xC0 == 0x80 {
		cut--
	}
	return s[:cut] + "..."
}

// sarifName is the rule's human name, omitted when it would only repeat
// the id (SARIF1001: id and name must differ).
func sarifName(id string) string {
	if n := camel(id); !strings.EqualFold(n, id) {
		return n
	}
	return ""
}

// camel turns "unresolvable-label" into "UnresolvableLabel".
func camel(s string) string {
	var b strings.Builder
	for _, part := range strings.Split(s, "-") {
		if part != "" {
			b.WriteString(strings.ToUpper(part[:1]) + part[1:])
		}
	}
	return b.String()
}

// artifact makes a relative, percent-encoded URI under %SRCROOT%.
func artifact(path string) sarifArtifact {
	p := strings.TrimPrefix(strings.ReplaceAll(path, "\\", "/"), "./")
	u := (&url.URL{Path: p}).EscapedPath()
	if strings.HasPrefix(p, "/") {
		return sarifArtifact{URI: "file://" + u}
	}
	return sarifArtifact{URI: u, URIBaseID: "%SRCROOT%"}
}

func lineRegion(s, e result.Position) *sarifRegion {
	sl, sc, el, ec := s.Line, s.Column, e.Line, e.Column
	return &sarifRegion{StartLine: &sl, StartColumn: &sc, EndLine: &el, EndColumn: &ec}
}

// fixOf converts byte-range edits to SARIF replacements, with line/column
// regions when the file's bytes are known (src, and idx its line index)
// and byte offsets otherwise.
func fixOf(iss result.Issue, src []byte, idx *result.LineIndex) sarifFix {
	desc := iss.Fix.Description
	if desc == "" {
		desc = "Apply citelint's fix"
	}
	ch := sarifArtifactChange{ArtifactLocation: artifact(iss.Path)}
	for _, ed := range iss.Fix.Edits {
		var rep sarifReplacement
		if idx != nil && ed.End <= len(src) {
			rep.DeletedRegion = *lineRegion(clampPos(idx.Position(ed.Start)), clampPos(idx.Position(ed.End)))
		} else {
			off, n := ed.Start, ed.End-ed.Start
			rep.DeletedRegion = sarifRegion{ByteOffset: &off, ByteLength: &n}
		}
		if ed.New != "" {
			rep.InsertedContent = &sarifText{ed.New}
		}
		ch.Replacements = append(ch.Replacements, rep)
	}
	return sarifFix{Description: sarifText{desc}, ArtifactChanges: []sarifArtifactChange{ch}}
}
