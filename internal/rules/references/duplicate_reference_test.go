package references

import (
	"testing"

	"github.com/citelint/citelint/internal/markdown"
)

// TestSiteRoot: only a site's home page, with no path beyond "/" and no
// query, stands in for works; the fast answer for URLs with a path agrees
// with url.Parse (a "://" or "/" after ? or # is not the scheme's or the
// path's).
func TestSiteRoot(t *testing.T) {
	for _, tt := range []struct {
		url  string
		want bool
	}{
		{"https://www.cnki.net/", true},
		{"https://www.cnki.net", true},
		{"HTTPS://WWW.CNKI.NET/", true},
		{"https://www.cnki.net/kns", false},
		{"https://www.cnki.net/?q=1", false},
		{"https://www.cnki.net?", true}, // an empty query is none
		{"https://host#/section", true},
		{"//0#:///0", true},
		{"https://host?a=/bc", false},
		{"https://host/%41", false},
		{"https://host/%2", false},
		{"see https://host/ab", false},
		{"not a url", false},
	} {
		if got := siteRoot(&markdown.Reference{URL: tt.url}); got != tt.want {
			t.Errorf("siteRoot(%q) = %v, want %v", tt.url, got, tt.want)
		}
	}
	if siteRoot(&markdown.Reference{URL: "https://doi.org/", DOI: "10.1/x"}) {
		t.Error("a reference with a DOI is not a site root")
	}
}
