// Package config loads and validates .citelint.yaml, in the style of
// golangci-lint v2: a versioned file found by walking up from the working
// directory, strict keys (a typo is an error with file:line:col and a
// did-you-mean, never silently ignored), rule selection by a default set plus
// enable/disable lists, exclusions and severity rules, several outputs.
// Paths in the file are relative to its directory (golangci-lint v2's
// relative-path-mode "cfg"), so it gives the same result from any working
// directory. Callers pass the rule registry's names in Options, so that this
// package checks them without importing it.
package config

import (
	"cmp"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"time"

	"go.yaml.in/yaml/v3"

	"github.com/citelint/citelint/internal/didyoumean"
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

// RuleSets are rules.default's values, in the order messages list them.
var RuleSets = []string{DefaultStandard, DefaultReports, DefaultAll, DefaultNone}

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
	// Rules lists every rule name the binary has; nil accepts
	// any name (for tools that have no registry).
	Rules []string
	// NewSettings returns a rule's settings with their defaults, or nil for
	// a rule without settings. When set, Parse checks every rules.settings
	// entry, so every command rejects the same files whichever rules run.
	NewSettings func(rule string) any
}

// CheckRule returns an error with a did-you-mean when no rule is named
// name. With no registry every non-empty name is known.
func (o Options) CheckRule(name string) error {
	if o.Rules == nil && name != "" || slices.Contains(o.Rules, name) {
		return nil
	}
	return fmt.Errorf("unknown rule %q%s", short(name), didyoumean.Hint(name, o.Rules))
}

// Config is a parsed, validated configuration. It is not modified after
// Parse and the command-line overrides, so the matchers may be used from
// many goroutines.
//
// The struct tags are the whole file format: the decoder (decode.go) and the
// JSON Schema (schema.go) both read them. yaml names a field's key (in the
// order keys are offered as suggestions); doc is its schema description;
// enum lists a string's values ("$formats" names FormatNames, "$rulesets"
// RuleSets, "$severities" SeverityNames); min bounds a
// number; range bounds a duration ("1s,2m", see DurationRange); check names a string's validation (see decoder.checkString); key
// names the check of a map's keys; mapkey marks the field a list of structs
// written as a mapping takes its keys into; nonempty rejects an empty list,
// naming what it lists; single lets one string stand for a list of one;
// required makes the key mandatory (its value, if not "true", is a hint).
type Config struct {
	Version string `yaml:"version" check:"version" required:"add version: \"1\" as the first line" doc:"Configuration format version. Must be \"1\"."`
	// Path is the file the config was read from ("" for New).
	Path string `yaml:"-"`
	// Dir is the directory relative paths and globs are resolved against: the
	// config file's directory (absolute after Load), or "." for New.
	Dir string `yaml:"-"`

	Run          Run        `yaml:"run" doc:"What to lint."`
	Rules        Rules      `yaml:"rules" doc:"Which rules run, and their settings."`
	Exclusions   Exclusions `yaml:"exclusions" doc:"Issues to drop."`
	Severity     Severity   `yaml:"severity" doc:"Re-grade issues."`
	Issues       Issues     `yaml:"issues" doc:"Limits and the failure threshold."`
	Output       Output     `yaml:"output" doc:"Where results go."`
	Bibliography []string   `yaml:"bibliography" single:"true" check:"bibliography" doc:"BibTeX or CSL-JSON files for pandoc / MyST keys, relative to the config file, for every document (besides those a document's front matter or its book names: _quarto.yml, index.Rmd, _config.yml, myst.yml)."` // use Resolve
	Sources      string     `yaml:"sources" doc:"Source store for RAG keys and claim support: a folder whose file stems are keys, or a JSON / JSONL file of {id, text, title, url}."`
	Resolvers    Resolvers  `yaml:"resolvers" doc:"Network lookups of DOIs, arXiv ids and URLs."`
	Judge        Judge      `yaml:"judge" doc:"Optional model judge for borderline claim-support scores."`

	opts Options
}

