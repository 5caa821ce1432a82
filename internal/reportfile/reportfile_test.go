package reportfile

import (
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/citelint/citelint/config"
)

// TestWithConfines: a report path from the config stays inside the
// config's project; the same path named with --format may be anywhere; a
// refused path leaves nothing behind.
func TestWithConfines(t *testing.T) {
	project, elsewhere := t.TempDir(), t.TempDir()
	cfg := &config.Config{Dir: project}
	hello := func(w io.Writer) error { _, err := io.WriteString(w, "report\n"); return err }
	for _, tc := range []struct {
		name     string
		of       config.OutputFormat
		refused  bool
		landedAt string
	}{
		{"config, inside", config.OutputFormat{Format: "json", Path: "out/r.json"}, false, filepath.Join(project, "out", "r.json")},
		{"config, outside", config.OutputFormat{Format: "json", Path: filepath.Join(elsewhere, "r.json")}, true, filepath.Join(elsewhere, "r.json")},
		{"flag, outside", config.OutputFormat{Format: "json", Path: filepath.Join(elsewhere, "f.json"), FromFlag: true}, false, filepath.Join(elsewhere, "f.json")},
	} {
		t.Run(tc.name, func(t *testing.T) {
			os.MkdirAll(filepath.Join(project, "out"), 0o755)
			err := With(tc.of, cfg, io.Discard, io.Discard, hello)
			_, statErr := os.Stat(tc.landedAt)
			if tc.refused {
				if err == nil || !strings.Contains(err.Error(), "a report is written outside the project only when --format names it") {
					t.Errorf("want the path refused, got %v", err)
				}
				if statErr == nil {
					t.Errorf("a refused report was written at %s", tc.landedAt)
				}
				return
			}
			if err != nil || statErr != nil {
				t.Errorf("want the report at %s: %v, %v", tc.landedAt, err, statErr)
			}
		})
	}
}
