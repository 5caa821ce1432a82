package main

// Tests of .github/split-args, which splits the Action's args input into
// words the way a shell would without ever evaluating them (issue 36).

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

const splitArgsScript = "../../.github/split-args"

// splitArgs runs .github/split-args on s in dir and returns the words, or
// the error it printed (exit code 2) as err.
func splitArgs(t testing.TB, dir, s string) (words []string, errMsg string, ok bool) {
	t.Helper()
	script, err := filepath.Abs(splitArgsScript)
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("bash", script, s)
	cmd.Dir = dir
	cmd.Env = []string{"PATH=" + os.Getenv("PATH")}
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err = cmd.Run()
	if err != nil {
		ee, isExit := err.(*exec.ExitError)
		if !isExit || ee.ExitCode() != 2 {
			t.Fatalf("split-args %q: %v\n%s", s, err, stderr.String())
		}
		if stdout.Len() != 0 && !bytes.HasSuffix(stdout.Bytes(), []byte{0}) {
			t.Fatalf("split-args %q: a word cut short on standard output: %q", s, stdout.String())
		}
		return nil, stderr.String(), false
	}
	if stderr.Len() != 0 {
		t.Fatalf("split-args %q succeeded but wrote %q", s, stderr.String())
	}
	out := stdout.String()
	if out == "" {
		return nil, "", true
	}
	if !strings.HasSuffix(out, "\x00") {
		t.Fatalf("split-args %q: output does not end with NUL: %q", s, out)
	}
	return strings.Split(strings.TrimSuffix(out, "\x00"), "\x00"), "", true
}

// bashWords is what bash itself makes of s as the words of an array, with
// globbing and brace expansion off and ~ standing for itself: the oracle
// for the table's accepted cases, which evaluate nothing (never fuzzed).
func bashWords(t *testing.T, s string) []string {
	t.Helper()
	cmd := exec.Command("bash", "--noprofile", "--norc", "-c", `set -f +B; HOME='~'; eval "w=( $1 )"; if [ ${#w[@]} -gt 0 ]; then printf '%s\0' "${w[@]}"; fi`, "bash", s)
	cmd.Env = []string{"PATH=" + os.Getenv("PATH")}
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("bash on %q: %v", s, err)
	}
	if len(out) == 0 {
		return nil
	}
	return strings.Split(strings.TrimSuffix(string(out), "\x00"), "\x00")
}

// splitArgsRef is split-args in Go: the fuzz target checks one against
// the other.
func splitArgsRef(s string) ([]string, bool) {
	var words []string
	var w []byte
	started := false
	var quote byte
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch quote {
		case '\'':
			if c == '\'' {
				quote = 0
			} else {
				w = append(w, c)
			}
		case '"':
			switch c {
			case '"':
				quote = 0
			case '\\':
				if i+1 >= len(s) {
					return nil, false
				}
				i++
				switch n := s[i]; n {
				case '"', '\\', '$', '`':
					w = append(w, n)
				case '\n':
				default:
					w = append(w, '\\', n)
				}
			case '$', '`':
				return nil, false
			default:
				w = append(w, c)
			}
		default:
			switch c {
			case ' ', '\t', '\n':
				if started {
					words = append(words, string(w))
				}
				w, started = w[:0], false
			case '\'', '"':
				quote, started = c, true
			case '\\':
				if i+1 >= len(s) {
					return nil, false
				}
				i++
				if s[i] != '\n' {
					w, started = append(w, s[i]), true
				}
			case '$', '`', ';', '&', '|', '<', '>', '(', ')':
				return nil, false
			case '#':
				if !started {
					return nil, false
				}
				w = append(w, c)
			default:
				w, started = append(w, c), true
			}
		}
	}
	if quote != 0 {
		return nil, false
	}
	if started {
		words = append(words, string(w))
	}
	return words, true
}

