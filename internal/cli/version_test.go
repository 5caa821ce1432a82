package cli

import (
	"bytes"
	"strings"
	"testing"

	"github.com/citelint/citelint/internal/version"
)

func TestVersionShort(t *testing.T) {
	var out, errb bytes.Buffer
	if code := Main([]string{"version", "--short"}, Env{Stdout: &out, Stderr: &errb}); code != ExitOK {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	if got := strings.TrimSpace(out.String()); got != version.Version || got == "" {
		t.Errorf("version --short = %q, want %q", got, version.Version)
	}
}

func TestVersionLine(t *testing.T) {
	var out, errb bytes.Buffer
	if code := Main([]string{"version"}, Env{Stdout: &out, Stderr: &errb}); code != ExitOK {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	if got, want := out.String(), version.Line()+"\n"; got != want || !strings.HasPrefix(got, "citelint "+version.Version+" (") {
		t.Errorf("version = %q, want %q", got, want)
	}
}
