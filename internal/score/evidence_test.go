package score

import (
	"strings"
	"testing"
)

func TestSelectEvidence(t *testing.T) {
	filler := strings.Repeat("The weather in the valley was mild that spring. ", 40)
	a := Doc{Title: "Harbour history", Text: filler + "Before the port opened, ships anchored offshore. The port of Tema opened in 1962 after six years of work. It was the largest harbour in West Africa. " + filler}
	b := Doc{Title: "", Text: "Engineers from Britain designed the Tema breakwater.\nUnrelated closing line about cooking."}
	claim := "Tema's port opened in 1962 and was designed by British engineers."
	for _, tt := range []struct {
		name       string
		opt        SelectOptions
		want       []string // in every result, in this order
		wantChunks int
		notWant    []string
		maxTokens  int
	}{
		{name: "default", opt: SelectOptions{},
			want:       []string{"Source: Harbour history\n…\n", "Before the port opened, ships anchored offshore. The port of Tema opened in 1962 after six years of work. It was the largest harbour in West Africa.", "Source 2:\nEngineers from Britain designed the Tema breakwater."},
			wantChunks: 1, notWant: []string{"valley was mild that spring. The weather"}},
		{name: "small budget keeps the best sentence", opt: SelectOptions{Budget: 20},
			want: []string{"The port of Tema opened in 1962 after six years of work."}, wantChunks: 1, notWant: []string{"Britain"}, maxTokens: 40},
		{name: "chunked", opt: SelectOptions{ChunkTokens: 45},
			want: []string{"Source: Harbour history\n…\nThe weather", "Source: Harbour history\n…\nThe port of Tema opened in 1962", "Source 2:\nEngineers from Britain"}, wantChunks: 3},
	} {
		t.Run(tt.name, func(t *testing.T) {
			chunks := SelectEvidence(claim, []Doc{a, b}, tt.opt)
			if len(chunks) != tt.wantChunks {
				t.Fatalf("%d chunks, want %d: %q", len(chunks), tt.wantChunks, chunks)
			}
			all := strings.Join(chunks, "")
			at := 0
			for _, w := range tt.want {
				i := strings.Index(all[at:], w)
				if i < 0 {
					t.Fatalf("missing %q (in order) from %q", w, all)
				}
				at += i + len(w)
			}
			for _, w := range tt.notWant {
				if strings.Contains(all, w) {
					t.Errorf("sent %q: %q", w, all)
				}
			}
			if tt.maxTokens > 0 && EstimateTokens(all) > tt.maxTokens {
				t.Errorf("%d tokens sent, budget %d: %q", EstimateTokens(all), tt.opt.Budget, all)
			}
			for _, c := range chunks {
				if tt.opt.ChunkTokens > 0 && EstimateTokens(c) > tt.opt.ChunkTokens+10 {
					t.Errorf("chunk of %d tokens > %d: %q", EstimateTokens(c), tt.opt.ChunkTokens, c)
				}
			}
		})
	}
	if got := SelectEvidence("anything at all", nil, SelectOptions{}); len(got) != 0 {
		t.Errorf("no sources: %q", got)
	}
	// No shared word: the beginning of the source, within the budget.
	got := SelectEvidence("Zebras are striped.", []Doc{{Text: "First line.\nSecond line.\n" + filler}}, SelectOptions{Budget: 10})
	if want := []string{"First line. Second line.\n"}; len(got) != 1 || got[0] != want[0] {
		t.Errorf("no overlap: got %q, want %q", got, want)
	}
}

// BenchmarkSelectEvidence selects a judge's evidence from a 382 KB page,
// the largest WiCE source: the work a judged sentence adds before its
// network call.
func BenchmarkSelectEvidence(b *testing.B) {
	words := strings.Fields("sea level rose centimetres since ocean warming ice sheet glacier melt thermal expansion satellite altimetry tide gauge decade century Greenland Antarctica measured 1901 2018")
	var src strings.Builder
	for i := 0; src.Len() < 382<<10; i++ {
		for k := range 12 {
			src.WriteString(words[(i*7+k*3)%len(words)] + " ")
		}
		src.WriteString("end.\n")
	}
	docs := []Doc{{Title: "page", Text: src.String()}}
	b.SetBytes(int64(src.Len()))
	for b.Loop() {
		SelectEvidence("Global sea level rose 20 cm between 1901 and 2018 as ice sheets melted.", docs, SelectOptions{ChunkTokens: 400})
	}
}

// FuzzSelectEvidence: any page text (untrusted: a fetched web page)
// selects without a panic, within the budget, and sends only text the
// page holds.
func FuzzSelectEvidence(f *testing.F) {
	f.Add("Tema port opened in 1962.", "The port of Tema opened in 1962. It is large.\nOther text.", 20, 0)
	f.Add("海平面上升", "全球平均海平面在1901年至2018年间上升了0.20米。人类影响。", 8, 4)
	f.Fuzz(func(t *testing.T, claim, page string, budget, chunk int) {
		budget, chunk = budget%4096, chunk%512
		chunks := SelectEvidence(claim, []Doc{{Title: "t", Text: page}}, SelectOptions{Budget: budget, ChunkTokens: chunk})
		b := budget
		if b <= 0 {
			b = DefaultEvidenceTokens
		}
		all := strings.Join(chunks, "")
		if len(all) > 4*b+64*len(chunks) {
			t.Errorf("%d bytes sent for a budget of %d tokens in %d chunks", len(all), b, len(chunks))
		}
		for _, c := range chunks {
			for _, line := range strings.Split(strings.TrimSuffix(c, "\n"), "\n") {
				if line == "Source: t" || line == "…" {
					continue
				}
				// Sentences of one run are joined with a space the page
				// may not have ("。0"): compare without white space.
				if !strings.Contains(strings.Join(strings.Fields(page), ""), strings.Join(strings.Fields(line), "")) {
					t.Errorf("sent %q, not in the page", line)
				}
			}
		}
	})
}

// TestInvalidUTF8Source: a source that is a long run of UTF-8
// continuation bytes (found by FuzzSelectEvidence) panicked the sentence
// splitter, and with it the scorer, on any page or file holding one.
func TestInvalidUTF8Source(t *testing.T) {
	page := "Before. " + strings.Repeat("\x89", 1800) + " After the run."
	if r := New(Options{}).Score("After the run", page); !r.Scorable {
		t.Errorf("not scorable: %+v", r)
	}
	if got := SelectEvidence("After the run", []Doc{{Text: page}}, SelectOptions{}); len(got) == 0 || !strings.Contains(got[0], "After the run.") {
		t.Errorf("selected %q", got)
	}
}
