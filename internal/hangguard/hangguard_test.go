package hangguard

import "testing"

func TestRunWaitsForTheWork(t *testing.T) {
	ran := false
	Run(t, "work", func() { ran = true })
	if !ran {
		t.Error("Run returned before the work did")
	}
}
