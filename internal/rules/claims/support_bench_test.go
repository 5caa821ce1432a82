package claims

import (
	"bufio"
	"encoding/json"
	"fmt"
	"math/rand"
	"os"
	"strings"
	"testing"

	"github.com/citelint/citelint/internal/corpus"
	"github.com/citelint/citelint/internal/cputime"
	"github.com/citelint/citelint/internal/evidence"
	"github.com/citelint/citelint/internal/markdown"
	"github.com/citelint/citelint/internal/resolve"
	"github.com/citelint/citelint/internal/rules"
	"github.com/citelint/citelint/internal/sources"
)

// supportBenchSet is real text for the claim-support benchmarks: ten WiCE
// pages of 6 to 16 KB (the median cited page is about 10 KB) as a source
// store, and the WiCE claims as sentences.
type supportBenchSet struct {
	store  *sources.Store
	claims []string
}

func loadSupportBenchSet(b *testing.B) supportBenchSet {
	b.Helper()
	f, err := os.Open(corpus.Path(b, "labelled", "wice", "dev.jsonl"))
	if err != nil {
		b.Fatal(err)
	}
	defer f.Close()
	var set supportBenchSet
	set.store = &sources.Store{}
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 64<<20)
	for sc.Scan() {
		var row struct {
			Claim    string   `json:"claim"`
			Evidence []string `json:"evidence"`
		}
		if err := json.Unmarshal(sc.Bytes(), &row); err != nil {
			b.Fatal(err)
		}
		set.claims = append(set.claims, strings.TrimRight(strings.TrimSpace(row.Claim), "."))
		page := strings.Join(row.Evidence, "\n")
		if n := set.store.Len(); n < 10 && len(page) >= 6<<10 && len(page) <= 16<<10 {
			set.store.Add(sources.Source{ID: fmt.Sprintf("s%d", n), Text: page})
		}
	}
	if err := sc.Err(); err != nil {
		b.Fatal(err)
	}
	return set
}

// supportDocs builds docs documents of perDoc sentences, each sentence a
// WiCE claim citing one of the ten shared sources, parsed and resolved
// beforehand so that only the rules are timed.
func supportDocs(set supportBenchSet, docs, perDoc int) []*markdown.Document {
	rng := rand.New(rand.NewSource(1))
	env := resolve.NewEnv(set.store)
	var out []*markdown.Document
	for range docs {
		var md strings.Builder
		md.WriteString("# Report\n\n")
		for i := range perDoc {
			fmt.Fprintf(&md, "%s [id:s%d].", set.claims[rng.Intn(len(set.claims))], rng.Intn(set.store.Len()))
			if i%4 == 3 {
				md.WriteString("\n\n")
			} else {
				md.WriteByte(' ')
			}
		}
		doc := markdown.Parse([]byte(md.String()), markdown.Options{KnownKey: env.KnownKey})
		resolve.Resolve(doc, env)
		out = append(out, doc)
	}
	return out
}

// BenchmarkSupportManyDocs runs low-overlap and number-mismatch over 1,200
// cited sentences, as one document and as 20 documents of 60 sentences
// citing the same ten sources, and reports sentences per second. Each
// iteration is one run: the prepared-source cache starts empty, so a
// source's preparation is paid once per iteration. Issue 21's target:
// ≥ 40,000 sentences/s on one core across many documents.
func BenchmarkSupportManyDocs(b *testing.B) {
	set := loadSupportBenchSet(b)
	env := &rules.Env{Evidence: &evidence.Finder{}, Support: &rules.SupportStats{}}
	for _, shape := range []struct{ docs, perDoc int }{{1, 1200}, {20, 60}} {
		docs := supportDocs(set, shape.docs, shape.perDoc)
		b.Run(fmt.Sprintf("docs=%d", shape.docs), func(b *testing.B) {
			lo, nm := LowOverlap.DefaultSettings(), NumberMismatch.DefaultSettings()
			b.ReportAllocs()
			cpu0 := cputime.Used()
			for b.Loop() {
				resetPreparedSources()
				for i, d := range docs {
					path := fmt.Sprintf("doc%d.md", i)
					if _, err := rules.Run(LowOverlap, path, d, lo, env); err != nil {
						b.Fatal(err)
					}
					if _, err := rules.Run(NumberMismatch, path, d, nm, env); err != nil {
						b.Fatal(err)
					}
				}
			}
			n := float64(b.N * shape.docs * shape.perDoc)
			b.ReportMetric(n/b.Elapsed().Seconds(), "sentences/s")
			// On a shared machine wall time overstates the cost; the
			// process's CPU time is what one core spends.
			b.ReportMetric(n/(cputime.Used()-cpu0).Seconds(), "sentences/cpu-s")
		})
	}
}

// resetPreparedSources starts a benchmark iteration as a new run would:
// with no source prepared.
func resetPreparedSources() { preparedSources.Reset() }
