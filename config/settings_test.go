package config

import (
	"fmt"
	"reflect"
	"strings"
	"testing"
	"time"
)

type baseSettings struct {
	Tag string `yaml:"tag"`
}

type claimSettings struct {
	Scope    string        `yaml:"scope"`
	MinWords int           `yaml:"min-words"`
	Exempt   []string      `yaml:"exempt"`
	Ratio    float64       `yaml:"ratio"`
	Wait     time.Duration `yaml:"wait"`
	Strict   bool          `yaml:"strict"`
	Nested   struct {
		Depth uint8 `yaml:"depth"`
	} `yaml:"nested"`
	Extra        map[string]int `yaml:"extra"`
	baseSettings `yaml:",inline"`
	Ignored      string `yaml:"-"`
}

func defaults() claimSettings {
	return claimSettings{Scope: "sentence", MinWords: 6, Ratio: 0.5, Wait: time.Second}
}

func TestDecodeSettings(t *testing.T) {
	const head = "version: \"1\"\nrules:\n  settings:\n    uncited-claim:\n"
	tests := []struct {
		name, body string
		want       func(*claimSettings)
		wantErr    []string
	}{
		{name: "all fields", body: "      scope: paragraph\n      min-words: 8\n      exempt: [title, abstract]\n      ratio: 1\n      wait: 1m\n      strict: true\n      nested: {depth: 3}\n      extra: {a: 1}\n      tag: x\n",
			want: func(s *claimSettings) {
				s.Scope, s.MinWords, s.Exempt, s.Ratio, s.Wait, s.Strict = "paragraph", 8, []string{"title", "abstract"}, 1, time.Minute, true
				s.Nested.Depth, s.Extra, s.Tag = 3, map[string]int{"a": 1}, "x"
			}},
		{name: "absent keys keep defaults", body: "      min-words: 10\n",
			want: func(s *claimSettings) { s.MinWords = 10 }},
		{name: "null keeps the default", body: "      scope:\n",
			want: func(s *claimSettings) {}},
		{name: "unknown keys", body: "      min_words: 8\n      scop: x\n      nested: {dept: 1}\n      Ignored: y\n", wantErr: []string{
			`c.yaml:5:7: unknown key "min_words" in rules.settings.uncited-claim (did you mean "min-words"?)`,
			`c.yaml:6:7: unknown key "scop" in rules.settings.uncited-claim (did you mean "scope"?)`,
			`c.yaml:7:16: unknown key "dept" in rules.settings.uncited-claim.nested (did you mean "depth"?)`,
			`c.yaml:8:7: unknown key "Ignored" in rules.settings.uncited-claim`}},
		{name: "wrong types", body: "      scope: 3\n      min-words: eight\n      exempt: title\n      ratio: x\n      wait: 30\n      strict: \"true\"\n      nested: {depth: 300}\n      extra: {a: b}\n", wantErr: []string{
			`c.yaml:5:14: rules.settings.uncited-claim.scope: want a string, got the integer 3 (quote it: "3")`,
			`c.yaml:6:18: rules.settings.uncited-claim.min-words: want an integer, got the string "eight"`,
			`c.yaml:7:15: rules.settings.uncited-claim.exempt: want a list, got the string "title"`,
			`c.yaml:8:14: rules.settings.uncited-claim.ratio: want a number, got the string "x"`,
			`c.yaml:9:13: rules.settings.uncited-claim.wait: 30 has no unit; write "30s"`,
			`c.yaml:10:15: rules.settings.uncited-claim.strict: want true or false, got the string "true"`,
			`c.yaml:11:23: rules.settings.uncited-claim.nested.depth: integer 300 is out of range`,
			`c.yaml:12:18: rules.settings.uncited-claim.extra.a: want an integer, got the string "b"`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, err := Parse("c.yaml", []byte(head+tt.body), testOpts)
			if err != nil {
				t.Fatal(err)
			}
			got := defaults()
			err = c.DecodeSettings("uncited-claim", &got)
			if tt.wantErr != nil {
				if err == nil {
					t.Fatalf("no error; decoded %+v", got)
				}
				if lines := strings.Split(err.Error(), "\n"); !reflect.DeepEqual(lines, tt.wantErr) {
					t.Errorf("errors:\n%s\nwant:\n%s", err, strings.Join(tt.wantErr, "\n"))
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			want := defaults()
			tt.want(&want)
			if !reflect.DeepEqual(got, want) {
				t.Errorf("got %+v\nwant %+v", got, want)
			}
		})
	}
}

func TestDecodeSettingsEdges(t *testing.T) {
	c := mustParse(t, "version: \"1\"\nrules:\n  settings:\n    dead-doi: {retries: 2}\n    dead-link:\n")
	var s struct {
		Retries int `yaml:"retries"`
	}
	for _, name := range []string{"dead-doi"} {
		s.Retries = 0
		if err := c.DecodeSettings(name, &s); err != nil || s.Retries != 2 {
			t.Errorf("DecodeSettings(%q) = %v, %+v", name, err, s)
		}
	}
	// No settings (or "dead-link:" with nothing) leave the defaults alone.
	s.Retries = 7
	for _, name := range []string{"dead-link", "uncited-claim", "not-a-rule"} {
		if err := c.DecodeSettings(name, &s); err != nil || s.Retries != 7 {
			t.Errorf("DecodeSettings(%q) = %v, %+v", name, err, s)
		}
	}
	for _, bad := range []any{nil, s, (*claimSettings)(nil)} {
		if err := c.DecodeSettings("dead-doi", bad); err == nil || !strings.Contains(err.Error(), "non-nil pointer") {
			t.Errorf("DecodeSettings(%T) = %v", bad, err)
		}
	}
	// A map target takes any keys.
	var m map[string]any
	if err := c.DecodeSettings("dead-doi", &m); err != nil || m["retries"] != 2 {
		t.Errorf("DecodeSettings(map) = %v, %v", err, m)
	}
}

type enumSettings struct {
	Scope  string   `yaml:"scope" enum:"sentence,paragraph"`
	Exempt []string `yaml:"exempt" enum:"title,lists"`
	Min    int      `yaml:"min"`
	Level  level    `yaml:"level"`
}

// level validates itself as it is decoded.
type level string

func (l *level) UnmarshalText(b []byte) error {
	if s := string(b); s != "low" && s != "mid" {
		return errorString(fmt.Sprintf("level %q is not low or mid", s))
	}
	*l = level(b)
	return nil
}

func (s *enumSettings) Validate() error {
	if s.Min < 0 {
		return errorString("min must be 0 or more")
	}
	return nil
}

type errorString string

func (e errorString) Error() string { return string(e) }

// TestParseChecksSettings: with Options.NewSettings, Parse (so Load and
// Verify alike) decodes every rules.settings entry, enabled or not, and
// applies enum tags and Validate with positions.
func TestParseChecksSettings(t *testing.T) {
	opts := Options{Rules: []string{"a", "b"}, NewSettings: func(rule string) any {
		if rule == "a" {
			return &enumSettings{Scope: "sentence"}
		}
		return nil
	}}
	const head = "version: \"1\"\nrules:\n  settings:\n"
	tests := []struct {
		name, body string
		wantErr    []string // nil = valid
	}{
		{"valid", "    a: {scope: paragraph, exempt: [lists], min: 2}\n", nil},
		{"null settings", "    a:\n", nil},
		{"enum typo", "    a:\n      scope: sentense\n", []string{
			`c.yaml:5:14: rules.settings.a.scope: invalid value "sentense"; want one of sentence, paragraph (did you mean "sentence"?)`}},
		{"enum list", "    a:\n      exempt: [title, list, x]\n", []string{
			`c.yaml:5:23: rules.settings.a.exempt[1]: invalid value "list"; want one of title, lists (did you mean "lists"?)`,
			`c.yaml:5:29: rules.settings.a.exempt[2]: invalid value "x"; want one of title, lists`}},
		{"wrong type is not also an enum error", "    a:\n      scope: 3\n", []string{
			`c.yaml:5:14: rules.settings.a.scope: want a string, got the integer 3 (quote it: "3")`}},
		{"unknown key", "    a:\n      scop: x\n", []string{
			`c.yaml:5:7: unknown key "scop" in rules.settings.a (did you mean "scope"?)`}},
		{"validate", "    a:\n      min: -1\n", []string{`c.yaml:5:7: rules.settings.a: min must be 0 or more`}},
		{"rule without settings", "    b:\n      x: 1\n", []string{`c.yaml:5:7: rules.settings.b: rule "b" has no settings`}},
		{"an error elsewhere does not hide Validate's", "    a:\n      min: -1\nissues: {max-same: x}\n", []string{
			`c.yaml:5:7: rules.settings.a: min must be 0 or more`,
			`c.yaml:6:20: issues.max-same: want an integer ≥ 0, got the string "x"`}},
		{"a custom unmarshaler's error", "    a:\n      level: high\n", []string{
			`c.yaml:5:14: rules.settings.a.level: level "high" is not low or mid`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Parse("c.yaml", []byte(head+tt.body), opts)
			var got []string
			if es, ok := err.(Errors); ok {
				for _, e := range es {
					got = append(got, e.Error())
				}
			} else if err != nil {
				got = []string{err.Error()}
			}
			if !reflect.DeepEqual(got, tt.wantErr) {
				t.Errorf("errors:\n got %q\nwant %q", got, tt.wantErr)
			}
			var verr []string
			for _, e := range Verify("c.yaml", []byte(head+tt.body), opts) {
				verr = append(verr, e.Error())
			}
			if !reflect.DeepEqual(verr, tt.wantErr) {
				t.Errorf("Verify:\n got %q\nwant %q", verr, tt.wantErr)
			}
		})
	}
}