func TestActionSplitArgs(t *testing.T) {
	tests := []struct {
		name, in string
		want     []string // nil with err: refused
		err      string   // part of the ::error message
		noOracle bool     // bash would differ on purpose (newline as a separator inside a command, ...)
	}{
		{"empty", "", nil, "", false},
		{"blanks only", " \t\n ", nil, "", false},
		{"plain words", "docs --fail-level error", []string{"docs", "--fail-level", "error"}, "", false},
		{"double quotes (issue 36: exited 2)", `--fail-level "error"`, []string{"--fail-level", "error"}, "", false},
		{"single quotes", `--fail-level 'error'`, []string{"--fail-level", "error"}, "", false},
		{"a space inside quotes", `"my docs" 'other docs'`, []string{"my docs", "other docs"}, "", false},
		{"quotes inside a word", `--format=sarif:"out dir"/x.sarif`, []string{"--format=sarif:out dir/x.sarif"}, "", false},
		{"empty quoted words", `a "" '' b`, []string{"a", "", "", "b"}, "", false},
		{"backslash escapes a space", `my\ docs`, []string{"my docs"}, "", false},
		{"backslash escapes a quote", `it\'s \"x\"`, []string{"it's", `"x"`}, "", false},
		{"escapes inside double quotes", `"a\"b\\c\$d\` + "`" + `e\nf"`, []string{"a\"b\\c$d`e\\nf"}, "", false},
		{"single quotes keep everything", `'$(touch canary) ; | & $HOME ` + "`x`" + ` \ "'`, []string{`$(touch canary) ; | & $HOME ` + "`x`" + ` \ "`}, "", false},
		{"backslash-newline joins", "a\\\nb c", []string{"ab", "c"}, "", false},
		{"multi-line args (YAML |)", "docs\n--fail-level error\n--issues-exit-code 0\n", []string{"docs", "--fail-level", "error", "--issues-exit-code", "0"}, "", true},
		{"globs stay as written", `* docs/*.md [ab] ?`, []string{"*", "docs/*.md", "[ab]", "?"}, "", false},
		{"braces and tilde stay as written", `{a,b} ~/x`, []string{"{a,b}", "~/x"}, "", true},
		{"a # inside a word", `a#b c'#'`, []string{"a#b", "c#"}, "", false},
		{"UTF-8 and other bytes", "é \"ü\" \xff\xfe", []string{"é", "ü", "\xff\xfe"}, "", false},
		{"CR is part of a word", "a\r b", []string{"a\r", "b"}, "", false},

		{"command substitution", `$(touch canary)`, nil, "'$' at byte 1 would be expanded", false},
		{"command substitution in double quotes", `"$(touch canary)"`, nil, "'$' at byte 2 would be expanded", false},
		{"backticks", "`touch canary`", nil, "'`' at byte 1 would be expanded", false},
		{"a variable", `--config $HOME/x`, nil, "'$' at byte 10", false},
		{"${...}", `${X:-y}`, nil, "'$' at byte 1", false},
		{"a semicolon", `docs; touch canary`, nil, "';' at byte 5 is a shell operator", false},
		{"and", `docs && touch canary`, nil, "'&' at byte 6 is a shell operator", false},
		{"a pipe", `docs | tee canary`, nil, "'|' at byte 6", false},
		{"a redirection", `docs > canary`, nil, "'>' at byte 6", false},
		{"an input redirection", `< /etc/passwd`, nil, "'<' at byte 1", false},
		{"a subshell", `(touch canary)`, nil, "'(' at byte 1", false},
		{"a newline then a command", "docs\n$(touch canary)", nil, "'$' at byte 6", false},
		{"a comment", `docs # strict`, nil, "'#' at byte 6 would start a comment", false},
		{"unbalanced double quote", `--fail-level "error`, nil, "the double quote at byte 14 is never closed", false},
		{"unbalanced single quote", `--fail-level 'error`, nil, "the single quote at byte 14 is never closed", false},
		{"a lone quote in a word", `it's`, nil, "the single quote at byte 3 is never closed", false},
		{"a trailing backslash", `docs\`, nil, "ends with a backslash", false},
		{"a trailing backslash inside double quotes", `"docs\`, nil, "the double quote at byte 1 is never closed", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			got, msg, ok := splitArgs(t, dir, tt.in)
			if ents, _ := os.ReadDir(dir); len(ents) != 0 {
				t.Fatalf("split-args %q made files: %v", tt.in, ents)
			}
			if tt.err != "" {
				if ok {
					t.Fatalf("split-args %q = %q, want the error %q", tt.in, got, tt.err)
				}
				if !strings.HasPrefix(msg, "::error title=citelint::args: ") || !strings.Contains(msg, tt.err) || strings.Count(msg, "\n") != 1 {
					t.Errorf("split-args %q: message %q, want one ::error line with %q", tt.in, msg, tt.err)
				}
				return
			}
			if !ok {
				t.Fatalf("split-args %q refused: %s", tt.in, msg)
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("split-args %q = %q, want %q", tt.in, got, tt.want)
			}
			if ref, refOK := splitArgsRef(tt.in); !refOK || !slices.Equal(ref, tt.want) {
				t.Errorf("splitArgsRef(%q) = %q, %v; want %q", tt.in, ref, refOK, tt.want)
			}
			if !tt.noOracle {
				if sh := bashWords(t, tt.in); !slices.Equal(sh, tt.want) {
					t.Errorf("bash makes %q of %q; want %q (split-args must split as a shell does)", sh, tt.in, tt.want)
				}
			}
		})
	}
	// The refused cases are refused by the reference too.
	for _, tt := range tests {
		if _, ok := splitArgsRef(tt.in); ok == (tt.err != "") {
			t.Errorf("splitArgsRef(%q) ok=%v", tt.in, ok)
		}
	}
}

// FuzzActionSplitArgs: split-args agrees with splitArgsRef on any input,
// refuses with one ::error line, and never writes a file.
func FuzzActionSplitArgs(f *testing.F) {
	for _, s := range []string{"", "a b", `--fail-level "error"`, `'x y' "z\"w" a\ b`, "$(id)", "`id`", "a;b", `"unclosed`, "'", "a\\", "a\\\nb", "# c", "a#b", "\xff\x80 \"\xc3\"", "\"\\\n\"", "a\r\n\tb"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if strings.IndexByte(s, 0) >= 0 {
			t.Skip("an environment variable cannot hold NUL")
		}
		dir := t.TempDir()
		got, msg, ok := splitArgs(t, dir, s)
		want, wantOK := splitArgsRef(s)
		if ok != wantOK || !slices.Equal(got, want) {
			t.Fatalf("split-args %q = %q, %v (%s); reference %q, %v", s, got, ok, msg, want, wantOK)
		}
		if !ok && (!strings.HasPrefix(msg, "::error title=citelint::args: ") || strings.Count(msg, "\n") != 1) {
			t.Fatalf("split-args %q: message %q", s, msg)
		}
		if ents, _ := os.ReadDir(dir); len(ents) != 0 {
			t.Fatalf("split-args %q made files: %v", s, ents)
		}
	})
}
