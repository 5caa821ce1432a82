package identifiers

import (
	"reflect"
	"testing"
)

// TestTitleWords checks the words reference-mismatch compares: lower case,
// accents folded as package score folds them (so a title typed without its
// accents matches the registry's), short and stop words out.
func TestTitleWords(t *testing.T) {
	for _, tc := range []struct {
		title string
		want  []string
	}{
		{"Deep Learning for the Masses", []string{"deep", "learning", "masses"}},
		{"Modèle de Søren Kierkegaard: Æsthetics", []string{"modele", "soren", "kierkegaard", "aesthetics"}},
		{"Łódź and Ħamrun", []string{"lodz", "ħamrun"}},
		{"Краткий обзор", []string{"краткий", "обзор"}},
	} {
		if got := titleWords(tc.title); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("titleWords(%q) = %q, want %q", tc.title, got, tc.want)
		}
	}
}
