package cli

import (
	"encoding/json"
	"strings"
	"testing"
)

func TestCalibrate(t *testing.T) {
	dir := t.TempDir()
	data := write(t, dir, "pairs.jsonl", strings.Join([]string{
		`{"claim": "Sea levels rose 20 cm since 1900.", "source": "Global mean sea level rose about 20 cm between 1900 and 2018.", "supported": true}`,
		`{"claim": "The bridge opened in 1932 after six years of work.", "source": ["Construction began in 1926.", "The bridge opened in 1932."], "supported": true}`,
		`{"claim": "Penguins live at the North Pole.", "source": "Penguins live almost exclusively in the Southern Hemisphere.", "supported": false}`,
		`{"claim": "The company was founded by three engineers in Oslo.", "source": "Quarterly revenue grew in the retail segment.", "supported": false}`,
		``,
	}, "\n"))
	code, stdout, stderr := run(t, dir, "", "calibrate", "--data", data, "--format", "json")
	if code != ExitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var m map[string]float64
	if err := json.Unmarshal([]byte(stdout), &m); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"n", "auroc", "threshold", "balanced_accuracy", "precision", "recall", "best_threshold", "best_balanced_accuracy"} {
		if _, ok := m[k]; !ok {
			t.Errorf("JSON lacks %q", k)
		}
	}
	if m["n"] != 4 || m["auroc"] != 1 {
		t.Errorf("n %v auroc %v, want 4 and 1 on separable pairs", m["n"], m["auroc"])
	}
	if code, out, _ := run(t, dir, "", "calibrate", "--data", data); code != ExitOK || !strings.Contains(out, "AUROC                  1.000") {
		t.Errorf("text: exit %d\n%s", code, out)
	}
	bad := write(t, dir, "bad.jsonl", "{\"claim\": \"x\", \"source\": \"y\", \"supported\": true}\n{\"claim\": 3}\n")
	if code, _, stderr := run(t, dir, "", "calibrate", "--data", bad); code != ExitFailure || !strings.Contains(stderr, "bad.jsonl: line 2:") {
		t.Errorf("bad file: exit %d, %q", code, stderr)
	}
	if code, _, _ := run(t, dir, "", "calibrate"); code != ExitUsage {
		t.Errorf("no --data: exit %d", code)
	}
}
