// Package config loads and validates .citelint.yaml, in the style of
// golangci-lint v2: a versioned file found by walking up from the working
// directory, strict keys (a typo is an error with file:line:col and a
// did-you-mean, never silently ignored), rule selection by a default set plus
// enable/disable lists, exclusions and severity rules that match on rule, path
// glob and message regexp, and several outputs at once.
//
// Everything relative in the file (globs, bibliography, sources, output paths,
// cache dir) is relative to the directory of the config file (golangci-lint
// v2's relative-path-mode "cfg"), so the same file gives the same result
// whatever directory citelint is started from.
//
// The rule registry lives in another package; callers pass the known rule
// names in Options so that this package can check them without importing it.
package config

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/bmatcuk/doublestar/v4"
	"go.yaml.in/yaml/v3"

	"github.com/citelint/citelint/internal/safefile"
	"github.com/citelint/citelint/result"
)

// Version is the only configuration format version this build reads.
const Version = "1"

// FileNames are the names Find looks for, in order of preference.
var FileNames = []string{".citelint.yaml", ".citelint.yml"}

// Rule-set defaults for rules.default.
const (
	DefaultStandard = "standard" // each rule's own default (offline rules on, network and sources rules off)
	// DefaultReports is standard plus the rules meant for gating
	// LLM-written reports (uncited-claim), which are too strict for
	// human prose: specs, RFCs and books state facts without citing them.
	DefaultReports = "reports"
	DefaultAll     = "all"
	DefaultNone    = "none"
)

// Cache modes for resolvers.cache.mode.
const (
	CacheNormal  = "normal"  // use fresh entries, fetch the rest
	CacheOffline = "offline" // never fetch; anything not cached is unverified
	CacheRefresh = "refresh" // ignore cached entries, fetch everything, rewrite the cache
)

// Stdout and Stderr are the special output paths; anything else is a file.
const (
	Stdout = "stdout"
	Stderr = "stderr"
)

// FormatNames are the output formats citelint can write (output.formats keys
// and --format values).
var FormatNames = []string{"text", "json", "sarif", "github-actions", "checkstyle", "junit-xml", "code-climate", "html"}

// Options carries what the caller knows and this package cannot: the rule
// registry lives in the rules package, which imports nothing from here.
type Options struct {
	// Rules lists every rule name the binary has (canonical, kebab-case). It
	// is used both to reject unknown names and to suggest the nearest one. When
	// nil, rule names are not checked (for tools that have no registry).
	Rules []string
	// Aliases maps alternative names (stable IDs such as "CL001") to canonical
	// rule names. Names in the config are stored canonical, so RuleEnabled and
	// the matchers only ever see the canonical form.
	Aliases map[string]string
	// NewSettings returns a rule's settings value with its defaults (what
	// Config.DecodeSettings decodes into), or nil for a rule without
	// settings. When set, Parse decodes every rules.settings entry, so that
	// Load (every command) and Verify (`config verify`) reject the same
	// files whichever rules are enabled. When nil, settings are checked only
	// by DecodeSettings.
	NewSettings func(rule string) any
}

// canonical returns the canonical name for a rule name or alias, and whether
// it is known. With no registry every syntactically plausible name is known.
func (o Options) canonical(name string) (string, bool) {
	if c, ok := o.Aliases[name]; ok {
		return c, true
	}
	if o.Rules == nil {
		return name, name != ""
	}
	return name, slices.Contains(o.Rules, name)
}

func (o Options) candidates() []string {
	out := slices.Clone(o.Rules)
	for a := range o.Aliases {
		out = append(out, a)
	}
	slices.Sort(out[len(o.Rules):]) // map order is random; keep suggestions stable
	return out
}

