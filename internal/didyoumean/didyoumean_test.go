package didyoumean

import "testing"

func TestClosest(t *testing.T) {
	keys := []string{"enable", "disable", "default", "settings"}
	tests := map[string]string{
		"enabel": "enable", "Enable": "enable", "disabled": "disable", "setting": "settings",
		"x": "", "": "", "completely-different": "", "enable": "",
	}
	for in, want := range tests {
		if got := Closest(in, keys); got != want {
			t.Errorf("Closest(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestHint(t *testing.T) {
	formats := []string{"text", "json", "sarif", "junit-xml"}
	long := string(make([]byte, 100))
	for _, tc := range []struct{ name, want string }{
		{"sarf", ` (did you mean "sarif"?)`},
		{"junit", ` (did you mean "junit-xml"?)`},
		{"JSON", ` (did you mean "json"?)`},
		{"yaml", ""},
		{"json", ""},
		{long, ""},
	} {
		if got := Hint(tc.name, formats); got != tc.want {
			t.Errorf("Hint(%.20q) = %q, want %q", tc.name, got, tc.want)
		}
	}
}