// Run selects what to lint. Paths are relative to Dir; globs are doublestar
// globs over slash paths relative to Dir.
type Run struct {
	Paths   []string `yaml:"paths" nonempty:"path" doc:"Files or directories to lint, relative to the config file's directory. Unset, citelint lints the working directory."`
	Include []string `yaml:"include" check:"glob" nonempty:"glob (an empty include selects no file)" doc:"Globs selecting the files to lint. Default: Markdown, MDX, Quarto, R Markdown and Jupyter notebooks ([\"**/*.md\", \"**/*.markdown\", \"**/*.mdx\", \"**/*.qmd\", \"**/*.Rmd\", \"**/*.rmd\", \"**/*.ipynb\"])."`
	Exclude []string `yaml:"exclude" check:"glob" doc:"Globs of files and directories not to lint (directories are pruned)."`
	// No timeout is golangci-lint v2's default: v1's 1m caused routine
	// failures. A run that makes network requests has one all the same
	// (cli, engine.DefaultNetworkRunTimeout), which only --timeout raises.
	Timeout     time.Duration `yaml:"timeout" doc:"Stop the whole run after this long (exit code 4). Default 0: no timeout, except that a run with network lookups stops after 15m; this key can lower that limit, only --timeout can raise it."`
	Concurrency int           `yaml:"concurrency" min:"0" doc:"Files linted in parallel. Default 0: the number of CPUs."`
}

// Rules selects rules and carries their settings.
type Rules struct {
	Default string   `yaml:"default" enum:"$rulesets" doc:"Starting set: standard (each rule's default), reports (standard plus the rules for gating LLM-written reports, such as uncited-claim), all, or none. Then enable adds and disable removes."`
	Enable  []string `yaml:"enable" check:"rule" doc:"Rules to run in addition to the default set."`
	Disable []string `yaml:"disable" check:"rule" doc:"Rules not to run. A rule may not be both enabled and disabled."`
	// Settings holds each rule's settings as the raw YAML mapping, because the
	// rules package owns their types; decode with Config.DecodeSettings.
	Settings map[string]*yaml.Node "yaml:\"settings\" key:\"rule\" doc:\"Per-rule settings, keyed by rule name; see `citelint rule NAME`.\""
}

// Match holds the conditions shared by exclusion and severity rules (engine
// matches issues against them). Every condition that is set must hold; an
// unset one matches anything.
type Match struct {
	Rules      []string       `yaml:"rules" check:"rule" doc:"Rules the entry applies to; absent means any rule."`
	Path       string         `yaml:"path" check:"glob" doc:"Only issues in files matching this glob (relative to the config file's directory)."`
	PathExcept string         `yaml:"path-except" check:"glob" doc:"Not issues in files matching this glob."`
	Text       *regexp.Regexp `yaml:"text" doc:"Only issues whose message matches this regular expression (Go RE2 syntax)."`
	Source     *regexp.Regexp `yaml:"source" doc:"Only issues whose source line matches this regular expression (golangci-lint's source)."`
	Line       int            `yaml:"-"` // where the entry starts in the file, for diagnostics
}

// Exclusions drops issues.
type Exclusions struct {
	Paths []string `yaml:"paths" check:"glob" doc:"Report no issue in files matching these globs."`
	Rules []Match  `yaml:"rules" doc:"Drop issues matching every condition of an entry."`
}

// Severity re-grades issues.
type Severity struct {
	Default result.Severity `yaml:"default" enum:",note,warning,error,info" doc:"Severity for every issue no rule below matches; \"\" keeps each rule's own default."`
	Rules   []SeverityRule  `yaml:"rules" doc:"The first matching entry sets the severity."`
}

// SeverityRule sets Severity on issues that satisfy Match.
type SeverityRule struct {
	Severity result.Severity `yaml:"severity" enum:"$severities" required:"true"`
	Match    `yaml:",inline"`
}

