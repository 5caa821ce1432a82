package score

import (
	"fmt"
	"math/rand"
	"strconv"
	"strings"
	"testing"
)

func TestNumbers(t *testing.T) {
	tests := []struct {
		in   string
		want string // Raw=Value[%][y] joined by " | "
	}{
		{"rose 12% in 2019", "12%=12% | 2019=2019y"},
		{"1,000 people and 3.5 million dollars", "1,000=1000 | 3.5 million=3.5e+06"},
		{"twelve percent of 5bn", "twelve percent=12% | 5bn=5e+09"},
		{"COVID-19 in the 19th century, H2O, v1.2.3 and 5G", ""},
		{"a 1,5 share and 1.000,5 units", "1,5=1.5 | 1.000,5=1000.5"},
		{"see [3] and 40 per cent", "3=3 | 40 per cent=40%"},
		{"version 1.2.3 for 1.000.000 users", "1.000.000=1e+06"},
	}
	for _, tt := range tests {
		var parts []string
		for _, n := range Numbers(tt.in) {
			s := n.Raw + "=" + strconvG(n.Value)
			if n.Percent {
				s += "%"
			}
			if n.Year {
				s += "y"
			}
			parts = append(parts, s)
		}
		if got := strings.Join(parts, " | "); got != tt.want {
			t.Errorf("%q:\n got %s\nwant %s", tt.in, got, tt.want)
		}
	}
}

func TestMissingNumbers(t *testing.T) {
	src := "In 2019 the rate was 12 percent, up from 0.08 a decade earlier; 3,500,000 people, three sites."
	tests := []struct {
		claim string
		want  string
	}{
		{"The rate reached 12% in 2019.", ""},
		{"3.5 million people at 3 sites; 8% before.", ""},
		{"The rate reached 15% in 2019.", "15%"},
		{"It happened in 2018 to 4 million people.", "2018 | 4 million"},
		{"No numbers here.", ""},
	}
	for _, tt := range tests {
		if got := strings.Join(MissingNumbers(tt.claim, src), " | "); got != tt.want {
			t.Errorf("%q: missing %q, want %q", tt.claim, got, tt.want)
		}
	}
}

func strconvG(v float64) string { return strings.TrimSuffix(strings.TrimSuffix(fmtG(v), ".0"), ".") }

func fmtG(v float64) string { return strconv.FormatFloat(v, 'g', -1, 64) }

func FuzzNumbers(f *testing.F) {
	f.Add("rose 12% in 2019 to 3.5 million, twelve percent of 5bn, 1.000,5")
	f.Add("more than 97%, No more than ~5, at least  €40 million, nearly three, ≥ 3")
	f.Fuzz(func(t *testing.T, s string) {
		for _, n := range Numbers(s) {
			if !strings.Contains(s, n.Raw) {
				t.Fatalf("Raw %q not in input", n.Raw)
			}
			if !strings.Contains(s, n.Qualifier) || (n.Qualifier == "") != (n.Bound == Exact) {
				t.Fatalf("Qualifier %q (bound %d) not in input", n.Qualifier, n.Bound)
			}
		}
		MissingNumbers(s, s)
	})
}

func FuzzReadPairs(f *testing.F) {
	f.Add(`{"claim": "a", "source": "b", "supported": true}` + "\n" + `{"claim": "c", "source": ["d", "e"], "supported": false}`)
	f.Add(`{"claim": 3}`)
	f.Fuzz(func(t *testing.T, s string) {
		pairs, err := ReadPairs(strings.NewReader(s))
		if err == nil {
			for _, p := range pairs {
				New(Options{}).Score(p.Claim, p.Sources...)
			}
		}
	})
}

// TestNumberIndexMatchesScan: the index finds a match exactly when a scan
// of every source number with same() does.
func TestNumberIndexMatchesScan(t *testing.T) {
	rng := rand.New(rand.NewSource(5))
	vals := []float64{0, 0.08, 0.12, 0.5, 1, 3, 3.5, 8, 12, 12.001, 20, 1000, 1001, 2019, 3.5e6, 3.5002e6}
	gen := func() Number {
		return Number{Value: vals[rng.Intn(len(vals))], Percent: rng.Intn(3) == 0, Approx: rng.Intn(2) == 0}
	}
	for round := 0; round < 2000; round++ {
		var have []Number
		var x numberIndex
		for range rng.Intn(8) {
			n := gen()
			have = append(have, n)
			x.add(n)
		}
		x.sort()
		w := gen()
		scan := false
		for _, h := range have {
			scan = scan || same(w, h)
		}
		if got := x.holds(w); got != scan {
			t.Fatalf("holds(%+v) = %v, scan %v, over %+v", w, got, scan, have)
		}
	}
}

