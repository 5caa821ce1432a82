package format

import (
	"strings"
	"testing"

	"github.com/citelint/citelint/internal/resolve/cache"
)

// TestCacheStatus pins `cache status`'s text: the totals with "answer"
// in the right number, then the kinds in name order with their counts.
func TestCacheStatus(t *testing.T) {
	for _, tc := range []struct {
		name string
		st   cache.Status
		want string
	}{
		{"empty", cache.Status{Dir: "/c", Kinds: map[string]cache.KindStatus{}},
			"cache /c: 0 answers, 0 bytes\n"},
		{"no kinds map", cache.Status{Dir: "/c"}, "cache /c: 0 answers, 0 bytes\n"},
		{"one answer", cache.Status{Dir: "/home/u/.cache/citelint", Entries: 1, Bytes: 227,
			Kinds: map[string]cache.KindStatus{"doi": {Entries: 1, Bytes: 227}}},
			"cache /home/u/.cache/citelint: 1 answer, 227 bytes\n" +
				`  doi       {"entries":1,"expired":0,"bytes":227}` + "\n"},
		{"kinds in name order", cache.Status{Dir: "/c", Entries: 7, Bytes: 1300,
			Kinds: map[string]cache.KindStatus{
				"url":      {Entries: 3, Expired: 1, Bytes: 600},
				"arxiv":    {Entries: 1, Bytes: 300},
				"crossref": {Entries: 3, Expired: 3, Bytes: 400},
			}},
			"cache /c: 7 answers, 1300 bytes\n" +
				`  arxiv     {"entries":1,"expired":0,"bytes":300}` + "\n" +
				`  crossref  {"entries":3,"expired":3,"bytes":400}` + "\n" +
				`  url       {"entries":3,"expired":1,"bytes":600}` + "\n"},
		{"a long kind name", cache.Status{Dir: "/c", Entries: 1, Bytes: 9,
			Kinds: map[string]cache.KindStatus{"semanticscholar": {Entries: 1, Bytes: 9}}},
			"cache /c: 1 answer, 9 bytes\n" +
				`  semanticscholar {"entries":1,"expired":0,"bytes":9}` + "\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var b strings.Builder
			CacheStatus(&b, tc.st)
			if got := b.String(); got != tc.want {
				t.Errorf("got\n%s\nwant\n%s", got, tc.want)
			}
		})
	}
}
