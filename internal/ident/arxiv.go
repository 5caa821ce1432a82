package ident

import (
	"fmt"
	"strings"
	"time"
)

// oldArchives are the archives of arXiv's 1991-2007 identifier scheme
// (archive/YYMMNNN); an old-style id with any other archive is not one.
var oldArchives = map[string]bool{
	"acc-phys": true, "adap-org": true, "alg-geom": true, "ao-sci": true, "astro-ph": true,
	"atom-ph": true, "bayes-an": true, "chao-dyn": true, "chem-ph": true, "cmp-lg": true,
	"comp-gas": true, "cond-mat": true, "cs": true, "dg-ga": true, "funct-an": true,
	"gr-qc": true, "hep-ex": true, "hep-lat": true, "hep-ph": true, "hep-th": true,
	"math": true, "math-ph": true, "mtrl-th": true, "nlin": true, "nucl-ex": true,
	"nucl-th": true, "patt-sol": true, "physics": true, "plasm-ph": true, "q-alg": true,
	"q-bio": true, "quant-ph": true, "solv-int": true, "supr-con": true,
}

// ParseArXiv parses an arXiv identifier without its "arXiv:" prefix, new style
// (2411.04368, 2411.04368v2) or old style (hep-th/9901001, math.CA/0611800v2).
// It returns the id without version (old-style ids without their subject
// class, arXiv's canonical form), the version ("v2" or ""), and a problem
// ("" when the id can exist at time now): wrong digit count for its month, a
// month 13, a date before the scheme began or after now, a sequence number 0,
// a "v" with no number.
func ParseArXiv(s string, now time.Time) (id, version, problem string) {
	s = strings.TrimSuffix(s, ".pdf")
	id = s
	if i := strings.LastIndexByte(s, 'v'); i > 0 && allDigitsOrEmpty(s[i+1:]) && isDigit(s[i-1]) {
		id, version = s[:i], s[i:]
		switch {
		case version == "v":
			return id, version, "version \"v\" has no number"
		case version[1] == '0' && len(version) >= 2:
			if strings.Trim(version[1:], "0") == "" {
				return id, version, "versions start at v1"
			}
			return id, version, "version number has a leading zero"
		}
	}
	if slash := strings.IndexByte(id, '/'); slash >= 0 {
		return parseOldArXiv(id, slash, version)
	}
	dot := strings.IndexByte(id, '.')
	if dot != 4 || !allDigits(id[:4]) || !allDigits(id[5:]) {
		return id, version, "not of the form YYMM.NNNNN"
	}
	yy, mm := atoi2(id[0:2]), atoi2(id[2:4])
	seq := id[5:]
	if mm < 1 || mm > 12 {
		return id, version, fmt.Sprintf("month %s does not exist", id[2:4])
	}
	ym := yy*100 + mm
	if ym < 704 {
		return id, version, "date " + id[:4] + " is before arXiv's YYMM.NNNN scheme began (0704)"
	}
	switch {
	case ym <= 1412 && len(seq) != 4:
		return id, version, fmt.Sprintf("ids from %s have 4 digits after the dot, not %d", id[:4], len(seq))
	case ym >= 1501 && len(seq) != 5:
		return id, version, fmt.Sprintf("ids from %s have 5 digits after the dot, not %d", id[:4], len(seq))
	}
	if strings.Trim(seq, "0") == "" {
		return id, version, "sequence number 0 does not exist"
	}
	// arXiv: "07=2007 through 99=2099"; compare in months.
	if y, m := now.Year(), int(now.Month()); 2000+yy > y || (2000+yy == y && mm > m) {
		return id, version, "date " + id[:4] + " is in the future"
	}
	return id, version, ""
}

func parseOldArXiv(id string, slash int, version string) (string, string, string) {
	archive, num := id[:slash], id[slash+1:]
	canonical := id
	if dot := strings.IndexByte(archive, '.'); dot >= 0 {
		class := archive[dot+1:]
		archive = archive[:dot]
		if len(class) != 2 || !isUpper(class[0]) || !isUpper(class[1]) {
			return id, version, "subject class " + class + " is not two capital letters"
		}
		canonical = archive + "/" + num
	}
	if !oldArchives[strings.ToLower(archive)] {
		return id, version, "unknown arXiv archive " + archive
	}
	if len(num) != 7 || !allDigits(num) {
		return canonical, version, "old-style ids have 7 digits after the archive"
	}
	yy, mm := atoi2(num[0:2]), atoi2(num[2:4])
	if mm < 1 || mm > 12 {
		return canonical, version, fmt.Sprintf("month %s does not exist", num[2:4])
	}
	year := 1900 + yy
	if yy < 91 {
		year = 2000 + yy
	}
	if ym := year*100 + mm; ym < 199108 || ym > 200703 {
		return canonical, version, "old-style ids run from 9108 to 0703, not " + num[:4]
	}
	if num[4:] == "000" {
		return canonical, version, "sequence number 0 does not exist"
	}
	return canonical, version, ""
}

// SameArXiv reports whether two arXiv ids (with or without prefix, subject
// class or version) name the same paper.
func SameArXiv(a, b string) bool {
	n := func(s string) string {
		s = strings.TrimSpace(s)
		if len(s) > 6 && strings.EqualFold(s[:6], "arxiv:") {
			s = s[6:]
		}
		id, _, _ := ParseArXiv(s, time.Time{})
		return strings.ToLower(id)
	}
	return n(a) == n(b)
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }
func isUpper(c byte) bool { return 'A' <= c && c <= 'Z' }

func allDigitsOrEmpty(s string) bool { return s == "" || allDigits(s) }

func atoi2(s string) int { return int(s[0]-'0')*10 + int(s[1]-'0') }