// Issues limits and gates the report. Limits default to 0, unlimited:
// truncation causes "push again to see more" loops.
type Issues struct {
	MaxPerRule int `yaml:"max-per-rule" min:"0" doc:"Report at most this many issues per rule; 0 = unlimited (default)."`
	MaxSame    int `yaml:"max-same" min:"0" doc:"Report at most this many issues with the same message; 0 = unlimited (default)."`
	// FailLevel is warning, so notes do not fail CI (SARIF's meaning of "note").
	FailLevel        result.Severity `yaml:"fail-level" enum:"$severities" doc:"Exit 1 when an issue at or above this severity remains. Default warning."`
	FailOnUnverified bool            `yaml:"fail-on-unverified" doc:"Also fail when a reference could not be verified (timeouts, rate limits). Default false."`
}

// Output lists where to write results; several formats at once are allowed.
type Output struct {
	Formats []OutputFormat `yaml:"formats" nonempty:"format" doc:"Output formats and where to write each; several at once. Default: text to stdout."`
}

// OutputFormat is one printer and its destination.
type OutputFormat struct {
	Format string `yaml:"-" mapkey:"true" enum:"$formats"`                                                            // the key in output.formats
	Path   string `yaml:"path" check:"path" doc:"stdout, stderr, or a file relative to the config file's directory."` // use Resolve
	// FromFlag marks a format named on the command line (--format), whose
	// path is the workflow's choice. A path from the file, which a pull
	// request may have written, must stay inside the project.
	FromFlag bool `yaml:"-"`
}

// Resolvers configures network lookups (issue 4). The budgets have ranges
// a config cannot pass (range tags): it may come from a pull request, and
// one without budgets made a hanging link cost 608 s (issue 37).
type Resolvers struct {
	Cache          Cache         `yaml:"cache"`
	Mailto         string        `yaml:"mailto" check:"mailto" doc:"Contact e-mail sent to registries (Crossref's polite pool) and in the User-Agent."`
	Timeout        time.Duration `yaml:"timeout" range:"1s,15m" doc:"Overall network budget: lookups still pending then are unverified. Default 10m; between 1s and 15m."`
	RequestTimeout time.Duration `yaml:"request-timeout" range:"1s,1m" doc:"Per request, body included. Default 20s (lychee's default); between 1s and 1m."`
	HostBudget     time.Duration `yaml:"host-budget" range:"1s,2m" doc:"Time one host may cost in failed attempts (timeouts, 429, 5xx) and retry waits; then its remaining lookups are unverified. Default 30s; between 1s and 2m."`
	MaxRetryWait   time.Duration `yaml:"max-retry-wait" range:"1s,1m" doc:"Longest Retry-After waited for; a longer one leaves the lookup unverified. Default 10s; between 1s and 1m."`
	DOI            Endpoint      `yaml:"doi" doc:"doi.org handle API. Default https://doi.org."`
	Crossref       Crossref      `yaml:"crossref" doc:"Crossref REST API. Default https://api.crossref.org."`
	DataCite       Endpoint      `yaml:"datacite" doc:"Default https://api.datacite.org."`
	ArXiv          Endpoint      `yaml:"arxiv" doc:"Default https://export.arxiv.org."`
	URL            URLResolver   `yaml:"url"`
	// Hosts is keyed by lower-case host[:port]; by default arXiv gets one
	// request per 3 s, as its API terms ask.
	Hosts map[string]HostLimit `yaml:"hosts" key:"host" doc:"Per-host limits, keyed by host name; the arXiv default (1 request per 3s) is kept unless overridden."`
}

// CrossrefMailto is resolvers.crossref.mailto, falling back to resolvers.mailto.
func (r *Resolvers) CrossrefMailto() string { return cmp.Or(r.Crossref.Mailto, r.Mailto) }

