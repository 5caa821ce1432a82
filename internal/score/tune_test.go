package score

import (
	"fmt"
	"os"
	"sort"
	"testing"
)

// TestTune grid-searches the scoring knobs on the even lines of WiCE and
// reports the odd lines for the chosen settings. It only runs with
// CITELINT_TUNE=1: it is a tool for maintainers, not a check.
func TestTune(t *testing.T) {
	if os.Getenv("CITELINT_TUNE") == "" {
		t.Skip("set CITELINT_TUNE=1 to run the tuning grid")
	}
	items := loadWiCE(t)
	even := wicePairs(items, partialDrop, 0)
	odd := wicePairs(items, partialDrop, 1)
	type row struct {
		desc   string
		ev, od Metrics
	}
	var rows []row
	for _, win := range []int{1, 2, 3, 4, 6} {
		for _, pw := range []float64{-1, 0.25, 0.5, 0.75, 1} {
			for _, bw := range []float64{0, 0.2, 0.4} {
				for _, eb := range []float64{0, 1, 2} {
					for _, nb := range []float64{0, 1, 2} {
						for _, iw := range []float64{0, 0.5, 1} {
							o := Options{Window: win, PassageWeight: pw, p: params{bigramWeight: bw, entityBoost: eb, numberBoost: nb, idfWeight: iw, set: true}}
							s := New(o)
							f := func(c string, src []string) float64 { return s.Score(c, src...).Score }
							ev := evalWith(even, f, DefaultThreshold)
							od := evalWith(odd, f, DefaultThreshold)
							rows = append(rows, row{fmt.Sprintf("win=%d pw=%.2f bw=%.1f eb=%.0f nb=%.0f iw=%.1f", win, pw, bw, eb, nb, iw), ev, od})
						}
					}
				}
			}
		}
	}
	sort.Slice(rows, func(i, j int) bool {
		return rows[i].ev.AUROC+rows[i].ev.BestBalancedAccuracy > rows[j].ev.AUROC+rows[j].ev.BestBalancedAccuracy
	})
	for _, r := range rows[:40] {
		t.Logf("%s | even AUROC %.3f bestBA %.3f@%.3f | odd AUROC %.3f BA@even-thr? bestBA %.3f@%.3f", r.desc, r.ev.AUROC, r.ev.BestBalancedAccuracy, r.ev.BestThreshold, r.od.AUROC, r.od.BestBalancedAccuracy, r.od.BestThreshold)
	}
}
