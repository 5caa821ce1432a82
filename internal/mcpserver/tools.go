package mcpserver

//lint:file-ignore SA1019 judge_with_client_model uses MCP sampling, deprecated by SEP-2577 (protocol 2026-07-28) but functional for at least twelve months; docs/agents.md says so.

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/citelint/citelint/config"
	"github.com/citelint/citelint/internal/didyoumean"
	"github.com/citelint/citelint/internal/engine"
	"github.com/citelint/citelint/internal/format"
	"github.com/citelint/citelint/internal/resolve/judge"
	"github.com/citelint/citelint/internal/rules"
	"github.com/citelint/citelint/internal/rules/registry"
	"github.com/citelint/citelint/internal/sources"
	"github.com/citelint/citelint/output"
)

// Tool names, stable: agents' configurations and prompts name them.
const (
	ToolCheck   = "check_citations"
	ToolFix     = "fix_citations"
	ToolExplain = "explain_rule"
)

const checkDescription = `Check the citations in a Markdown document (a report, an answer, a
literature review) and list the problems: citation markers with no reference
entry, references never cited, duplicate references, malformed or
non-canonical DOIs and arXiv ids, broken suppression comments, and, when
enabled, sentences that state a checkable fact without a citation
(uncited-claim) and cited sentences their source does not support
(low-overlap, number-mismatch; pass the sources you retrieved as "sources").
Call it on a draft before you hand it over, and again after editing, until
it reports no errors. It reads the text you pass, the project's .citelint.yaml
and the sources you name, and goes online (to look up cited DOIs, arXiv ids
and links) only when that config or "enable" turns on a network rule; it
changes nothing. The result lists
each issue (rule, severity, message, line and column, and a fix when one is
known), the citation coverage (share of claim sentences that cite a source)
and, with sources, the grounded fraction (share of scored cited sentences
their sources support): the same issues ` + "`citelint run --format json`" + ` reports
for the file.`

const fixDescription = `Apply citelint's safe fixes to a Markdown document and return the fixed
text with the issues that remain. Safe fixes are mechanical and never change
what the text claims: deleting a citation marker that points at no reference
entry, writing a DOI in its canonical https://doi.org/ form, removing a
duplicate reference entry. Call it after check_citations reports issues that
carry a fix with "unsafe": false, then replace your draft with the returned
text; fix the remaining issues yourself (explain_rule says how). It does not
write any file. Takes the same arguments as check_citations.`

const explainDescription = `Explain one of citelint's rules: what it checks, why it matters, a bad
and a good example, its default severity and its settings (the text
` + "`citelint rule NAME`" + ` prints). Call it when an issue from check_citations
or fix_citations is unclear, before deciding how to fix it or whether to
suppress it with a <!-- citelint-disable-next-line RULE -- reason --> comment.`

func (s *server) addTools(srv *mcp.Server) {
	// check and fix reach registries when the config enables network
	// rules: their open-world hint stays the protocol's default (true).
	lint := &mcp.ToolAnnotations{ReadOnlyHint: true, IdempotentHint: true}
	doc := &mcp.ToolAnnotations{ReadOnlyHint: true, IdempotentHint: true, OpenWorldHint: new(false)}
	in := checkInputSchema()
	mcp.AddTool(srv, &mcp.Tool{Name: ToolCheck, Title: "Check citations", Description: checkDescription, Annotations: lint, InputSchema: in}, s.check)
	mcp.AddTool(srv, &mcp.Tool{Name: ToolFix, Title: "Fix citations", Description: fixDescription, Annotations: lint, InputSchema: in}, s.fix)
	mcp.AddTool(srv, &mcp.Tool{Name: ToolExplain, Title: "Explain a citelint rule", Description: explainDescription, Annotations: doc}, s.explain)
}