// Cache configures the on-disk resolver cache.
type Cache struct {
	// Dir from a config file is a folder inside the project, which a pull
	// request may have written: relative, no "..", not in .git (checked
	// here), and resolving inside the project through any link (checked
	// by engine.OpenCache and resolve/cache each time it is opened). A
	// folder elsewhere is the workflow's choice: --cache-dir or
	// CITELINT_CACHE_DIR, which set FromFlag.
	Dir  string `yaml:"dir" check:"cachedir" doc:"Cache folder inside the project, relative to the config file's directory (not absolute, no .., not in .git); \"\" = the user cache directory. Commit one to the repository to make CI runs reproducible offline. A folder elsewhere is named with --cache-dir or CITELINT_CACHE_DIR."` // relative to Dir
	Mode string `yaml:"mode" enum:"normal,offline,refresh" doc:"normal; offline (no requests; uncached = unverified); refresh (ignore cached entries)."`
	// FromFlag marks a Dir the caller chose (--cache-dir,
	// CITELINT_CACHE_DIR, a program), which is used as given, like a
	// --format path.
	FromFlag bool `yaml:"-"`
	// Line and Column are where dir is written in the file, for errors
	// found when the folder is opened.
	Line, Column int `yaml:"-"`
}

// Endpoint is a resolver's base URL (tests and mirrors point it elsewhere).
// An empty url keeps the default.
type Endpoint struct {
	URL string `yaml:"url" check:"url" doc:"Base URL of the service (point it at a mirror or a test stub)."`
}

// Crossref is an Endpoint that may carry its own polite-pool contact.
type Crossref struct {
	Endpoint `yaml:",inline"`
	Mailto   string `yaml:"mailto" check:"mailto" doc:"Contact for Crossref only; default resolvers.mailto."`
}

// URLResolver configures link checking.
type URLResolver struct {
	// Off, and only with the workflow's consent, because the document and
	// this file may both come from a pull request that probes internal hosts.
	AllowPrivate bool `yaml:"allow-private" doc:"Allow link checks against loopback, private and link-local addresses. Default false. Takes effect only with the workflow's consent: --allow-private or CITELINT_ALLOW_PRIVATE=true (see docs/security.md)."`
}

// HostLimit bounds traffic to one host.
type HostLimit struct {
	Concurrency int           `yaml:"concurrency" min:"0" doc:"Simultaneous requests; 0 = the resolver's default."`
	Interval    time.Duration `yaml:"interval" doc:"Minimum time between request starts."`
}

// Judge configures the optional OpenAI-compatible model used for borderline
// claim-support scores (issue 5). URL "" disables it.
type Judge struct {
	URL       string        `yaml:"url" check:"url" doc:"OpenAI-compatible chat-completions base URL; \"\" disables the judge."`
	Model     string        `yaml:"model" doc:"Model name sent to the endpoint."`
	APIKeyEnv string        `yaml:"api-key-env" check:"env" doc:"Name of the environment variable holding the API key (never the key itself)."`
	Timeout   time.Duration `yaml:"timeout" range:"1s,5m" doc:"Per request. Default 30s; between 1s and 5m."`
	// The fields below are read by resolve/judge and rules (docs/judge.md).
	Format      string `yaml:"format" enum:"json,minicheck" doc:"Prompt and answer format: json (a verdict with a quoted passage) or minicheck (Document/Claim prompt, Yes/No answer). Default json."`
	Logprobs    bool   `yaml:"logprobs" doc:"Ask for token log-probabilities and score P(Yes) (minicheck format). Default true."`
	Mode        string `yaml:"mode" enum:"band,all" doc:"Which sentences go to the judge: band (scores within low-overlap's judge-band of the threshold) or all cited sentences. Default band."`
	MaxTokens   int    `yaml:"max-tokens" min:"0" doc:"Evidence budget per sentence, in tokens; 0 = 1024."`
	ChunkTokens int    `yaml:"chunk-tokens" min:"0" doc:"Split the evidence into chunks of this many tokens, each asked separately (as MiniCheck does); 0 = one chunk."`
	MaxCalls    int    `yaml:"max-calls" min:"0" doc:"Questions per run; 0 = no cap. Default 500."`
	Concurrency int    `yaml:"concurrency" min:"0" doc:"Questions in flight; 0 = 4."`
}

