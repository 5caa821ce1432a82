package mcpserver_test

import (
	"context"
	"encoding/json"
	"regexp"
	"strings"
	"testing"

	"github.com/citelint/citelint/internal/engine"
	"github.com/citelint/citelint/internal/mcpserver"
	"github.com/citelint/citelint/internal/sources"
)

// The conformance suite (issue 34): every example in the documentation of
// the four systems citelint subsumes (../shared/seeds/: director-ai's
// citation grounding and tracing, pydantic-ai-provenance's verification,
// citation-integrity-check, a blog post's RAG citation patterns), written
// as citelint's own input and expectation, with the seed's answer. Each
// case runs as `citelint run --format json` (the CLI form), through the
// agent tool check_citations (the MCP form, whose issues and summary must
// equal run's), and through engine.Check (the Go API form). Where citelint
// deliberately differs from a seed, the case says so (and docs/agents.md).

// seedCase is one example: a document, the sources the example passes in
// (nil: none), the rules it turns on, and what the seed's answer means in
// citelint's terms.
type seedCase struct {
	seed    string            // which seed document and example
	doc     string            // the answer or report
	sources map[string]string // keyed by id; ordered for position by ordered
	ordered []string          // ids in load order, when position matters (JSON Lines for run)
	enable  []string          // rules besides the default set
	// want: rule and message pattern of every finding, in order.
	want []string
	// claims and cited: the support summary's sentence counts (cited:
	// sentences whose citations resolve), when the claim-support rules run.
	claims, cited int
	// scored: at least this many cited sentences scored against a source.
	scored int
	// mcpOnlyByID: the agent tool takes sources as a JSON object, which
	// carries no order: position (the n-th source) is not its to give.
	mcpOnlyByID bool
}

