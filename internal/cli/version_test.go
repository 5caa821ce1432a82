package cli

import (
	"bytes"
	"runtime/debug"
	"strings"
	"testing"
)

func TestStampVersion(t *testing.T) {
	vcs := func(rev, time, modified string) []debug.BuildSetting {
		return []debug.BuildSetting{{Key: "vcs.revision", Value: rev}, {Key: "vcs.time", Value: time}, {Key: "vcs.modified", Value: modified}}
	}
	tests := []struct {
		name                   string
		version, commit, date  string
		bi                     *debug.BuildInfo
		wantV, wantC, wantDate string
	}{
		{"no build info", "", "", "", nil, "0.0.0-dev", "", ""},
		{"go build in a checkout", "", "", "",
			&debug.BuildInfo{Main: debug.Module{Version: "(devel)"}, Settings: vcs("0123456789abcdef", "2026-11-25T12:00:00Z", "false")},
			"0.0.0-dev", "0123456789abcdef", "2026-11-25T12:00:00Z"},
		{"uncommitted changes", "", "", "",
			&debug.BuildInfo{Main: debug.Module{Version: "(devel)"}, Settings: vcs("0123", "2026-11-25T12:00:00Z", "true")},
			"0.0.0-dev", "0123-dirty", "2026-11-25T12:00:00Z"},
		{"go install module@v0.2.0", "", "", "",
			&debug.BuildInfo{Main: debug.Module{Version: "v0.2.0"}},
			"v0.2.0", "", ""},
		{"release build: linker flags win", "v0.3.0", "abc", "2026-12-01T00:00:00Z",
			&debug.BuildInfo{Main: debug.Module{Version: "v0.2.0"}, Settings: vcs("0123", "2026-11-25T12:00:00Z", "false")},
			"v0.3.0", "abc", "2026-12-01T00:00:00Z"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v, c, d := stampVersion(tt.version, tt.commit, tt.date, tt.bi)
			if v != tt.wantV || c != tt.wantC || d != tt.wantDate {
				t.Errorf("got %q %q %q, want %q %q %q", v, c, d, tt.wantV, tt.wantC, tt.wantDate)
			}
		})
	}
}

func TestVersionLine(t *testing.T) {
	got := versionLine("v0.2.0", "0123456789abcdef0123", "2026-11-25T12:00:00Z", "go1.26.8")
	if !strings.HasPrefix(got, "citelint v0.2.0 (commit 0123456789ab, built 2026-11-25T12:00:00Z, go1.26.8 ") {
		t.Errorf("versionLine = %q", got)
	}
	if got := versionLine("dev", "", "", "go1.26.8"); !strings.HasPrefix(got, "citelint dev (go1.26.8 ") {
		t.Errorf("versionLine without VCS = %q", got)
	}
}

func TestVersionShort(t *testing.T) {
	var out, errb bytes.Buffer
	if code := Main([]string{"version", "--short"}, Env{Stdout: &out, Stderr: &errb}); code != ExitOK {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	if got := strings.TrimSpace(out.String()); got != Version || got == "" {
		t.Errorf("version --short = %q, want %q", got, Version)
	}
}
