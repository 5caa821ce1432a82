package cli

import (
	"fmt"
	"runtime"
	"runtime/debug"
)

// develVersion is what a build outside any release says it is: go build in
// a checkout records the main module's version as "(devel)".
const develVersion = "0.0.0-dev"

func readBuildInfo() *debug.BuildInfo {
	bi, _ := debug.ReadBuildInfo()
	return bi
}

// stampVersion fills what the linker flags left empty from the build
// information: the module version `go install module@v0.2.0` records, and
// the revision and commit time a build in a git checkout records (a
// checkout with uncommitted changes says so, since its revision does not
// describe it). It is a function of its inputs so that tests can feed it
// any build information.
func stampVersion(version, commit, date string, bi *debug.BuildInfo) (string, string, string) {
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

// versionLine is what `citelint version` prints, one line in the shape
// golangci-lint and ruff use: name, version, then where it came from.
func versionLine(version, commit, date, goVersion string) string {
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

func versionCmd(args []string, env Env) int {
	fs := newFlagSet("version", env, "version [--short]\n\nPrint the version, commit, build date and Go version.")
	short := fs.Bool("short", false, "print only the version")
	if err := parseOnce(fs, args, env.Stdout); err != nil {
		return flagExit(err)
	}
	if *short {
		fmt.Fprintln(env.Stdout, Version)
		return ExitOK
	}
	fmt.Fprintln(env.Stdout, versionLine(Version, Commit, Date, runtime.Version()))
	return ExitOK
}