func (s *server) check(ctx context.Context, req *mcp.CallToolRequest, in CheckInput) (*mcp.CallToolResult, CheckOutput, error) {
	var sampled *judge.Sampled
	var j rules.Judge // nil unless the host's model judges
	var jo *JudgeOutput
	if in.JudgeWithClientModel {
		jo = &JudgeOutput{}
		if canSample(req.Session) {
			jo.Available = true
			sampled = &judge.Sampled{}
			if req.Params != nil && req.Params.InputResponses != nil {
				sampled.Answers = hostAnswers(req.Params.InputResponses)
			}
			j = sampled
		}
	}
	path, ch, offline, err := s.run(ctx, in, false, j)
	if err != nil {
		return nil, CheckOutput{}, err
	}
	if sampled != nil {
		if sampled.Answers == nil && len(sampled.Pending()) > 0 {
			// First round: the questions go to the host's model; the
			// client calls again with its answers.
			return &mcp.CallToolResult{InputRequests: hostQuestions(sampled.Pending())}, CheckOutput{}, nil
		}
		st := sampled.Stats()
		jo.Asked, jo.Judged, jo.Failed, jo.SkippedCap = st.Judged+st.Failed, st.Judged, st.Failed, st.SkippedCap
	}
	out := CheckOutput{Issues: format.JSONIssues(ch.Report.Issues), Summary: format.JSONSummaryOf(ch.Report.Summary), NotRun: offline, Judge: jo}
	if out.Summary.Claims > 0 {
		out.Coverage = float64(out.Summary.CitedClaims) / float64(out.Summary.Claims)
	}
	if sup := out.Summary.Support; sup != nil {
		// The claim-support rules count sentences without headings, as
		// run's text summary does: one coverage figure, theirs.
		out.Coverage = sup.Coverage
		if sup.Scored > 0 {
			g := sup.Grounded
			out.Grounded = &g
		}
	}
	for _, iss := range out.Issues {
		if iss.Suppressed {
			continue
		}
		switch iss.Severity {
		case "error":
			out.Errors++
		case "warning":
			out.Warnings++
		default:
			out.Notes++
		}
	}
	return textResult(checkText(path, out, in.IssuesFrom)), out, nil
}

func (s *server) fix(ctx context.Context, _ *mcp.CallToolRequest, in FixInput) (*mcp.CallToolResult, FixOutput, error) {
	path, ch, _, err := s.run(ctx, in, true, nil)
	if err != nil {
		return nil, FixOutput{}, err
	}
	out := FixOutput{Text: string(ch.Text), Fixed: ch.Fixed, Changed: string(ch.Text) != in.Text,
		Issues: format.JSONIssues(ch.Report.Issues), Summary: format.JSONSummaryOf(ch.Report.Summary)}
	left := 0
	for _, iss := range out.Issues {
		if !iss.Suppressed {
			left++
		}
	}
	fixes := "fixes"
	if out.Fixed == 1 {
		fixes = "fix"
	}
	msg := fmt.Sprintf("%s: applied %d %s; %d %s left.", path, out.Fixed, fixes, left, output.Plural(left, "issue"))
	if errs := out.Summary.Errors; len(errs) > 0 {
		msg = fmt.Sprintf("%s: could not be fixed: %s", path, errs[0].Message)
	}
	res := textResult(msg + issueLines(out.Issues, in.IssuesFrom, len(msg)))
	if out.Changed {
		res.Content = append(res.Content, &mcp.TextContent{Text: out.Text})
	}
	return res, out, nil
}

func (s *server) explain(_ context.Context, _ *mcp.CallToolRequest, in ExplainInput) (*mcp.CallToolResult, ExplainOutput, error) {
	r, ok := registry.Lookup(strings.TrimSpace(in.Rule))
	if !ok {
		return nil, ExplainOutput{}, fmt.Errorf("unknown rule %q%s; the rules are: %s", in.Rule, didyoumean.Hint(strings.TrimSpace(in.Rule), registry.Names()), strings.Join(registry.Names(), ", "))
	}
	doc := rules.Describe(r)
	tags := r.Tags
	if tags == nil {
		tags = []string{}
	}
	out := ExplainOutput{Name: r.Name, Summary: r.Summary, Severity: r.Severity.String(), Enabled: r.Default, Tags: tags, Fixable: r.Fixable, Doc: doc}
	return textResult(doc), out, nil
}

