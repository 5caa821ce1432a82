package format

import (
	"fmt"
	"io"
	"os"
	"sort"
	"strings"

	"github.com/citelint/citelint/output"
	"github.com/citelint/citelint/result"
)

// githubPrinter writes GitHub Actions workflow commands, one annotation per
// issue, and appends a Markdown job summary to $GITHUB_STEP_SUMMARY. GitHub
// shows at most 10 error and 10 warning annotations per step (50 per job),
// so the summary carries the full counts and the first issues as a table.
type githubPrinter struct{ summaryPath string }

// summaryTableRows bounds the job summary, which GitHub caps at 1 MiB.
const (
	summaryTableRows = 50
	summaryMaxBytes  = 1 << 20
)

// escapeData escapes a workflow command's message. The runner takes an
// annotation line as the command it starts with, never looking for the
// older "##[" syntax inside it; that is broken all the same, in case a
// line is ever not taken (the runner has no escape for it).
func escapeData(s string) string {
	return dataEscaper.Replace(s)
}

var dataEscaper = strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A", "##[", "##"+zwsp+"[")

// escapeProperty escapes a workflow command property value.
func escapeProperty(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A", ":", "%3A", ",", "%2C").Replace(s)
}

func githubLevel(s result.Severity) string {
	switch s {
	case result.SeverityError:
		return "error"
	case result.SeverityWarning:
		return "warning"
	}
	return "notice"
}

func (g githubPrinter) Print(w io.Writer, r *output.Report) error {
	var b strings.Builder
	issues := r.Visible()
	n := inTime(r, issues, func(_ int, i *result.Issue) {
		s, e := clampPos(i.Pos), endPos(*i)
		fmt.Fprintf(&b, "::%s file=%s,line=%d,col=%d,endLine=%d,endColumn=%d,title=%s::%s\n",
			githubLevel(i.Severity), escapeProperty(i.Path), s.Line, s.Column, e.Line, e.Column,
			escapeProperty("citelint ("+i.Rule+")"), escapeData(i.Message))
	})
	var cut error
	if n < len(issues) {
		fmt.Fprintf(&b, "::error title=citelint::%s\n", escapeData(cutNote(n, len(issues))))
		issues, cut = issues[:n], output.ErrTimeLimit
	}
	for _, e := range r.Summary.Errors {
		if e.Line > 0 {
			fmt.Fprintf(&b, "::error file=%s,line=%d,title=citelint::%s\n", escapeProperty(e.Path), e.Line, escapeData(e.Msg))
		} else {
			fmt.Fprintf(&b, "::error file=%s,title=citelint::%s\n", escapeProperty(e.Path), escapeData(e.Msg))
		}
	}
	if _, err := io.WriteString(w, b.String()); err != nil {
		return err
	}
	if g.summaryPath == "" {
		return cut
	}
	f, err := os.OpenFile(g.summaryPath, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
	if err != nil {
		return fmt.Errorf("job summary: %w", err)
	}
	_, werr := io.WriteString(f, jobSummary(r, issues))
	if cerr := f.Close(); werr == nil {
		werr = cerr
	}
	if werr != nil {
		return werr
	}
	return cut
}

// jobSummary renders the Markdown summary.
func jobSummary(r *output.Report, issues []result.Issue) string {
	var b strings.Builder
	b.WriteString("## citelint\n\n")
	bySev := map[result.Severity]int{}
	byRule := map[string]int{}
	files := map[string]bool{}
	for _, i := range issues {
		bySev[i.Severity]++
		byRule[i.Rule]++
		files[i.Path] = true
	}
	b.WriteString(summaryLine(r, len(issues), len(files), bySev))
	b.WriteString("\n\n")
	if len(issues) == 0 {
		return b.String()
	}
	rules := make([]string, 0, len(byRule))
	for k := range byRule {
		rules = append(rules, k)
	}
	sort.Slice(rules, func(a, c int) bool {
		if byRule[rules[a]] != byRule[rules[c]] {
			return byRule[rules[a]] > byRule[rules[c]]
		}
		return rules[a] < rules[c]
	})
	b.WriteString("| rule | issues |\n|---|---:|\n")
	for _, k := range rules {
		fmt.Fprintf(&b, "| [`%s`](%s) | %d |\n", k, RuleDocURL(k), byRule[k])
	}
	b.WriteString("\n| location | rule | message |\n|---|---|---|\n")
	for n, i := range issues {
		if n == summaryTableRows {
			fmt.Fprintf(&b, "\n%d more issues are not shown; see the annotations or the log.\n", len(issues)-n)
			break
		}
		row := fmt.Sprintf("| `%s:%d` | %s | %s |\n", cell(i.Path), clampPos(i.Pos).Line, i.Rule, cell(i.Message))
		if b.Len()+len(row) > summaryMaxBytes-200 {
			b.WriteString("\nThe summary was cut to stay under GitHub's 1 MiB limit.\n")
			break
		}
		b.WriteString(row)
	}
	return b.String()
}

// cell makes s one table cell: on one line, pipes escaped, and neutralised
// in case the summary is ever shown in a log.
func cell(s string) string {
	return Neutralize(strings.NewReplacer("|", "\\|", "\r", " ", "\n", " ").Replace(s), false)
}

// GitHubError writes one ::error workflow command: on path at line and col
// when path is not "" (line and col 0 when unknown), with the given title.
// The run's annotations use it for what stops a run before any report, a
// config error, so that it shows on the config file's line as issues show
// on a document's.
func GitHubError(w io.Writer, path string, line, col int, title, msg string) error {
	var props []string
	if path != "" {
		props = append(props, "file="+escapeProperty(path))
		if line > 0 {
			props = append(props, fmt.Sprintf("line=%d", line))
			if col > 0 {
				props = append(props, fmt.Sprintf("col=%d", col))
			}
		}
	}
	props = append(props, "title="+escapeProperty(title))
	_, err := fmt.Fprintf(w, "::error %s::%s\n", strings.Join(props, ","), escapeData(msg))
	return err
}