// Config is a parsed, validated configuration. It is not modified after
// Parse and ApplyFlags, so the matchers may be used from many goroutines.
//
// The yaml tags name each field's key in the file, in the order keys are
// offered as suggestions; a cfg tag names the check that reads a value whose
// Go type alone does not say how (see decoder.hook), and an enum tag lists a
// string's allowed values. The decoder and the schema test both read them.
type Config struct {
	Version string `yaml:"version" cfg:"version"`
	// Path is the file the config was read from ("" for Default/New).
	Path string `yaml:"-"`
	// Dir is the directory relative paths and globs are resolved against: the
	// config file's directory (absolute after Load), or "." for Default.
	Dir string `yaml:"-"`

	Run          Run        `yaml:"run"`
	Rules        Rules      `yaml:"rules" cfg:"rules"`
	Exclusions   Exclusions `yaml:"exclusions"`
	Severity     Severity   `yaml:"severity" cfg:"severity"`
	Issues       Issues     `yaml:"issues"`
	Output       Output     `yaml:"output" cfg:"output"`
	Bibliography []string   `yaml:"bibliography" cfg:"bibliography"` // files, relative to Dir (use Resolve)
	Sources      string     `yaml:"sources"`                         // file or folder, relative to Dir; "" = none
	Resolvers    Resolvers  `yaml:"resolvers"`
	Judge        Judge      `yaml:"judge"`

	opts Options
}

// Run selects what to lint.
type Run struct {
	Paths       []string      `yaml:"paths" cfg:"paths"`     // files or directories, relative to Dir; none set: the working directory
	Include     []string      `yaml:"include" cfg:"include"` // doublestar globs over slash paths relative to Dir
	Exclude     []string      `yaml:"exclude" cfg:"globs"`   // doublestar globs; a match is not linted (directories are pruned)
	Timeout     time.Duration `yaml:"timeout"`               // 0 = none (golangci-lint v2's default: v1's 1m caused routine failures)
	Concurrency int           `yaml:"concurrency"`           // 0 = number of CPUs
}

// Rules selects rules and carries their settings.
type Rules struct {
	Default string   `yaml:"default"` // DefaultStandard, DefaultReports, DefaultAll or DefaultNone
	Enable  []string `yaml:"enable"`  // canonical names
	Disable []string `yaml:"disable"` // canonical names
	// Settings holds each rule's settings as the raw YAML mapping, because the
	// rules package owns their types; decode with Config.DecodeSettings.
	Settings map[string]*yaml.Node `yaml:"settings"`
}

// Match holds the conditions shared by exclusion and severity rules. Every
// condition that is set must hold; an unset one matches anything.
type Match struct {
	Rules      []string       `yaml:"rules" cfg:"rule-list"`  // canonical rule names; empty = any rule
	Path       string         `yaml:"path" cfg:"glob"`        // doublestar glob over the slash path relative to Dir
	PathExcept string         `yaml:"path-except" cfg:"glob"` // doublestar glob; a match makes the rule not apply
	Text       *regexp.Regexp `yaml:"text"`                   // on the issue message (RE2 syntax)
	Source     *regexp.Regexp `yaml:"source"`                 // on the text of the issue's line, as golangci-lint's "source"
	Line       int            `yaml:"-"`                      // where the entry starts in the file, for diagnostics
}

// Matches reports whether an issue of rule at rel (slash path relative to
// Dir, see Config.Rel) with message and source line satisfies every condition.
func (m *Match) Matches(rule, rel, message, source string) bool {
	if len(m.Rules) > 0 && !slices.Contains(m.Rules, rule) {
		return false
	}
	if m.Path != "" && !doublestar.MatchUnvalidated(m.Path, rel) {
		return false
	}
	if m.PathExcept != "" && doublestar.MatchUnvalidated(m.PathExcept, rel) {
		return false
	}
	if m.Text != nil && !m.Text.MatchString(message) {
		return false
	}
	if m.Source != nil && !m.Source.MatchString(source) {
		return false
	}
	return true
}

// Exclusions drops issues.
type Exclusions struct {
	Paths []string `yaml:"paths" cfg:"globs"` // globs: no issue is reported in a matching file
	Rules []Match  `yaml:"rules"`
}

// PathExcluded reports whether rel matches exclusions.paths.
func (e *Exclusions) PathExcluded(rel string) bool {
	return matchAny(e.Paths, rel)
}

