package registry

import "testing"

func TestKnown(t *testing.T) {
	for name, want := range map[string]bool{"uncited-claim": true, "unused-reference": true, "document": true, "invalid-suppression": true, "unused-suppression": true, "": false, "Uncited-Claim": false, "all": false} {
		if got := Known(name); got != want {
			t.Errorf("Known(%q) = %v, want %v", name, got, want)
		}
	}
}
