// Package version says what this binary was built from: the version,
// commit and build date that `citelint version` prints and every report,
// server and request names.
package version

import (
	"runtime"
	"runtime/debug"
)

// Version, Commit and Date say what this binary was built from. A release
// build sets them with -ldflags "-X github.com/citelint/citelint/internal/version.Version=v0.2.0"
// (see .goreleaser.yaml); otherwise init fills them from the build
// information Go records (the module version that `go install ...@v0.2.0`
// stamps, and the VCS revision and time of a build in a git checkout).
var Version, Commit, Date string

func init() { Version, Commit, Date = stamp(Version, Commit, Date, readBuildInfo()) }

// develVersion is what a build outside any release says it is: go build in
// a checkout records the main module's version as "(devel)".
const develVersion = "0.0.0-dev"

func readBuildInfo() *debug.BuildInfo {
	bi, _ := debug.ReadBuildInfo()
	return bi
}

// stamp fills what the linker flags left empty from the build
// information: the module version `go install module@v0.2.0` records, and
// the revision and commit time a build in a git checkout records (a
// checkout with uncommitted changes says so, since its revision does not
// describe it). It is a function of its inputs so that tests can feed it
// any build information.
func stamp(version, commit, date string, bi *debug.BuildInfo) (string, string, string) {
	modified := false
	if bi != nil {
		if version == "" && bi.Main.Version != "" && bi.Main.Version != "(devel)" {
			version = bi.Main.Version
		}
		for _, s := range bi.Settings {
			switch s.Key {
			case "vcs.revision":
				if commit == "" {
					commit = s.Value
				}
			case "vcs.time":
				if date == "" {
					date = s.Value
				}
			case "vcs.modified":
				modified = s.Value == "true"
			}
		}
	}
	if version == "" {
		version = develVersion
	}
	if modified && commit != "" {
		commit += "-dirty"
	}
	return version, commit, date
}

// Line is what `citelint version` prints, one line in the shape
// golangci-lint and ruff use: name, version, then where it came from.
func Line() string { return line(Version, Commit, Date, runtime.Version()) }

func line(version, commit, date, goVersion string) string {
	s := "citelint " + version + " ("
	if commit != "" {
		if len(commit) > 12 {
			commit = commit[:12]
		}
		s += "commit " + commit + ", "
	}
	if date != "" {
		s += "built " + date + ", "
	}
	return s + goVersion + " " + runtime.GOOS + "/" + runtime.GOARCH + ")"
}