// run checks in's document (fixing it with fix) through the engine, with
// the config found as `citelint run` finds it and j as the judge of the
// claim-support rules (nil: none), within the call's time limit; it
// returns the document's path as issues name it and the network rules
// that did not run. Errors are the agent's to correct (too large, a path
// outside the project, an unknown rule, the limit) and become tool errors.
func (s *server) run(ctx context.Context, in CheckInput, fix bool, j rules.Judge) (path string, ch engine.Checked, notRun []string, err error) {
	ctx, cancel := context.WithTimeout(ctx, s.o.Timeout)
	defer cancel()
	if s.o.callEnded != nil {
		defer func() { s.o.callEnded(err) }()
	}
	path, ch, notRun, err = s.lintCall(ctx, in, fix, j)
	switch {
	case err != nil:
	case errors.Is(ctx.Err(), context.DeadlineExceeded):
		// The lint stopped at the deadline: what it found is partial.
		err = fmt.Errorf("%s: the check took longer than this server's limit of %v (citelint mcp --timeout): check the document in parts, split at headings", path, s.o.Timeout)
	case ctx.Err() != nil:
		err = fmt.Errorf("%s: the check was cancelled", path)
	}
	if err != nil {
		return "", engine.Checked{}, nil, err
	}
	return path, ch, notRun, nil
}

// lintCall is run's work, under the deadline run sets.
func (s *server) lintCall(ctx context.Context, in CheckInput, fix bool, j rules.Judge) (string, engine.Checked, []string, error) {
	path, srcDir, err := s.paths(in)
	if err != nil {
		return "", engine.Checked{}, nil, err
	}
	if len(in.Text) > s.o.MaxBytes {
		return "", engine.Checked{}, nil, fmt.Errorf("the document is %d bytes, over this server's limit of %d bytes (citelint mcp --max-bytes): check it in parts, split at headings", len(in.Text), s.o.MaxBytes)
	}
	inline, err := s.inlineSources(in.Sources)
	if err != nil {
		return "", engine.Checked{}, nil, err
	}
	cfg, err := s.loadConfig()
	if err != nil {
		return "", engine.Checked{}, nil, fmt.Errorf("config: %w", err)
	}
	if in.RuleSet != "" {
		if err := engine.SetRuleSet(cfg, in.RuleSet); err != nil {
			return "", engine.Checked{}, nil, fmt.Errorf("rule_set: %w", err)
		}
	}
	if err := engine.OverrideRules(cfg, engine.ConfigOptions(), in.Enable, nil, nil); err != nil {
		return "", engine.Checked{}, nil, fmt.Errorf("enable: %w", err)
	}
	eng, err := engine.New(cfg, engine.Options{WorkDir: s.o.WorkDir, Sources: srcDir})
	if err != nil {
		return "", engine.Checked{}, nil, err
	}
	eng.AddSources(inline)
	// Evidence as `citelint run` gives it offline: the source store,
	// bibliography abstracts and files inside the project.
	finder := eng.NewFinder()
	co := engine.CheckOptions{Evidence: finder, Fix: fix, Judge: j}
	notRun := networkRules(eng)
	if len(notRun) > 0 && s.o.Consent != nil {
		// run's network pass (engine.LookUpBytes) for the one document,
		// with the workflow's consent; it asks no judge. It gets its share
		// of the call's time, so the lint still runs when the lookups are
		// slow (as run's does). Transient failures are unverified, never
		// errors; an error means the pass could not run.
		netCtx, cancel := engine.NetworkContext(ctx)
		o, err := s.o.Consent(cfg)
		var n *engine.Network
		if err == nil {
			n, err = eng.LookUpBytes(netCtx, path, []byte(in.Text), o)
		}
		cancel()
		if err != nil {
			return "", engine.Checked{}, nil, fmt.Errorf("network lookups: %w", err)
		}
		if n.Lookups != nil { // a nil *verify.Results would be a non-nil Lookups
			co.Lookups, co.Unverified, finder.Lookups = n.Lookups, n.Unverified(), n.Lookups
		}
		notRun = []string{}
	}
	if s.o.callStarted != nil {
		s.o.callStarted(ctx)
	}
	// The lint looks at ctx between its steps: a cancelled or timed-out
	// call stops at the next one.
	return path, eng.Check(ctx, path, []byte(in.Text), co), notRun, nil
}

