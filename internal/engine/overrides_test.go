package engine

import (
	"reflect"
	"testing"

	"github.com/citelint/citelint/config"
)

// testOpts stands in for the rules package's registry.
var testOpts = config.Options{
	Rules: []string{"uncited-claim", "unused-reference", "unresolvable-label", "dead-doi", "dead-link", "malformed-identifier"},
}

func mustParse(t *testing.T, src string) *config.Config {
	t.Helper()
	c, err := config.Parse(".citelint.yaml", []byte(src), testOpts)
	if err != nil {
		t.Fatalf("Parse: %v", err)
	}
	return c
}

func TestOverrideRules(t *testing.T) {
	file := "version: \"1\"\nrules:\n  enable: [dead-doi]\n  disable: [unused-reference]\n"
	tests := []struct {
		name                        string
		enable, disable, enableOnly []string
		wantDefault                 string
		wantEnable, wantDisable     []string
		wantErr                     string
	}{
		{name: "none", wantDefault: "standard", wantEnable: []string{"dead-doi"}, wantDisable: []string{"unused-reference"}},
		{name: "enable moves out of disable", enable: []string{"unused-reference,dead-link"},
			wantDefault: "standard", wantEnable: []string{"dead-doi", "unused-reference", "dead-link"}, wantDisable: []string{}},
		{name: "disable moves out of enable", disable: []string{"dead-doi"},
			wantDefault: "standard", wantEnable: []string{}, wantDisable: []string{"unused-reference", "dead-doi"}},
		{name: "enable-only", enableOnly: []string{"dead-link", "uncited-claim"},
			wantDefault: "none", wantEnable: []string{"dead-link", "uncited-claim"}},
		{name: "unknown", enable: []string{"dead-lnk"}, disable: []string{"zzz"},
			wantErr: `--enable: unknown rule "dead-lnk" (did you mean "dead-link"?)` + "\n" + `--disable: unknown rule "zzz"`},
		{name: "both", enable: []string{"dead-link"}, disable: []string{"dead-link"},
			wantErr: `rule "dead-link" given to both --enable and --disable`},
		{name: "enable-only with enable", enable: []string{"dead-link"}, enableOnly: []string{"dead-doi"},
			wantErr: "--enable-only cannot be combined with --enable or --disable"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := mustParse(t, file)
			err := OverrideRules(c, testOpts, tt.enable, tt.disable, tt.enableOnly)
			if tt.wantErr != "" {
				if err == nil || err.Error() != tt.wantErr {
					t.Fatalf("OverrideRules error = %v, want %s", err, tt.wantErr)
				}
				if c.Rules.Default != "standard" || !reflect.DeepEqual(c.Rules.Enable, []string{"dead-doi"}) {
					t.Errorf("config changed despite the error: %+v", c.Rules)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if c.Rules.Default != tt.wantDefault || !reflect.DeepEqual(c.Rules.Enable, tt.wantEnable) || !reflect.DeepEqual(c.Rules.Disable, tt.wantDisable) {
				t.Errorf("rules = %s %#v %#v, want %s %#v %#v", c.Rules.Default, c.Rules.Enable, c.Rules.Disable, tt.wantDefault, tt.wantEnable, tt.wantDisable)
			}
		})
	}
	// The registry checks flags even without a file.
	if err := OverrideRules(config.New(testOpts), testOpts, []string{"nope"}, nil, nil); err == nil {
		t.Error("OverrideRules accepted an unknown rule")
	}
}
