package engine

import (
	"testing"

	"github.com/citelint/citelint/config"
)

func TestRuleEnabled(t *testing.T) {
	tests := []struct {
		def             string
		enable, disable []string
		name            string
		defaultOn, want bool
	}{
		{"standard", nil, nil, "a", true, true},
		{"standard", nil, nil, "a", false, false},
		{"standard", []string{"a"}, nil, "a", false, true},
		{"standard", nil, []string{"a"}, "a", true, false},
		{"all", nil, nil, "a", false, true},
		{"all", nil, []string{"a"}, "a", true, false},
		{"none", nil, nil, "a", true, false},
		{"none", []string{"a"}, nil, "a", false, true},
		{"none", []string{"a"}, []string{"a"}, "a", true, false}, // both (only possible from code): disable wins
	}
	for _, tt := range []struct {
		def                        string
		defaultOn, inReports, want bool
	}{
		{"reports", false, true, true},
		{"reports", true, false, true},
		{"reports", false, false, false},
		{"standard", false, true, false},
		{"none", false, true, false},
	} {
		c := config.New(config.Options{})
		c.Rules.Default = tt.def
		if got := ruleEnabled(&c.Rules, "a", tt.defaultOn, tt.inReports); got != tt.want {
			t.Errorf("default %s: ruleEnabled(a, %v, %v) = %v, want %v", tt.def, tt.defaultOn, tt.inReports, got, tt.want)
		}
	}
	for _, tt := range tests {
		c := config.New(config.Options{})
		c.Rules.Default, c.Rules.Enable, c.Rules.Disable = tt.def, tt.enable, tt.disable
		if got := ruleEnabled(&c.Rules, tt.name, tt.defaultOn, false); got != tt.want {
			t.Errorf("default %s enable %v disable %v: ruleEnabled(%q, %v) = %v", tt.def, tt.enable, tt.disable, tt.name, tt.defaultOn, got)
		}
	}
}