// networkRules names the enabled rules that need network answers:
// without the Network hook they report nothing here (`citelint run` runs
// them), and the result says so rather than implying they passed.
func networkRules(eng *engine.Engine) []string {
	names := []string{}
	for _, e := range eng.Rules() {
		if slices.Contains(e.Rule.Tags, rules.TagNetwork) {
			names = append(names, e.Rule.Name)
		}
	}
	return names
}

// paths checks the document's path and the sources folder: relative to
// the working directory and, the sources after symbolic links, inside the
// project. The document's path is only a name (nothing is read from it).
func (s *server) paths(in CheckInput) (path, srcDir string, err error) {
	path = filepath.FromSlash(in.Path)
	if path == "" {
		path = "document.md"
	}
	if !filepath.IsLocal(path) {
		return "", "", fmt.Errorf("path %q: want a relative path inside the project, such as reports/q3.md", in.Path)
	}
	if in.SourcesDir != "" {
		srcDir = filepath.FromSlash(in.SourcesDir)
		if !filepath.IsLocal(srcDir) {
			return "", "", fmt.Errorf("sources_dir %q: want a relative path inside the project", in.SourcesDir)
		}
		srcDir = filepath.Join(s.o.WorkDir, srcDir)
		if err := s.root.Check(srcDir); err != nil {
			return "", "", fmt.Errorf("sources_dir: %w", err)
		}
	}
	return filepath.ToSlash(path), srcDir, nil
}

// inlineSources turns the agent's sources into a store, as a JSON map
// from id to text passed to --sources would load.
func (s *server) inlineSources(m map[string]string) (*sources.Store, error) {
	if len(m) == 0 {
		return nil, nil
	}
	n := 0
	for id, text := range m {
		n += len(id) + len(text)
	}
	if n > s.o.MaxBytes {
		return nil, fmt.Errorf("the sources are %d bytes, over this server's limit of %d bytes (citelint mcp --max-bytes): pass the passages the document cites, not whole corpora", n, s.o.MaxBytes)
	}
	data, err := json.Marshal(m)
	if err != nil {
		return nil, err
	}
	return sources.Parse("sources.json", data)
}

func textResult(text string) *mcp.CallToolResult {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: text}}}
}

// maxListed and maxTextBytes bound the issues the text summary lists:
// some hosts forward only the text, and cut it at about 4 KB. The
// structured content has them all; issues_from pages through the text.
const (
	maxListed    = 30
	maxTextBytes = 3500
)

// checkText is the short summary an agent reads when it ignores the
// structured content.
func checkText(path string, out CheckOutput, from int) string {
	var b strings.Builder
	if errs := out.Summary.Errors; len(errs) > 0 {
		fmt.Fprintf(&b, "%s: could not be checked: %s", path, errs[0].Message)
		return b.String()
	}
	fmt.Fprintf(&b, "%s: %d %s, %d %s, %d %s.", path, out.Errors, output.Plural(out.Errors, "error"),
		out.Warnings, output.Plural(out.Warnings, "warning"), out.Notes, output.Plural(out.Notes, "note"))
	claims, cited := out.Summary.Claims, out.Summary.CitedClaims
	if sup := out.Summary.Support; sup != nil {
		claims, cited = sup.Claims, sup.CitedClaims // the counts coverage comes from
	}
	fmt.Fprintf(&b, " %d claim %s, %d citing a source (coverage %.0f%%).", claims,
		output.Plural(claims, "sentence"), cited, 100*out.Coverage)
	if out.Grounded != nil {
		sup := out.Summary.Support
		fmt.Fprintf(&b, " Grounded: %d of %d scored cited sentences supported by their sources (%.0f%%).", sup.Supported, sup.Scored, 100**out.Grounded)
	}
	if len(out.NotRun) > 0 {
		fmt.Fprintf(&b, " Not run (network rules; this server makes no network lookups, citelint run checks them): %s.", strings.Join(out.NotRun, ", "))
	}
	b.WriteString(issueLines(out.Issues, from, b.Len()))
	return b.String()
}

