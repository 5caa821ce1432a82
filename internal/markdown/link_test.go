package markdown

import "testing"

// TestReferenceLink: a reference links to its web address, else its DOI
// at doi.org, else its arXiv id (and version) at arxiv.org, escaped for a
// URL's path; never to an address of another scheme.
func TestReferenceLink(t *testing.T) {
	for _, tc := range []struct {
		name string
		ref  Reference
		want string
	}{
		{"url", Reference{URL: "https://e.org/a?b=1", DOI: "10.1/x"}, "https://e.org/a?b=1"},
		{"url in capitals", Reference{URL: "HTTP://E.ORG/a"}, "HTTP://E.ORG/a"},
		{"doi", Reference{DOI: "10.1038/s41586-018-0179-y"}, "https://doi.org/10.1038/s41586-018-0179-y"},
		{"doi to escape", Reference{DOI: "10.1002/(SICI)1097-4636(199706)35:4<..>#x?y"}, "https://doi.org/10.1002/%28SICI%291097-4636%28199706%2935:4%3C..%3E%23x%3Fy"},
		{"relative url, doi", Reference{URL: "docs/a.md", DOI: "10.1/x"}, "https://doi.org/10.1/x"},
		{"arxiv", Reference{ArXiv: "2101.00001", ArXivVersion: "v2"}, "https://arxiv.org/abs/2101.00001v2"},
		{"old arxiv", Reference{ArXiv: "hep-th/9901001"}, "https://arxiv.org/abs/hep-th/9901001"},
		{"javascript", Reference{URL: "javascript:alert(1)"}, ""},
		{"relative", Reference{URL: "docs/a.md"}, ""},
		{"scheme alone", Reference{URL: "https://"}, ""},
		{"nothing", Reference{Title: "A title"}, ""},
	} {
		if got := tc.ref.Link(); got != tc.want {
			t.Errorf("%s: %q, want %q", tc.name, got, tc.want)
		}
	}
}