// Excluded reports whether an issue is dropped by exclusions.paths or by any
// exclusions.rules entry.
func (e *Exclusions) Excluded(rule, rel, message, source string) bool {
	if e.PathExcluded(rel) {
		return true
	}
	for i := range e.Rules {
		if e.Rules[i].Matches(rule, rel, message, source) {
			return true
		}
	}
	return false
}

// Severity re-grades issues.
type Severity struct {
	// Default overrides every rule's own severity when set; SeverityUnset
	// keeps each rule's default.
	Default result.Severity `yaml:"default"`
	Rules   []SeverityRule  `yaml:"rules"`
}

// SeverityRule sets Severity on issues that satisfy Match.
type SeverityRule struct {
	Match    `yaml:",inline"`
	Severity result.Severity `yaml:"severity"`
}

// For returns the severity an issue ends up with: the first matching rule
// wins (golangci-lint's order), then Default, then the rule's own default.
func (s *Severity) For(rule, rel, message, source string, ruleDefault result.Severity) result.Severity {
	for i := range s.Rules {
		if s.Rules[i].Matches(rule, rel, message, source) {
			return s.Rules[i].Severity
		}
	}
	if s.Default != result.SeverityUnset {
		return s.Default
	}
	return ruleDefault
}

// Issues limits and gates the report.
type Issues struct {
	MaxPerRule int `yaml:"max-per-rule"` // 0 = unlimited (the default: truncation causes "push again to see more" loops)
	MaxSame    int `yaml:"max-same"`     // identical messages; 0 = unlimited
	// FailLevel: exit 1 when an issue at or above it remains. Default warning,
	// so notes are reported without failing CI (SARIF's meaning of "note").
	FailLevel        result.Severity `yaml:"fail-level" cfg:"fail-level"`
	FailOnUnverified bool            `yaml:"fail-on-unverified"` // unverified lookups fail the run too (issue 4: off by default)
}

// Output lists where to write results; several formats at once are allowed.
type Output struct {
	Formats []OutputFormat `yaml:"formats"` // in file order (the file maps format name to options); default text to stdout
}

// OutputFormat is one printer and its destination.
type OutputFormat struct {
	Format string `yaml:"-"`    // one of FormatNames: the key in output.formats
	Path   string `yaml:"path"` // Stdout, Stderr or a file relative to Dir (use Resolve)
}

// Resolvers configures network lookups (issue 4).
type Resolvers struct {
	Cache          Cache         `yaml:"cache"`
	Mailto         string        `yaml:"mailto" cfg:"mailto"` // polite-pool contact for Crossref and the User-Agent
	Timeout        time.Duration `yaml:"timeout"`             // overall network budget; default 10m, 0 = none
	RequestTimeout time.Duration `yaml:"request-timeout"`     // per request, body included; default 20s (lychee's default)
	// HostBudget is the time one host may cost in failed attempts and
	// retry waits before its remaining lookups are left unverified;
	// default 30s, 0 = none.
	HostBudget time.Duration `yaml:"host-budget"`
	// MaxRetryWait is the longest Retry-After honoured; a longer one
	// leaves the lookup unverified at once. Default 10s.
	MaxRetryWait time.Duration `yaml:"max-retry-wait"`
	DOI          Endpoint      `yaml:"doi" keys:"url"`
	Crossref     Endpoint      `yaml:"crossref"` // Crossref may carry its own mailto, see CrossrefMailto
	DataCite     Endpoint      `yaml:"datacite" keys:"url"`
	ArXiv        Endpoint      `yaml:"arxiv" keys:"url"`
	URL          URLResolver   `yaml:"url"`
	// Hosts holds per-host politeness limits keyed by lower-case host[:port].
	// The default limits arXiv to one request per 3 s as its API terms ask;
	// entries in the file override per host, the others are kept.
	Hosts map[string]HostLimit `yaml:"hosts" cfg:"hosts"`
}

