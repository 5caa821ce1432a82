package reportfile

import (
	"fmt"
	"slices"
	"strings"

	"github.com/citelint/citelint/config"
	"github.com/citelint/citelint/internal/didyoumean"
)

// ParseFlag parses a --format value "NAME" or "NAME:PATH" (PATH
// defaulting to stdout), so the flag and the file accept the same names.
func ParseFlag(s string) (config.OutputFormat, error) {
	name, p, _ := strings.Cut(s, ":")
	if !slices.Contains(config.FormatNames, name) {
		return config.OutputFormat{}, fmt.Errorf("--format: unknown format %q%s; want one of %s", name, didyoumean.Hint(name, config.FormatNames), strings.Join(config.FormatNames, ", "))
	}
	if p == "" {
		p = config.Stdout
	}
	return config.OutputFormat{Format: name, Path: p}, nil
}

// AwayFromStdout moves the reports that would go to standard output to
// standard error: the fixed document went there (--fix -), and the two
// must not mix, as in ruff.
func AwayFromStdout(formats []config.OutputFormat) {
	for i := range formats {
		if formats[i].Path == config.Stdout || formats[i].Path == "" {
			formats[i].Path = config.Stderr
		}
	}
}
