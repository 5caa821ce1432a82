package lint

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/citelint/citelint/internal/resolve"
	"github.com/citelint/citelint/internal/rules"
	"github.com/citelint/citelint/result"
)

// TestFileErrorKinds: every file error says why by its Kind, set where it
// is made, so that no caller has to read the message (issue 35).
func TestFileErrorKinds(t *testing.T) {
	dir := t.TempDir()
	write := func(name string, b []byte) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, b, 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	ok := write("ok.md", []byte("Fine.\n"))
	binary := write("bin.md", []byte("a\x00b\n"))
	huge := filepath.Join(dir, "huge.md") // sparse: its size says too large before a byte is read
	if f, err := os.Create(huge); err != nil {
		t.Fatal(err)
	} else if err := f.Truncate(maxFileSize + 1); err != nil {
		t.Fatal(err)
	} else {
		f.Close()
	}
	boom := &rules.Rule{Name: "boom", Check: func(*rules.Pass) { panic("boom") }}
	offline := Options{Env: resolve.NewEnv(nil), RuleEnv: &rules.Env{}} // unreadable-file off, no Warn
	cancelled, cancel := context.WithCancel(context.Background())
	cancel()

	tests := []struct {
		name string
		ctx  context.Context
		path string
		opts Options
		want result.ErrorKind
	}{
		{"missing file", context.Background(), filepath.Join(dir, "gone.md"), offline, result.ErrUnreadable},
		{"binary file", context.Background(), binary, offline, result.ErrUnreadable},
		{"device", context.Background(), os.DevNull, offline, result.ErrRefused},
		{"over the size cap", context.Background(), huge, offline, result.ErrTooLarge},
		{"over the document cap", context.Background(), ok, Options{Env: offline.Env, RuleEnv: offline.RuleEnv, MaxDocumentBytes: 2}, result.ErrTooLarge},
		{"time up", cancelled, ok, offline, result.ErrNotChecked},
		{"a rule panics", context.Background(), ok, Options{Env: offline.Env, RuleEnv: offline.RuleEnv, Rules: []Enabled{{Rule: boom}}}, result.ErrFailed},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.path == os.DevNull {
				if fi, err := os.Stat(os.DevNull); err != nil || fi.Mode().IsRegular() {
					t.Skip("no device file")
				}
			}
			res := Run(tt.ctx, []string{tt.path}, tt.opts)
			if len(res) != 1 || res[0].Err == nil {
				t.Fatalf("results %+v, want one file error", res)
			}
			if got := res[0].Err.Kind; got != tt.want {
				t.Errorf("kind %v, want %v (%v)", got, tt.want, res[0].Err)
			}
		})
	}

	t.Run("walk", func(t *testing.T) {
		_, errs := Walk([]string{filepath.Join(dir, "nowhere")}, "", nil, nil)
		if len(errs) != 1 || errs[0].Kind != result.ErrUnreadable {
			t.Errorf("walk of a missing path: %+v, want one unreadable", errs)
		}
		_, errs = WalkWith([]string{dir}, WalkOptions{Ctx: cancelled})
		if len(errs) != 1 || errs[0].Kind != result.ErrSearchStopped {
			t.Errorf("walk with the time up: %+v, want one search-stopped", errs)
		}
	})

	t.Run("standard input", func(t *testing.T) {
		defer func(n int) { inputLimit = n }(inputLimit)
		inputLimit = 4
		_, err := ReadInput(strings.NewReader("12345"))
		if e := InputError("-", err); e.Kind != result.ErrTooLarge || e.Error() != "-: standard input: input is over the 4-byte limit" {
			t.Errorf("InputError = %v (%v), want too-large", e, e.Kind)
		}
		if e := InputError("-", errors.New("read -: I/O error")); e.Kind != result.ErrUnreadable {
			t.Errorf("InputError of an I/O error: kind %v, want unreadable", e.Kind)
		}
	})
}