// CrossrefMailto is resolvers.crossref.mailto, falling back to resolvers.mailto.
func (r *Resolvers) CrossrefMailto() string {
	if r.Crossref.Mailto != "" {
		return r.Crossref.Mailto
	}
	return r.Mailto
}

// Cache configures the on-disk resolver cache.
type Cache struct {
	Dir  string `yaml:"dir"`                                // "" = under os.UserCacheDir(); relative to Dir otherwise
	Mode string `yaml:"mode" enum:"normal,offline,refresh"` // CacheNormal, CacheOffline or CacheRefresh
}

// Endpoint is a resolver's base URL (tests and mirrors point it elsewhere).
type Endpoint struct {
	URL    string `yaml:"url" cfg:"url"`
	Mailto string `yaml:"mailto" cfg:"mailto"` // crossref only
}

// URLResolver configures link checking.
type URLResolver struct {
	// AllowPrivate lets the url resolver contact loopback, private and
	// link-local addresses. Off so a document in a pull request cannot make
	// CI probe internal services; and since the config file may come from
	// the pull request too, it takes effect only with the workflow's
	// consent (--allow-private or CITELINT_ALLOW_PRIVATE, see
	// docs/security.md).
	AllowPrivate bool `yaml:"allow-private"`
}

// HostLimit bounds traffic to one host.
type HostLimit struct {
	Concurrency int           `yaml:"concurrency"` // simultaneous requests; 0 = the resolver's default
	Interval    time.Duration `yaml:"interval"`    // minimum gap between request starts
}

// Judge configures the optional OpenAI-compatible model used for borderline
// claim-support scores (issue 5). URL "" disables it.
type Judge struct {
	URL       string        `yaml:"url" cfg:"url"`
	Model     string        `yaml:"model"`
	APIKeyEnv string        `yaml:"api-key-env" cfg:"env"` // name of the environment variable holding the key (never the key itself)
	Timeout   time.Duration `yaml:"timeout"`
}

// Default returns the configuration used when there is no config file and no
// rule registry is available; see New.
func Default() *Config { return New(Options{}) }

// New returns the defaults bound to a rule registry, so that ApplyFlags can
// validate rule names even when there is no config file.
func New(opts Options) *Config {
	return &Config{
		Version: Version,
		Dir:     ".",
		Run: Run{
			Include: []string{"**/*.md", "**/*.markdown", "**/*.mdx"},
		},
		Rules:  Rules{Default: DefaultStandard},
		Issues: Issues{FailLevel: result.SeverityWarning},
		Output: Output{Formats: []OutputFormat{{Format: "text", Path: Stdout}}},
		Resolvers: Resolvers{
			Cache:          Cache{Mode: CacheNormal},
			Timeout:        10 * time.Minute,
			RequestTimeout: 20 * time.Second,
			HostBudget:     30 * time.Second,
			MaxRetryWait:   10 * time.Second,
			DOI:            Endpoint{URL: "https://doi.org"},
			Crossref:       Endpoint{URL: "https://api.crossref.org"},
			DataCite:       Endpoint{URL: "https://api.datacite.org"},
			ArXiv:          Endpoint{URL: "https://export.arxiv.org"},
			Hosts:          map[string]HostLimit{"export.arxiv.org": {Concurrency: 1, Interval: 3 * time.Second}},
		},
		Judge: Judge{Timeout: 30 * time.Second},
		opts:  opts,
	}
}

// Find walks up from startDir looking for .citelint.yaml or .citelint.yml and
// returns the first found, or "" if there is none up to the filesystem root.
// Both names in one directory is an error rather than a silent preference,
// because editing the one citelint ignores is a confusing way to lose an hour.
func Find(startDir string) (string, error) {
	dir, err := filepath.Abs(startDir)
	if err != nil {
		return "", err
	}
	for {
		var found []string
		for _, name := range FileNames {
			p := filepath.Join(dir, name)
			fi, err := os.Stat(p)
			switch {
			case err == nil && fi.Mode().IsRegular():
				found = append(found, p)
			case err == nil, errors.Is(err, fs.ErrNotExist), errors.Is(err, fs.ErrPermission):
				// A directory of that name, or an unreadable parent, is not a config.
			default:
				return "", err
			}
		}
		switch len(found) {
		case 1:
			return found[0], nil
		case 2:
			return "", fmt.Errorf("both %s and %s exist; remove one", found[0], filepath.Base(found[1]))
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", nil
		}
		dir = parent
	}
}

