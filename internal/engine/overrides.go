package engine

import (
	"fmt"
	"slices"
	"strings"

	"github.com/citelint/citelint/config"
	"github.com/citelint/citelint/internal/didyoumean"
)

// SetRuleSet sets rules.default from a caller's override (the CLI's --default,
// the agent tool's rule_set), which wins over the file; the sets are the ones
// the file accepts (config.RuleSets).
func SetRuleSet(c *config.Config, set string) error {
	sets := config.RuleSets
	if !slices.Contains(sets, set) {
		return fmt.Errorf("unknown rule set %q; want one of %s%s", set, strings.Join(sets, ", "), didyoumean.Hint(set, sets))
	}
	c.Rules.Default = set
	return nil
}

// OverrideRules applies a caller's --enable, --disable and --enable-only
// (the CLI's flags, the agent tool's enable list), which override the file. Values may be repeated or comma-separated. --enable-only
// a,b runs exactly a and b (rules.default becomes none); combining it with
// --enable or --disable is an error because the intent is ambiguous. A flag
// enabling a rule the file disables (or the reverse) moves it: the command
// line wins. Unknown names are errors with a did-you-mean; on error c is
// unchanged.
func OverrideRules(c *config.Config, opts config.Options, enable, disable, enableOnly []string) error {
	var errs config.Errors
	names := func(flag string, vals []string) []string {
		var out []string
		for _, v := range vals {
			for _, n := range strings.Split(v, ",") {
				n = strings.TrimSpace(n)
				if n == "" {
					continue
				}
				if err := opts.CheckRule(n); err != nil {
					errs = append(errs, &config.Error{Msg: flag + ": " + err.Error()})
					continue
				}
				if !slices.Contains(out, n) {
					out = append(out, n)
				}
			}
		}
		return out
	}
	en := names("--enable", enable)
	dis := names("--disable", disable)
	only := names("--enable-only", enableOnly)
	if len(enableOnly) > 0 && (len(enable) > 0 || len(disable) > 0) {
		errs = append(errs, &config.Error{Msg: "--enable-only cannot be combined with --enable or --disable"})
	}
	for _, n := range en {
		if slices.Contains(dis, n) {
			errs = append(errs, &config.Error{Msg: fmt.Sprintf("rule %q given to both --enable and --disable", n)})
		}
	}
	if len(errs) > 0 {
		return errs
	}
	if len(enableOnly) > 0 {
		c.Rules.Default = config.DefaultNone
		c.Rules.Enable = only
		c.Rules.Disable = nil
		return nil
	}
	for _, n := range en {
		c.Rules.Disable = slices.DeleteFunc(c.Rules.Disable, func(s string) bool { return s == n })
		if !slices.Contains(c.Rules.Enable, n) {
			c.Rules.Enable = append(c.Rules.Enable, n)
		}
	}
	for _, n := range dis {
		c.Rules.Enable = slices.DeleteFunc(c.Rules.Enable, func(s string) bool { return s == n })
		if !slices.Contains(c.Rules.Disable, n) {
			c.Rules.Disable = append(c.Rules.Disable, n)
		}
	}
	return nil
}
