package registrystub

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

// ProjectDoc cites a real arXiv id, a DOI no registry knows, a page that
// answers 503 and one that answers 404 (the last two at the stub: %s).
const ProjectDoc = `Transformers [1] changed NLP, says a fake [2], and a page [3].

## References

1. Vaswani, A. et al. (2017). Attention is all you need. arXiv:1706.03762
2. Nobody (2024). Nothing at all. https://doi.org/10.1234/ghost
3. A busy server. %s/busy
4. A gone page. %s/gone
`

// Project writes a project for the network rules' tests: a config that
// enables them by name (not "all": a rule added later must not change
// what every network test sees) and points every resolver at a stub started here (closed
// when the test ends), and ProjectDoc as report.md. It returns the folder,
// the document and the stub. The stub is on loopback: a lint reaches it
// only with the caller's consent to private addresses. resolverLines are
// added to the config's resolvers section as written.
func Project(t testing.TB, resolverLines ...string) (dir, doc string, stub *Server) {
	t.Helper()
	stub = Start(Registry{
		DOIs:  map[string]*Work{"10.1038/nature14539": {Title: "Deep learning", Year: 2015}},
		ArXiv: map[string]*Work{"1706.03762": {Title: "Attention Is All You Need", Authors: []string{"Ashish Vaswani"}, Year: 2017}},
		Pages: map[string]int{"/busy": 503, "/gone": 404},
	})
	t.Cleanup(stub.Close)
	dir = t.TempDir()
	// The stub never hangs: request-timeout only detects a hang, long
	// enough that load cannot turn one of its answers into "unverified".
	cfg := fmt.Sprintf(`version: "1"
rules:
  default: none
  enable: [dead-arxiv, dead-doi, dead-link, reference-mismatch, retracted-source, unresolvable-label, duplicate-reference, malformed-identifier, non-canonical-doi, document, invalid-suppression, unused-suppression, unreadable-file]
resolvers:
  cache: {dir: cache}
  mailto: ci@example.org
  doi: {url: %[1]s}
  crossref: {url: %[1]s}
  datacite: {url: %[1]s}
  arxiv: {url: %[1]s}
  request-timeout: 1m
`, stub.URL)
	for _, l := range resolverLines {
		cfg += "  " + l + "\n"
	}
	write := func(name, content string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	write(".citelint.yaml", cfg)
	return dir, write("report.md", fmt.Sprintf(ProjectDoc, stub.URL, stub.URL)), stub
}