var seedCases = []seedCase{
	{seed: "citation-integrity-check: usage", doc: "Plants turn light into chemical energy by photosynthesis [1]. Chlorophyll takes in red and blue light [id:abc123].\n",
		sources: map[string]string{"1": "Photosynthesis turns light into chemical energy in plants.", "abc123": "Chlorophyll takes in red and blue wavelengths of light."},
		enable:  []string{"low-overlap"}, claims: 2, cited: 2, scored: 2},
	{seed: "citation-integrity-check: [n] is the n-th source when no id is n", doc: "Plants turn light into chemical energy by photosynthesis [1]. Chlorophyll takes in red and blue light [2].\n",
		sources: map[string]string{"alpha": "Photosynthesis turns light into chemical energy in plants.", "beta": "Chlorophyll takes in red and blue wavelengths of light."},
		ordered: []string{"alpha", "beta"}, enable: []string{"low-overlap"}, claims: 2, cited: 2, scored: 2, mcpOnlyByID: true},
	{seed: "citation-integrity-check: missing ids", doc: "Plants turn light into chemical energy by photosynthesis [id:zzz].\n",
		sources: map[string]string{"abc123": "Chlorophyll takes in red and blue wavelengths of light."},
		want:    []string{`unresolvable-label: source key "zzz" is not in the source store`}},
	{seed: "citation-integrity-check: [n] with no source n", doc: "Plants turn light into chemical energy by photosynthesis [1]. Chlorophyll takes in red and blue light [7].\n",
		sources: map[string]string{"1": "Photosynthesis turns light into chemical energy in plants."},
		want:    []string{`unresolvable-label: citation \[7\] has no entry in the document and no source in the source store`}},
	{seed: "citation-integrity-check: other brackets are no citations", doc: "Plants turn light into energy [Note]. They grow toward light [1].\n",
		sources: map[string]string{"1": "Plants grow toward the light."}},
	{seed: "citation-integrity-check: coverage, a sentence with no citation", doc: "Plants turn light into chemical energy by photosynthesis [1]. Chlorophyll takes in red and blue light.\n",
		sources: map[string]string{"1": "Photosynthesis turns light into chemical energy in plants."},
		enable:  []string{"low-overlap"}, claims: 2, cited: 1, scored: 1},
	{seed: "citation-integrity-check: insufficient overlap", doc: "Penguins nest on the glaciers of Greenland in the Arctic summer [1].\n",
		sources: map[string]string{"1": "Penguins live almost exclusively in the Southern Hemisphere, on Antarctic coasts and islands."},
		enable:  []string{"low-overlap"}, want: []string{`low-overlap: source 1 barely supports this sentence`}, claims: 1, cited: 1, scored: 1},
	{seed: "director-ai tracing: coverage and the uncited sentence", doc: "Transformers came in 2017 [1]. They scale well.\n\nReferences:\n[1] https://arxiv.org/abs/1706.03762\n",
		enable: []string{"low-overlap"}, claims: 2, cited: 1},
	{seed: "director-ai grounding: numeric markers resolve to the entry's identifier", doc: "Radii constrain the equation of state [1]. NICER measured this [2].\n\nReferences:\n[1] Bogdanov 10.3847/2041-8213/ab50c5\n[2] NICER arXiv:2411.04368\n"},
	{seed: "director-ai grounding: sources keyed by identifier give an entry its text", doc: "Neutron star radii are about 12 km [1].\n\nReferences:\n[1] Bogdanov https://doi.org/10.3847/2041-8213/ab50c5\n",
		sources: map[string]string{"10.3847/2041-8213/ab50c5": "The radius of a 1.4 solar mass neutron star is about 12 km."},
		enable:  []string{"low-overlap"}, claims: 1, cited: 1, scored: 1},
	{seed: "director-ai grounding: a DOI cited in prose gets its source's text", doc: "A neutron star of 1.4 solar masses has a radius of about 12 km (doi:10.3847/2041-8213/ab50c5).\n",
		sources: map[string]string{"doi:10.3847/2041-8213/ab50c5": "The radius of a 1.4 solar mass neutron star is about 12 km."},
		enable:  []string{"low-overlap"}, claims: 1, cited: 1, scored: 1},
	{seed: "director-ai grounding: an unresolvable numeric marker", doc: "Radii constrain the equation of state [1]. NICER measured this [3].\n\nReferences:\n[1] Bogdanov 10.3847/2041-8213/ab50c5\n",
		want: []string{`unresolvable-label: citation \[3\] has no entry in the reference list`}},
	{seed: "pydantic-ai-provenance: a key the store lacks", doc: "Sea levels rose 20 cm in a century [REF|d_1|bad_key].\n",
		sources: map[string]string{"d_1": "Global sea level rose about 20 cm between 1901 and 2018."},
		want:    []string{`unresolvable-label: source key "bad_key" is not in the source store`}},
	// The seed's TF-IDF reads a paraphrase as weak overlap (< 0.3:
	// "consider removing the citation"); so does the lexical score.
	{seed: "pydantic-ai-provenance: weak overlap between a claim and its source", doc: "Revenue grew by twelve percent in the third quarter [REF|d_1].\n",
		sources: map[string]string{"d_1": "Revenue grew 12% in Q3."}, enable: []string{"low-overlap"},
		want: []string{`low-overlap: source d_1 barely supports this sentence \(score 0\.[0-2]`}, claims: 1, cited: 1, scored: 1},
	{seed: "pydantic-ai-provenance: strong overlap", doc: "Revenue grew 12% in the third quarter of 2024 [REF|d_1].\n",
		sources: map[string]string{"d_1": "In the third quarter of 2024 revenue grew 12%."}, enable: []string{"low-overlap"}, claims: 1, cited: 1, scored: 1},
	{seed: "blog: [SOURCE_n] counts from 0", doc: "Chlorophyll takes in red and blue light [SOURCE_0]. Leaves are green [SOURCE_1].\n",
		sources: map[string]string{"a": "Chlorophyll takes in red and blue wavelengths of light.", "b": "Leaves look green because chlorophyll reflects green light."},
		ordered: []string{"a", "b"}, enable: []string{"low-overlap"}, claims: 2, cited: 2, scored: 2, mcpOnlyByID: true},
	{seed: "blog: [SOURCE_n] past the sources", doc: "Chlorophyll takes in red and blue light [SOURCE_5].\n",
		sources: map[string]string{"a": "Chlorophyll takes in red and blue wavelengths of light."}, ordered: []string{"a"},
		want: []string{`unresolvable-label: source key "5" is not in the source store`}, mcpOnlyByID: true},
}