// New returns the defaults, bound to the rule registry in opts.
func New(opts Options) *Config {
	return &Config{
		Version: Version,
		Dir:     ".",
		Run: Run{
			Include: []string{"**/*.md", "**/*.markdown", "**/*.mdx", "**/*.qmd", "**/*.Rmd", "**/*.rmd", "**/*.ipynb"},
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
			Crossref:       Crossref{Endpoint: Endpoint{URL: "https://api.crossref.org"}},
			DataCite:       Endpoint{URL: "https://api.datacite.org"},
			ArXiv:          Endpoint{URL: "https://export.arxiv.org"},
			Hosts:          map[string]HostLimit{"export.arxiv.org": {Concurrency: 1, Interval: 3 * time.Second}},
		},
		Judge: Judge{Timeout: 30 * time.Second, Format: "json", Logprobs: true, Mode: "band", MaxCalls: 500},
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
	for ; ; dir = filepath.Dir(dir) {
		var found []string
		for _, name := range FileNames {
			p := filepath.Join(dir, name)
			// A directory of that name, or an unreadable parent, is not a config.
			switch fi, err := os.Stat(p); {
			case err == nil && fi.Mode().IsRegular():
				found = append(found, p)
			case err != nil && !errors.Is(err, fs.ErrNotExist) && !errors.Is(err, fs.ErrPermission):
				return "", err
			}
		}
		switch len(found) {
		case 1:
			return found[0], nil
		case 2:
			return "", fmt.Errorf("both %s and %s exist; remove one", found[0], filepath.Base(found[1]))
		}
		if filepath.Dir(dir) == dir { // the root
			return "", nil
		}
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
	if abs, aerr := filepath.Abs(filepath.Dir(path)); c != nil && aerr == nil {
		c.Dir = abs
	}
	return c, err
}

// Parse parses data read from name (used in messages and, through its
// directory, as Dir). On error it returns the Errors found and a nil Config:
// a half-valid config must never be used to lint.
func Parse(name string, data []byte, opts Options) (*Config, error) {
	c := New(opts)
	c.Path, c.Dir = name, filepath.Dir(name) // "." for ""
	d := newDecoder(name, opts)
	if root := d.parseYAML(data); root != nil {
		d.decode(root, nil, reflect.ValueOf(c).Elem(), "")
	}
	// Every rule's settings are checked, enabled or not, so that a bad
	// setting of a rule that is off is an error now rather than when someone
	// turns the rule on, and every command accepts the same files.
	if opts.NewSettings != nil {
		for _, rule := range slices.Sorted(maps.Keys(c.Rules.Settings)) {
			n, p := c.Rules.Settings[rule], settingsPath(rule)
			if into := opts.NewSettings(rule); into != nil {
				d.decode(n, p, reflect.ValueOf(into).Elem(), "")
			} else {
				d.errf(n, p, "%s: rule %q has no settings", p, rule)
			}
		}
	}
	if err := d.err(); err != nil {
		return nil, err
	}
	return c, nil
}

func settingsPath(rule string) kpath { return kpath{"rules", "settings"}.key(rule) }

// DecodeSettings decodes rules.settings.<rule> into into, a non-nil pointer
// to the rule's settings pre-filled with their defaults, which absent keys
// (or absent settings) keep. It is the decoder Parse uses, as strict and as
// positioned; then the type's Validate runs, if it has one
// (yaml.Unmarshaler and encoding.TextUnmarshaler types validate themselves).
func (c *Config) DecodeSettings(rule string, into any) error {
	rv := reflect.ValueOf(into)
	if rv.Kind() != reflect.Pointer || rv.IsNil() {
		return fmt.Errorf("config: DecodeSettings(%q) needs a non-nil pointer, got %T", rule, into)
	}
	d := newDecoder(c.Path, c.opts)
	d.decode(c.Rules.Settings[rule], settingsPath(rule), rv.Elem(), "") // no settings (nil) keep the defaults
	return d.err()
}

// Resolve turns a path from the config (relative to Dir) into one usable with
// os functions; absolute paths and stdout/stderr are returned unchanged.
func (c *Config) Resolve(p string) string {
	if p == "" || p == Stdout || p == Stderr || filepath.IsAbs(p) {
		return p
	}
	return filepath.Join(c.Dir, filepath.FromSlash(p))
}
