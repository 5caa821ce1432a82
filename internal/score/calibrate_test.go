package score

import (
	"fmt"
	"testing"
)

// TestCalibrateMatchesSequential: Calibrate scores pairs on every core and
// prepares a source shared by several pairs once; its figures must be
// those of scoring each pair alone, in order.
func TestCalibrateMatchesSequential(t *testing.T) {
	pages := []string{
		"Global mean sea level rose 0.20 m between 1901 and 2018. The rate was 3.7 mm per year after 2006.",
		"Penguins live almost exclusively in the Southern Hemisphere. Only the Galapagos penguin lives north of the equator.",
		"The vaccine trial did not reduce hospital admissions among older adults in Ohio.",
	}
	claims := []string{
		"Sea level rose 0.20 m from 1901 to 2018.",
		"Penguins are common in the Arctic.",
		"The trial reduced admissions among older adults.",
		"The Galapagos penguin lives north of the equator.",
		"The of and to.", // no content words: unscorable
	}
	var pairs []Pair
	for i := range 60 {
		srcs := []string{pages[i%len(pages)]}
		if i%7 == 0 {
			srcs = append(srcs, pages[(i+1)%len(pages)])
		}
		pairs = append(pairs, Pair{Claim: claims[i%len(claims)], Sources: srcs, Supported: i%3 != 0})
	}
	s := New(Options{})
	scores := make([]float64, len(pairs))
	labels := make([]bool, len(pairs))
	unscorable := 0
	for i, p := range pairs {
		r := s.Score(p.Claim, p.Sources...)
		scores[i], labels[i] = r.Score, p.Supported
		if !r.Scorable {
			unscorable++
		}
	}
	want := Evaluate(scores, labels, DefaultThreshold)
	want.Unscorable = unscorable
	for run := range 3 {
		if got := Calibrate(pairs, DefaultThreshold, s); fmt.Sprint(got) != fmt.Sprint(want) {
			t.Fatalf("run %d: Calibrate = %+v, scoring in order gives %+v", run, got, want)
		}
	}
	if unscorable == 0 {
		t.Fatal("the test lost its unscorable pair")
	}
}
