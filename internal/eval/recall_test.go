package eval

import (
	"bufio"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/citelint/citelint/internal/corpus"
)

// TestMissingLabelRecall: every marker an independent reading of the
// report families found to have no entry in its report's own list
// (testdata/recall/missing.tsv) is reported by unresolvable-label, by
// its label ("citation [7] has no entry"), in the range of a finding for
// markers past the list's end, or by a finding that the report has no
// list. It logs the recall per family and fails on any marker missed.
func TestMissingLabelRecall(t *testing.T) {
	root := corpus.Path(t, "reports")
	f, err := os.Open(filepath.Join("testdata", "recall", "missing.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	type gold struct {
		family, path string
		label        int
	}
	var golds []gold
	families := map[string]bool{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		c := strings.Split(line, "\t")
		v, err := strconv.Atoi(c[2])
		if len(c) != 5 || err != nil {
			t.Fatalf("bad line %q", line)
		}
		golds = append(golds, gold{c[0], c[1], v})
		families[c[0]] = true
	}
	byLabel := map[string]map[int]bool{}
	ranges := map[string][][2]int{}
	noList := map[string]bool{}
	label := regexp.MustCompile(`^(?:citation|footnote) \[\^?(\d+)\]`)
	past := regexp.MustCompile(`\(\[(\d+)\]–\[(\d+)\], \d+ markers\): was the list cut short`)
	many := regexp.MustCompile(`^\d+ cited labels have no entry .*?: ((?:\[\d+\](?:–\[\d+\])?(?:, )?)+) \(\d+ markers\)$`)
	labelRange := regexp.MustCompile(`\[(\d+)\](?:–\[(\d+)\])?`)
	for fam := range families {
		rep := lintDir(t, filepath.Join(root, fam))
		for _, is := range rep.Issues {
			if is.Rule != "unresolvable-label" {
				continue
			}
			p, _ := filepath.Rel(root, is.Path)
			p = filepath.ToSlash(p)
			if m := label.FindStringSubmatch(is.Message); m != nil {
				v, _ := strconv.Atoi(m[1])
				if byLabel[p] == nil {
					byLabel[p] = map[int]bool{}
				}
				byLabel[p][v] = true
			}
			if m := past.FindStringSubmatch(is.Message); m != nil {
				lo, _ := strconv.Atoi(m[1])
				hi, _ := strconv.Atoi(m[2])
				ranges[p] = append(ranges[p], [2]int{lo, hi})
			}
			if strings.Contains(is.Message, "but has no reference list") {
				noList[p] = true
			}
			if m := many.FindStringSubmatch(is.Message); m != nil {
				// "24 cited labels have no entry ...: [3], [7]–[9], ...".
				for _, r := range labelRange.FindAllStringSubmatch(m[1], -1) {
					lo, _ := strconv.Atoi(r[1])
					hi := lo
					if r[2] != "" {
						hi, _ = strconv.Atoi(r[2])
					}
					ranges[p] = append(ranges[p], [2]int{lo, hi})
				}
			}
		}
	}
	total, found := map[string]int{}, map[string]int{}
	for _, g := range golds {
		ok := byLabel[g.path][g.label] || noList[g.path]
		for _, r := range ranges[g.path] {
			ok = ok || r[0] <= g.label && g.label <= r[1]
		}
		total[g.family]++
		if ok {
			found[g.family]++
		} else {
			t.Errorf("%s: [%d] has no entry and is not reported", g.path, g.label)
		}
	}
	for fam := range families {
		t.Logf("%-24s missing-label recall %d/%d", fam, found[fam], total[fam])
	}
}