// Load reads and parses the file at path. Dir is set to the file's absolute
// directory so relative paths keep working if the process changes directory.
func Load(path string, opts Options) (*Config, error) {
	// A regular file of at most 1 MiB: -c /dev/zero is an error naming it,
	// not an exhausted memory.
	data, err := safefile.ReadFile(path, safefile.MaxConfig)
	if err != nil {
		return nil, err
	}
	c, err := Parse(path, data, opts)
	if c != nil {
		if abs, aerr := filepath.Abs(filepath.Dir(path)); aerr == nil {
			c.Dir = abs
		}
	}
	return c, err
}

// Parse parses data read from name (used in messages and, through its
// directory, as Dir). On error it returns the Errors found and a nil Config:
// a half-valid config must never be used to lint.
func Parse(name string, data []byte, opts Options) (*Config, error) {
	c := New(opts)
	c.Path = name
	c.Dir = filepath.Dir(name)
	if name == "" {
		c.Dir = "."
	}
	d := &decoder{file: name, opts: opts}
	root := d.parseYAML(data)
	if root != nil {
		d.config(root, c)
	}
	if opts.NewSettings != nil {
		d.checkSettings(c, opts.NewSettings)
	}
	if len(d.errs) > 0 {
		sortErrors(d.errs)
		return nil, d.errs
	}
	return c, nil
}

// Resolve turns a path from the config (relative to Dir) into one usable with
// os functions; absolute paths and stdout/stderr are returned unchanged.
func (c *Config) Resolve(p string) string {
	if p == "" || p == Stdout || p == Stderr || filepath.IsAbs(p) {
		return p
	}
	return filepath.Join(c.Dir, filepath.FromSlash(p))
}

// Rel turns a path as citelint found it (absolute, or relative to the working
// directory) into the slash path relative to Dir that globs are matched
// against. A path outside Dir comes back starting with "../", which no
// relative glob matches.
func (c *Config) Rel(p string) string {
	wd, err := os.Getwd()
	if err != nil {
		wd = ""
	}
	return c.RelFrom(wd, p)
}

// RelFrom is Rel with the working directory given, for callers that relate
// many paths: os.Getwd costs three system calls, and Rel needs it for every
// relative path. An empty wd (unknown) gives the cleaned path as is.
func (c *Config) RelFrom(wd, p string) string {
	dir := c.Dir
	if dir == "" {
		dir = "."
	}
	abs := func(x string) (string, bool) {
		if filepath.IsAbs(x) {
			return filepath.Clean(x), true
		}
		return filepath.Join(wd, x), wd != ""
	}
	ad, ok1 := abs(dir)
	ap, ok2 := abs(p)
	if !ok1 || !ok2 {
		return path.Clean(filepath.ToSlash(p))
	}
	r, err := filepath.Rel(ad, ap)
	if err != nil {
		return filepath.ToSlash(ap)
	}
	return filepath.ToSlash(r)
}

// Selected reports whether the file at rel (see Rel) is to be linted: it
// matches a run.include glob and no run.exclude glob.
func (c *Config) Selected(rel string) bool {
	return matchAny(c.Run.Include, rel) && !matchAny(c.Run.Exclude, rel)
}

// SkipDir reports whether the walk can prune the directory at rel because
// run.exclude matches it (e.g. "vendor/**" matches "vendor").
func (c *Config) SkipDir(rel string) bool {
	return rel != "." && matchAny(c.Run.Exclude, rel)
}

func matchAny(globs []string, rel string) bool {
	for _, g := range globs {
		if doublestar.MatchUnvalidated(g, rel) {
			return true
		}
	}
	return false
}

