package markdown

import "testing"

// TestClaimTextBlanksMarkers holds ClaimText to the plain definition:
// the sentence's bytes with every citation marker inside it turned to
// spaces.
func TestClaimTextBlanksMarkers(t *testing.T) {
	src := "Sea level rose [1][2] by 20 cm [3]. Penguins [id:a] live south[^n] of it [@key; @other].\n\n" +
		"[1]: https://a.example\n[2]: https://b.example\n[3]: https://c.example\n[^n]: A note.\n"
	doc := Parse([]byte(src), Options{})
	if len(doc.Claims) < 2 {
		t.Fatalf("%d claims", len(doc.Claims))
	}
	blanked := 0
	for ci, cl := range doc.Claims {
		want := []byte(src[cl.Start:cl.End])
		for _, k := range cl.Citations {
			m := doc.Citations[k].Marker
			for i := max(m.Start, cl.Start); i < min(m.End, cl.End); i++ {
				want[i-cl.Start] = ' '
				blanked++
			}
		}
		if got := doc.ClaimText(ci); got != string(want) {
			t.Errorf("claim %d: %q, want %q", ci, got, want)
		}
	}
	if blanked == 0 {
		t.Error("no marker was blanked: the test document lost its citations")
	}
}

// A narrative author-year citation's name is part of the sentence: only
// its parenthesised year is blanked.
func TestClaimTextKeepsNarrativeNames(t *testing.T) {
	src := "Colorado (1971) found that the river carried more silt than before.\n\n" +
		"It was also shown before (Smith, 2020).\n\n## References\n\nColorado, J. (1971). Silt. Water.\n\nSmith, A. (2020). Rivers. Nature.\n"
	doc := Parse([]byte(src), Options{})
	want := map[string]string{
		"Colorado": "Colorado        found that the river carried more silt than before.",
		"Smith":    "It was also shown before              .",
	}
	seen := 0
	for ci, cl := range doc.Claims {
		for _, k := range cl.Citations {
			if w, ok := want[doc.Citations[k].Author()]; ok {
				seen++
				if got := doc.ClaimText(ci); got != w {
					t.Errorf("%q, want %q", got, w)
				}
			}
		}
	}
	if seen != 2 {
		t.Errorf("%d author-year citations found, want 2", seen)
	}
}
