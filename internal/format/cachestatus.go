package format

import (
	"encoding/json"
	"fmt"
	"io"
	"sort"

	"github.com/citelint/citelint/internal/resolve/cache"
	"github.com/citelint/citelint/output"
)

// CacheStatus writes `citelint cache status`'s text: the folder, its
// answers and bytes, then one line per kind of answer in name order, its
// counts as JSON.
func CacheStatus(w io.Writer, st cache.Status) {
	fmt.Fprintf(w, "cache %s: %d %s, %d bytes\n", st.Dir, st.Entries, output.Plural(st.Entries, "answer"), st.Bytes)
	kinds := make([]string, 0, len(st.Kinds))
	for k := range st.Kinds {
		kinds = append(kinds, k)
	}
	sort.Strings(kinds)
	for _, k := range kinds {
		ks, _ := json.Marshal(st.Kinds[k])
		fmt.Fprintf(w, "  %-9s %s\n", k, ks)
	}
}