// RuleEnabled reports whether the rule called name (canonical, or an alias
// from Options) runs. defaultOn is the rule's own default, used by
// rules.default "standard"; inReports says the rule is also on under
// "reports".
//
// Semantics follow golangci-lint v2's linters section: the set starts from
// rules.default (standard = each rule's default, reports = standard and the
// rules for generated reports, all, none), then enable adds
// and disable removes. A rule listed in both enable and disable is a config
// error, and ApplyFlags moves a name from one list to the other, so the lists
// are disjoint; if code builds a Config with a rule in both, disable wins,
// because failing safe means running fewer rules than asked, not more.
func (c *Config) RuleEnabled(name string, defaultOn, inReports bool) bool {
	if canon, ok := c.opts.Aliases[name]; ok {
		name = canon
	}
	if slices.Contains(c.Rules.Disable, name) {
		return false
	}
	if slices.Contains(c.Rules.Enable, name) {
		return true
	}
	switch c.Rules.Default {
	case DefaultAll:
		return true
	case DefaultNone:
		return false
	case DefaultReports:
		return defaultOn || inReports
	}
	return defaultOn
}

// SetDefault sets rules.default from the command line (--default), which
// overrides the file.
func (c *Config) SetDefault(set string) error {
	sets := []string{DefaultStandard, DefaultReports, DefaultAll, DefaultNone}
	if !slices.Contains(sets, set) {
		return fmt.Errorf("unknown rule set %q; want one of %s%s", set, strings.Join(sets, ", "), didYouMean(set, sets))
	}
	c.Rules.Default = set
	return nil
}

// ApplyFlags applies --enable, --disable and --enable-only, which override the
// file. Values may be repeated or comma-separated. --enable-only a,b runs
// exactly a and b (rules.default becomes none); combining it with --enable or
// --disable is an error because the intent is ambiguous. A flag enabling a
// rule the file disables (or the reverse) moves it: the command line wins.
// Unknown names are errors with a did-you-mean; on error c is unchanged.
func (c *Config) ApplyFlags(enable, disable, enableOnly []string) error {
	var errs Errors
	names := func(flag string, vals []string) []string {
		var out []string
		for _, v := range vals {
			for _, n := range strings.Split(v, ",") {
				n = strings.TrimSpace(n)
				if n == "" {
					continue
				}
				canon, ok := c.opts.canonical(n)
				if !ok {
					errs = append(errs, &Error{Msg: fmt.Sprintf("%s: unknown rule %q%s", flag, n, didYouMean(n, c.opts.candidates()))})
					continue
				}
				if !slices.Contains(out, canon) {
					out = append(out, canon)
				}
			}
		}
		return out
	}
	en := names("--enable", enable)
	dis := names("--disable", disable)
	only := names("--enable-only", enableOnly)
	if len(enableOnly) > 0 && (len(enable) > 0 || len(disable) > 0) {
		errs = append(errs, &Error{Msg: "--enable-only cannot be combined with --enable or --disable"})
	}
	for _, n := range en {
		if slices.Contains(dis, n) {
			errs = append(errs, &Error{Msg: fmt.Sprintf("rule %q given to both --enable and --disable", n)})
		}
	}
	if len(errs) > 0 {
		return errs
	}
	if len(enableOnly) > 0 {
		c.Rules.Default = DefaultNone
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

// ParseFormatFlag parses a --format value "NAME" or "NAME:PATH" (PATH
// defaulting to stdout), so the flag and the file accept the same names.
func ParseFormatFlag(s string) (OutputFormat, error) {
	name, p, _ := strings.Cut(s, ":")
	if !slices.Contains(FormatNames, name) {
		return OutputFormat{}, fmt.Errorf("--format: unknown format %q%s; want one of %s", name, didYouMean(name, FormatNames), strings.Join(FormatNames, ", "))
	}
	if p == "" {
		p = Stdout
	}
	return OutputFormat{Format: name, Path: p}, nil
}
