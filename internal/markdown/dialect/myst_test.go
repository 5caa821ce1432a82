package dialect

import "testing"

func TestDirectiveFence(t *testing.T) {
	for _, tt := range []struct {
		line string
		name string // "" for no directive
		arg  string
	}{
		{"```{note}\n", "note", "\n"},
		{"````{prf:theorem} Bellman\n", "prf:theorem", " Bellman\n"},
		{":::{Note} Title\n", "note", " Title\n"},
		{"~~~{admonition} A\n", "admonition", " A\n"},
		{"``` {tip}\n", "tip", "\n"},
		{"```{theorem thm1, name=\"Pythagoras\"}\n", "theorem", "\n"},
		{"```{exercise-start}\n", "exercise-start", "\n"},
		{"```{code-cell} ipython3\n", "", ""},
		{"```{r setup, include=FALSE}\n", "", ""},
		{"```{math}\n", "", ""},
		{"```{prf:}\n", "", ""},
		{"```{note} a `b`\n", "", ""}, // a backtick fence's info holds no backtick
		{"``{note}\n", "", ""},
		{"::{note}\n", "", ""},
		{"```note\n", "", ""},
		{"```{note\n", "", ""},
	} {
		_, _, name, arg, ok := directiveFence([]byte(tt.line))
		if ok != (tt.name != "") || name != tt.name || ok && tt.line[arg:] != tt.arg {
			t.Errorf("directiveFence(%q) = %q, %q, %v; want %q, %q", tt.line, name, tt.line[min(arg, len(tt.line)):], ok, tt.name, tt.arg)
		}
	}
}

func TestIsOptionLine(t *testing.T) {
	for _, tt := range []struct {
		line string
		want bool
	}{
		{":label: thm-1", true},
		{":nonumber:", true},
		{":class: dropdown", true},
		{":header-rows: 1", true},
		{":not an option", false},
		{"::", false},
		{"text :label: x", false},
		{":label:x", false},
	} {
		if got := isOptionLine([]byte(tt.line)); got != tt.want {
			t.Errorf("isOptionLine(%q) = %v, want %v", tt.line, got, tt.want)
		}
	}
}