// issueLines lists issues as "path:line:col: severity: message (rule)",
// from the from-th unsuppressed one, until maxListed or the text (of
// which used bytes are spent) reaches maxTextBytes; then it says how to
// list the next ones.
func issueLines(issues []format.JSONIssue, from, used int) string {
	var shown []format.JSONIssue
	for _, iss := range issues {
		if !iss.Suppressed {
			shown = append(shown, iss)
		}
	}
	from = max(0, min(from, len(shown)))
	var b strings.Builder
	if from > 0 {
		fmt.Fprintf(&b, "\nIssues %d to %d of %d:", from+1, len(shown), len(shown))
	}
	n := from
	for ; n < len(shown); n++ {
		iss := shown[n]
		fix := ""
		if iss.Fix != nil && !iss.Fix.Unsafe {
			fix = " [fixable]"
		}
		line := fmt.Sprintf("\n%s:%d:%d: %s: %s (%s)%s", iss.Path, iss.Line, iss.Column, iss.Severity, iss.Message, iss.Rule, fix)
		if n > from && (n-from == maxListed || used+b.Len()+len(line) > maxTextBytes-120) {
			break
		}
		b.WriteString(line)
	}
	if n < len(shown) {
		fmt.Fprintf(&b, "\n… %d more (%d of %d listed): call again with \"issues_from\": %d for the next, or read the structured content", len(shown)-n, n-from, len(shown), n)
	}
	return b.String()
}

// hostQuestions are the judge's questions as sampling requests for the
// client's model. The answer is short: a JSON verdict and a quote.
func hostQuestions(pending map[string]judge.Question) mcp.InputRequestMap {
	reqs := make(mcp.InputRequestMap, len(pending))
	for id, q := range pending {
		reqs[id] = &mcp.CreateMessageParams{
			SystemPrompt: q.System,
			Messages:     []*mcp.SamplingMessage{{Role: "user", Content: &mcp.TextContent{Text: q.User}}},
			MaxTokens:    400,
		}
	}
	return reqs
}

// hostAnswers are the text answers of the client's model, by question id.
func hostAnswers(rs mcp.InputResponseMap) map[string]string {
	answers := make(map[string]string, len(rs))
	for id, r := range rs {
		var content []mcp.Content
		switch r := r.(type) {
		case *mcp.CreateMessageResult:
			content = []mcp.Content{r.Content}
		case *mcp.CreateMessageWithToolsResult:
			content = r.Content
		}
		for _, c := range content {
			if t, ok := c.(*mcp.TextContent); ok {
				answers[id] += t.Text
			}
		}
	}
	return answers
}

// canSample reports whether the client said it supports sampling.
func canSample(ss *mcp.ServerSession) bool {
	if ss == nil {
		return false
	}
	p := ss.InitializeParams()
	return p != nil && p.Capabilities != nil && p.Capabilities.Sampling != nil
}

// checkInputSchema is CheckInput's schema with the closed choices as
// enums (rule_set, enable's rule names), so that a client offers them and
// an agent cannot guess a name.
func checkInputSchema() *jsonschema.Schema {
	sc, err := jsonschema.For[CheckInput](nil)
	if err != nil {
		panic(err) // a static type: only a programming error fails
	}
	sc.Properties["rule_set"].Enum = toAny(config.RuleSets)
	sc.Properties["enable"].Items.Enum = toAny(registry.Names())
	return sc
}

func toAny(ss []string) []any {
	out := make([]any, len(ss))
	for i, s := range ss {
		out[i] = s
	}
	return out
}
