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
