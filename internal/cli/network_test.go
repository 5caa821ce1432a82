package cli

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/citelint/citelint/internal/registrystub"
)

// networkSetup is registrystub.Project, with the config asking for
// private addresses as a pull request could (the consent tests' subject).
func networkSetup(t *testing.T) (dir, doc string, stub *registrystub.Server) {
	return registrystub.Project(t, "url: {allow-private: true}")
}

func TestNetworkRules(t *testing.T) {
	dir, doc, stub := networkSetup(t)
	code, stdout, stderr := run(t, dir, "", "run", "--allow-private", "--format", "json", doc)
	if code != ExitIssues {
		t.Fatalf("exit %d\n%s%s", code, stdout, stderr)
	}
	got := issueLines(t, stdout)
	want := "report.md:6:dead-doi report.md:8:dead-link"
	if got != want {
		t.Errorf("issues %s, want %s\n%s", got, want, stdout)
	}
	if !strings.Contains(stdout, `"unverified": 1`) || !strings.Contains(stdout, `"unverified_url": 1`) {
		t.Errorf("the 503 page should be counted unverified:\n%s", stdout)
	}
	first := stub.Requests()

	// Warm cache: the definite answers come from disk; only the transient
	// 503 (never cached) is asked again.
	code, stdout, _ = run(t, dir, "", "run", "--allow-private", "--format", "json", doc)
	if code != ExitIssues || issueLines(t, stdout) != want {
		t.Errorf("warm run: exit %d, %s", code, issueLines(t, stdout))
	}
	second := stub.Requests()
	for kind, n := range second {
		if kind != "page" && n != first[kind] {
			t.Errorf("warm run asked %s again (%d then %d requests)", kind, first[kind], n)
		}
	}

	// Offline: no request at all; cached answers still count.
	code, stdout, _ = run(t, dir, "", "run", "--allow-private", "--offline", "--format", "json", doc)
	if code != ExitIssues || issueLines(t, stdout) != want {
		t.Errorf("offline run: exit %d, %s", code, issueLines(t, stdout))
	}
	for kind, n := range stub.Requests() {
		if n != second[kind] {
			t.Errorf("--offline made %s requests", kind)
		}
	}

	// Unverified fails the run only when asked.
	clean := write(t, dir, "clean.md", fmt.Sprintf("A busy page [1].\n\n## References\n\n1. Busy. %s/busy\n", stub.URL))
	if code, out, _ := run(t, dir, "", "run", "--allow-private", clean); code != ExitOK || !strings.Contains(out, "1 identifier unverified") {
		t.Errorf("unverified alone: exit %d\n%s", code, out)
	}
	if code, _, _ := run(t, dir, "", "run", "--allow-private", "--fail-on-unverified", clean); code != ExitIssues {
		t.Errorf("--fail-on-unverified: exit %d, want 1", code)
	}

	// Offline with an empty cache: everything unverified, nothing dead.
	run(t, dir, "", "cache", "clean")
	code, stdout, _ = run(t, dir, "", "run", "--allow-private", "--offline", "--format", "json", doc)
	if code != ExitOK || issueLines(t, stdout) != "" || !strings.Contains(stdout, `"unverified": 5`) {
		t.Errorf("offline, empty cache: exit %d\n%s", code, stdout)
	}
}

func TestCacheCommand(t *testing.T) {
	dir, doc, _ := networkSetup(t)
	run(t, dir, "", "run", "--allow-private", doc)
	code, out, _ := run(t, dir, "", "cache", "status")
	if code != ExitOK || !strings.Contains(out, "5 answers") {
		t.Errorf("status: exit %d\n%s", code, out)
	}
	if code, out, _ := run(t, dir, "", "cache", "clean"); code != ExitOK || !strings.Contains(out, "removed 5 cached answers") {
		t.Errorf("clean: exit %d %s", code, out)
	}
	if code, _, _ := run(t, dir, "", "cache", "frobnicate"); code != ExitUsage {
		t.Errorf("unknown subcommand: exit %d", code)
	}
}

func TestPrivateAddressesRefusedByDefault(t *testing.T) {
	dir, doc, stub := networkSetup(t)
	cfg := strings.Replace(mustRead(t, dir+"/.citelint.yaml"), "url: {allow-private: true}", "url: {allow-private: false}", 1)
	write(t, dir, ".citelint.yaml", cfg)
	before := stub.Requests()["page"]
	code, stdout, _ := run(t, dir, "", "run", "--format", "json", doc)
	if strings.Contains(stdout, "dead-link") {
		t.Errorf("a refused private address was reported dead (exit %d)\n%s", code, stdout)
	}
	if stub.Requests()["page"] != before {
		t.Error("a page on a private address was fetched")
	}
}

func mustRead(t *testing.T, p string) string {
	t.Helper()
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
