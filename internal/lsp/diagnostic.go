package lsp

import (
	"encoding/json"

	protocol "github.com/tliron/glsp/protocol_3_16"

	"github.com/citelint/citelint/internal/format"
)

// unnecessaryRules report text that does nothing (an entry nothing cites,
// a directive that suppresses nothing): editors fade it out
// (DiagnosticTag Unnecessary) instead of underlining it. No rule reports
// deprecated text, so the Deprecated tag is never set.
var unnecessaryRules = map[string]bool{
	"unused-reference":   true,
	"unused-suppression": true,
}

// diagData is what each diagnostic carries in its data field, which the
// client sends back with a code action request: the lint it came from.
// A request whose diagnostics name an older text than the server's gets
// no fix (codeaction.go): their ranges are of a text that is gone.
type diagData struct {
	Version int32 `json:"version"` // the document version the diagnostics were computed for
	Rev     int   `json:"rev"`     // the server's count of the document's texts (a save may carry new text under one version)
}

// decorate adds to an's diagnostics of issues what the protocol carries
// beyond the message: the rule's documentation (codeDescription), the
// places the issue refers to (relatedInformation), the Unnecessary tag of
// the rules that report unused text, and the lint's version as data.
// The diagnostics of files that could not be linted (after the issues')
// get the data only.
func decorate(an *analysis, uri string) {
	data := diagData{Version: an.version, Rev: an.rev}
	for i := range an.diags {
		d := &an.diags[i]
		d.Data = data
		if i >= len(an.issues) {
			continue
		}
		iss := &an.issues[i]
		// Every rule, invalid-suppression and unreadable-file included,
		// has its section in docs/rules.md.
		d.CodeDescription = &protocol.CodeDescription{HRef: format.RuleDocURL(iss.Rule)}
		if unnecessaryRules[iss.Rule] {
			d.Tags = []protocol.DiagnosticTag{protocol.DiagnosticTagUnnecessary}
		}
		for _, r := range iss.Related {
			d.RelatedInformation = append(d.RelatedInformation, protocol.DiagnosticRelatedInformation{
				Location: protocol.Location{URI: uri, Range: an.lines.rangeOf(r.Start, max(r.End, r.Start))},
				Message:  r.Message,
			})
		}
	}
}

// dataOf reads a diagnostic's data as the server wrote it; ok is false
// for a diagnostic without it (another server's, or one the client made).
func dataOf(raw json.RawMessage) (diagData, bool) {
	var d struct {
		Version *int32 `json:"version"`
		Rev     *int   `json:"rev"`
	}
	if len(raw) == 0 || json.Unmarshal(raw, &d) != nil || d.Version == nil || d.Rev == nil {
		return diagData{}, false
	}
	return diagData{Version: *d.Version, Rev: *d.Rev}, true
}
