package version

import (
	"runtime/debug"
	"strings"
	"testing"
)

func TestStamp(t *testing.T) {
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
			v, c, d := stamp(tt.version, tt.commit, tt.date, tt.bi)
			if v != tt.wantV || c != tt.wantC || d != tt.wantDate {
				t.Errorf("got %q %q %q, want %q %q %q", v, c, d, tt.wantV, tt.wantC, tt.wantDate)
			}
		})
	}
}

func TestLine(t *testing.T) {
	tests := []struct {
		name                         string
		version, commit, date, goVer string
		wantPrefix                   string
	}{
		{"release", "v0.2.0", "0123456789abcdef0123", "2026-11-25T12:00:00Z", "go1.26.8", "citelint v0.2.0 (commit 0123456789ab, built 2026-11-25T12:00:00Z, go1.26.8 "},
		{"without VCS", "dev", "", "", "go1.26.8", "citelint dev (go1.26.8 "},
	}
	for _, tt := range tests {
		if got := line(tt.version, tt.commit, tt.date, tt.goVer); !strings.HasPrefix(got, tt.wantPrefix) {
			t.Errorf("%s: line = %q, want prefix %q", tt.name, got, tt.wantPrefix)
		}
	}
}
