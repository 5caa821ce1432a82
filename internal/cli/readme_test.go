package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestReadmeQuickStart: the output the README shows for its first command
// is what citelint prints on the example today, so the page a new user
// reads first stays true.
func TestReadmeQuickStart(t *testing.T) {
	root, _ := filepath.Abs(filepath.Join("..", ".."))
	readme, err := os.ReadFile(filepath.Join(root, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	const prompt = "$ ./citelint run examples/report.md\n"
	_, after, ok := strings.Cut(string(readme), "```text\n"+prompt)
	if !ok {
		t.Fatalf("README.md has no text block starting %q", prompt)
	}
	shown, _, _ := strings.Cut(after, "```")
	t.Chdir(root)
	_, stdout, stderr := run(t, root, "", "run", "--color", "never", "examples/report.md")
	if stdout != shown {
		t.Errorf("README.md shows:\n%s\ncitelint prints:\n%s%s", shown, stdout, stderr)
	}
}