// storeFiles writes a case's sources as run reads them: JSON Lines in
// load order when position matters, else a JSON object.
func storeFiles(tc seedCase) (name, content string) {
	if tc.ordered != nil {
		var b strings.Builder
		for _, id := range tc.ordered {
			line, _ := json.Marshal(map[string]string{"id": id, "text": tc.sources[id]})
			b.Write(line)
			b.WriteByte('\n')
		}
		return "sources.jsonl", b.String()
	}
	data, _ := json.Marshal(tc.sources)
	return "sources.json", string(data)
}

func TestSeedConformance(t *testing.T) {
	for _, tc := range seedCases {
		t.Run(tc.seed, func(t *testing.T) {
			files := map[string]string{"answer.md": tc.doc}
			args := []string{"--no-config"}
			var store string
			if tc.sources != nil {
				name, content := storeFiles(tc)
				files[name] = content
				store = name
				args = append(args, "--sources", name)
			}
			if len(tc.enable) > 0 {
				args = append(args, "-E", strings.Join(tc.enable, ","))
			}
			dir := project(t, files)

			// The CLI form, against the seed's answer.
			run := runJSON(t, dir, append(args, "answer.md")...)
			checkSeed(t, "run", tc, run)

			// The agent form: the same issues and summary as run.
			if !tc.mcpOnlyByID {
				in := map[string]any{"text": tc.doc, "path": "answer.md"}
				if tc.sources != nil {
					in["sources"] = tc.sources
				}
				if len(tc.enable) > 0 {
					in["enable"] = tc.enable
				}
				got := structured(t, call(t, connect(t, mcpserver.Options{WorkDir: dir, NoConfig: true}), mcpserver.ToolCheck, in))
				sameAsRun(t, got, run, 0)
			}

			// The Go API form.
			cfg, _, err := engine.LoadConfig(dir, "", true)
			if err != nil {
				t.Fatal(err)
			}
			if err := engine.OverrideRules(cfg, engine.ConfigOptions(), tc.enable, nil, nil); err != nil {
				t.Fatal(err)
			}
			eng, err := engine.New(cfg, engine.Options{WorkDir: dir})
			if err != nil {
				t.Fatal(err)
			}
			if store != "" {
				st, err := sources.Load(dir + "/" + store)
				if err != nil {
					t.Fatal(err)
				}
				eng.AddSources(st)
			}
			rep := eng.Check(context.Background(), "answer.md", []byte(tc.doc), engine.CheckOptions{}).Report
			issues := []any{}
			for _, is := range rep.Issues {
				issues = append(issues, map[string]any{"rule": is.Rule, "message": is.Message})
			}
			sum := map[string]any{}
			if s := rep.Summary.Support; s != nil {
				sum["support"] = map[string]any{"claims": float64(s.Claims), "cited_claims": float64(s.CitedClaims), "scored": float64(s.Scored)}
			}
			checkSeed(t, "Go API", tc, map[string]any{"issues": issues, "summary": sum})
		})
	}
}

// checkSeed checks a JSON report against the case's expectations.
func checkSeed(t *testing.T, form string, tc seedCase, rep map[string]any) {
	t.Helper()
	var got []string
	for _, x := range rep["issues"].([]any) {
		is := x.(map[string]any)
		got = append(got, is["rule"].(string)+": "+is["message"].(string))
	}
	if len(got) != len(tc.want) {
		t.Fatalf("%s: issues %q, want %d matching %q", form, got, len(tc.want), tc.want)
	}
	for i, w := range tc.want {
		if !regexp.MustCompile(w).MatchString(got[i]) {
			t.Errorf("%s: issue %q, want %q", form, got[i], w)
		}
	}
	if tc.claims == 0 {
		return
	}
	sum := rep["summary"].(map[string]any)
	sup, ok := sum["support"].(map[string]any)
	if !ok {
		t.Fatalf("%s: no support summary in %v", form, sum)
	}
	num := func(k string) int { f, _ := sup[k].(float64); return int(f) }
	if num("claims") != tc.claims || num("cited_claims") != tc.cited || num("scored") < tc.scored {
		t.Errorf("%s: support %v, want claims %d, cited %d, scored at least %d", form, sup, tc.claims, tc.cited, tc.scored)
	}
}
