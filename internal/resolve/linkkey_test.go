package resolve

import (
	"testing"

	"github.com/yuin/goldmark/util"
)

// FuzzLinkKey holds LinkKey's fast path to util.ToLinkReference.
func FuzzLinkKey(f *testing.F) {
	for _, s := range []string{"1", "ref", "Ref", " a  b ", "ß", "K", "a\tb", "x\vy", "\xb5"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := LinkKey(s), util.ToLinkReference([]byte(s)); got != want {
			t.Errorf("LinkKey(%q) = %q, want %q", s, got, want)
		}
	})
}
