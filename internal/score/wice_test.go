package score

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/citelint/citelint/internal/corpus"
)

// wiceItem is one WiCE dev example: the claim, the cited page's sentences
// joined by newlines, and the human label.
type wiceItem struct {
	claim  string
	source string
	label  string // supported, partially_supported, not_supported
	line   int    // 0-based line in dev.jsonl
}

func loadWiCE(t testing.TB) []wiceItem {
	t.Helper()
	path := corpus.Path(t, "labelled", "wice", "dev.jsonl")
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var items []wiceItem
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 64<<20)
	for line := 0; sc.Scan(); line++ {
		var row struct {
			Label    string   `json:"label"`
			Claim    string   `json:"claim"`
			Evidence []string `json:"evidence"`
		}
		if err := json.Unmarshal(sc.Bytes(), &row); err != nil {
			t.Fatalf("dev.jsonl line %d: %v", line+1, err)
		}
		items = append(items, wiceItem{claim: row.Claim, source: strings.Join(row.Evidence, "\n"), label: row.Label, line: line})
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return items
}

// partial policies for partially_supported items.
const (
	partialDrop        = "strict (partial dropped)"
	partialSupported   = "partial as supported"
	partialUnsupported = "partial as unsupported"
)

// wicePairs converts items to labelled pairs under a partial policy, keeping
// only lines whose index has the given parity (-1: all lines).
func wicePairs(items []wiceItem, policy string, parity int) []Pair {
	var out []Pair
	for _, it := range items {
		if parity >= 0 && it.line%2 != parity {
			continue
		}
		var sup bool
		switch it.label {
		case "supported":
			sup = true
		case "not_supported":
			sup = false
		default:
			switch policy {
			case partialDrop:
				continue
			case partialSupported:
				sup = true
			default:
				sup = false
			}
		}
		out = append(out, Pair{Claim: it.claim, Sources: []string{it.source}, Supported: sup})
	}
	return out
}

type scoreFunc func(claim string, sources []string) float64

func evalWith(pairs []Pair, f scoreFunc, threshold float64) Metrics {
	scores := make([]float64, len(pairs))
	labels := make([]bool, len(pairs))
	for i, p := range pairs {
		scores[i] = f(p.Claim, p.Sources)
		labels[i] = p.Supported
	}
	return Evaluate(scores, labels, threshold)
}

func metricsRow(name string, m Metrics) string {
	return fmt.Sprintf("| %-34s | %4d | %.3f | %.3f @%.2f | %.3f | %.3f | %.3f | %.3f |",
		name, m.N, m.AUROC, m.BalancedAccuracy, m.Threshold, m.Precision, m.Recall, m.BestThreshold, m.BestBalancedAccuracy)
}

// TestWiCE measures citelint and both published heuristics on the WiCE dev
// set (real Wikipedia claims and the pages they cite), in one run on the same
// pairs, and requires citelint to beat both on AUROC and on balanced accuracy
// at each method's own default threshold.
func TestWiCE(t *testing.T) {
	items := loadWiCE(t)
	s := New(Options{})
	citelint := func(c string, src []string) float64 { return s.Score(c, src...).Score }
	type method struct {
		name string
		f    scoreFunc
		thr  float64
	}
	methods := []method{
		{"citelint", citelint, DefaultThreshold},
		{"citation-integrity-check (overlap)", overlapBaseline, overlapBaselineThreshold},
		{"pydantic-ai-provenance (tf-idf)", tfidfBaseline, tfidfBaselineThreshold},
	}
	var b strings.Builder
	b.WriteString("\n| method | n | AUROC | BA @default | precision | recall | best thr | best BA |\n|---|---|---|---|---|---|---|---|\n")
	results := map[string]Metrics{}
	for _, policy := range []string{partialDrop, partialSupported, partialUnsupported} {
		for _, half := range []struct {
			name   string
			parity int
		}{{"all", -1}, {"even (tuning)", 0}, {"odd (held out)", 1}} {
			if policy != partialDrop && half.parity >= 0 {
				continue
			}
			pairs := wicePairs(items, policy, half.parity)
			fmt.Fprintf(&b, "| **%s, %s** |||||||\n", policy, half.name)
			for _, m := range methods {
				r := evalWith(pairs, m.f, m.thr)
				results[policy+"/"+half.name+"/"+m.name] = r
				b.WriteString(metricsRow(m.name, r) + "\n")
			}
		}
	}
	t.Log(b.String())

	key := partialDrop + "/all/"
	cl := results[key+"citelint"]
	for _, m := range methods[1:] {
		base := results[key+m.name]
		if cl.AUROC <= base.AUROC {
			t.Errorf("citelint AUROC %.3f does not beat %s (%.3f)", cl.AUROC, m.name, base.AUROC)
		}
		if cl.BalancedAccuracy <= base.BalancedAccuracy {
			t.Errorf("citelint balanced accuracy %.3f does not beat %s (%.3f)", cl.BalancedAccuracy, m.name, base.BalancedAccuracy)
		}
	}
}