// BenchmarkIndexNumbers: extracting a source's numbers is linear in its
// length (ns/byte flat at n, 2n, 4n); lower-casing the rest of the source
// for each number made it quadratic (577 ms per sentence at 200 kB).
func BenchmarkIndexNumbers(b *testing.B) {
	para := "In 2023 the index rose 4.5% to 1,234 points, about 3 million more than the 12 percent forecast. "
	for _, kb := range []int{50, 100, 200} {
		src := strings.Repeat(para, kb*1024/len(para))
		b.Run(fmt.Sprintf("source=%dkB", kb), func(b *testing.B) {
			b.SetBytes(int64(len(src)))
			for b.Loop() {
				IndexNumbers(src)
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(src)), "ns/byte")
		})
	}
}

// TestNumberBounds: a number stated with a comparison is found when a
// source value satisfies it, within the bound's window; the stated value
// itself always is; years and other kinds are not compared by bound.
func TestNumberBounds(t *testing.T) {
	tests := []struct {
		claim, source string
		missing       string // "" when found
	}{
		{"more than 97% of users", "97.5% of users", ""},
		{"More than 97% of users", "97% of users", ""}, // the same words in the source
		{"more than 97% of users", "96.5% of users", "more than 97%"},
		{"more than 97% of users", "a ratio of 97.5", "more than 97%"}, // a plain number is not a percentage
		{"over 500 people", "512 people", ""},
		{"over 500 people", "499 people", "over 500"},
		{"over 500 people", "90,000 people", "over 500"}, // beyond the window
		{"nearly 3 million people", "2.9 million people", ""},
		{"nearly 3 million people", "2,950,000 people", ""},
		{"nearly 3 million people", "3.2 million people", "nearly 3 million"},
		{"at least 40 species", "40 species", ""},
		{"at least 40 species", "45 species", ""},
		{"at least 40 species", "39 species", "at least 40"},
		{"less than 10 deaths", "7 deaths", ""},
		{"less than 10 deaths", "10 deaths", ""}, // the stated value
		{"fewer than 10 deaths", "12 deaths", "fewer than 10"},
		{"up to 500 m deep", "480 m", ""},
		{"up to 500 m deep", "520 m", "up to 500"},
		{"about 3 million people", "3,012,455 people", ""},
		{"approximately 12% of people", "11.5 percent", ""},
		{"around 20 cm", "24 cm", "around 20"},
		{"roughly twelve sites", "11 sites", ""},
		{"~500 users", "520 users", ""},
		{"≥ 3 trials", "4 trials", ""},
		{"3 million people", "3,012,455 people", "3 million"}, // unbounded: exact
		{"around 1990", "in 1985", "around 1990"},             // a year is stated exactly
		{"more than 1,000 people", "in 2019, 1,200 people", ""},
		{"more than 1,000 people", "in 1,200 years ago 2019", ""},
		{"moreover 5 sites", "6 sites", "5"}, // not "over"
		{"more than €40 million", "€45 million", ""},
	}
	for _, tt := range tests {
		got := strings.Join(MissingNumbers(tt.claim, tt.source), " | ")
		if got != tt.missing {
			t.Errorf("%q against %q: missing %q, want %q", tt.claim, tt.source, got, tt.missing)
		}
	}
}

func TestBoundBefore(t *testing.T) {
	tests := []struct {
		text      string
		bound     Bound
		qualifier string
	}{
		{"more than 97%", Above, "more than"},
		{"No more than 5", AtMost, "No more than"},
		{"at least  $40", AtLeast, "at least"},
		{"nearly 3 million", Nearly, "nearly"},
		{"Approximately 12", About, "Approximately"},
		{"rose 12", Exact, ""},
		{"Dover 12", Exact, ""},
		{"under 18", Below, "under"},
		{"~12", About, "~"},
		{"12", Exact, ""},
	}
	for _, tt := range tests {
		ns := Numbers(tt.text)
		if len(ns) != 1 {
			t.Fatalf("%q: %d numbers", tt.text, len(ns))
		}
		if ns[0].Bound != tt.bound || ns[0].Qualifier != tt.qualifier {
			t.Errorf("%q: bound %d %q, want %d %q", tt.text, ns[0].Bound, ns[0].Qualifier, tt.bound, tt.qualifier)
		}
	}
}
