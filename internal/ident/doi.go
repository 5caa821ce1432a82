package ident

import (
	"net/url"
	"strings"
)

// doiPrefixes are the resolver and scheme prefixes people write before a DOI,
// lower-case; NormalizeDOI strips them.
var doiPrefixes = []string{
	"https://doi.org/", "http://doi.org/", "https://dx.doi.org/", "http://dx.doi.org/",
	"https://www.doi.org/", "http://www.doi.org/", "doi.org/", "dx.doi.org/",
	"info:doi/", "urn:doi:", "doi:",
}

// NormalizeDOI returns the DOI in its comparable form: resolver prefix
// stripped, percent-decoded, surrounding space trimmed, ASCII case folded
// (DOIs are case-insensitive, see the DOI Handbook 2.4).
func NormalizeDOI(s string) string {
	return asciiLower(StripDOIPrefix(s))
}

// StripDOIPrefix removes resolver and scheme prefixes and percent-encoding
// but keeps the DOI's case as written, for display and for fixes.
func StripDOIPrefix(s string) string {
	s = strings.TrimSpace(s)
	for {
		l := strings.ToLower(s)
		trimmed := false
		for _, p := range doiPrefixes {
			if strings.HasPrefix(l, p) {
				s = strings.TrimSpace(s[len(p):])
				trimmed = true
				break
			}
		}
		if !trimmed {
			break
		}
	}
	if strings.IndexByte(s, '%') >= 0 {
		if d, err := url.PathUnescape(s); err == nil {
			s = d
		}
	}
	return s
}

func asciiLower(s string) string {
	for i := 0; i < len(s); i++ {
		if c := s[i]; 'A' <= c && c <= 'Z' {
			b := []byte(s)
			for j := i; j < len(b); j++ {
				if c := b[j]; 'A' <= c && c <= 'Z' {
					b[j] = c + 'a' - 'A'
				}
			}
			return string(b)
		}
	}
	return s
}

// ValidateDOI returns "" when s (with or without a resolver prefix) has the
// generic DOI syntax 10.NNNN[.NNN]*/suffix, or is a shortDOI, else what is
// wrong. It does not apply Crossref's recommended character set: old Wiley
// SICI DOIs contain <, > and ; and are real.
func ValidateDOI(s string) string {
	d := NormalizeDOI(s)
	if d == "" {
		return "DOI is empty"
	}
	if IsShortDOI(d) {
		return ""
	}
	if !strings.HasPrefix(d, "10.") {
		return "a DOI starts with \"10.\""
	}
	slash := strings.IndexByte(d, '/')
	if slash < 0 {
		return "DOI has no \"/\" between prefix and suffix"
	}
	prefix, suffix := d[3:slash], d[slash+1:]
	first, rest, _ := strings.Cut(prefix, ".")
	if len(first) < 4 || len(first) > 9 || !allDigits(first) {
		return "DOI registrant code must be 4 to 9 digits after \"10.\""
	}
	for rest != "" {
		var part string
		part, rest, _ = strings.Cut(rest, ".")
		if part == "" || !allDigits(part) {
			return "DOI registrant sub-code must be digits"
		}
	}
	if suffix == "" {
		return "DOI has no suffix after the prefix " + d[:slash]
	}
	if strings.IndexFunc(suffix, isSpaceRune) >= 0 {
		return "DOI suffix contains white space"
	}
	return ""
}

// IsShortDOI reports whether d (normalised) is a shortDOI, "10/" and a
// short code of letters and digits ("10/aabbe", "10/993"): shortdoi.org
// registers them as handles that doi.org resolves (https://doi.org/10/993,
// doi:10/993) and the handle API answers for, and Manubot cites them
// (@doi:10/993). Crossref and DataCite know only the full DOI.
func IsShortDOI(d string) bool {
	code, ok := strings.CutPrefix(d, "10/")
	if !ok || code == "" || len(code) > maxShortDOI {
		return false
	}
	for i := 0; i < len(code); i++ {
		if c := code[i]; !(c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z') {
			return false
		}
	}
	return true
}

// maxShortDOI bounds a shortDOI's code: shortdoi.org's codes are a few
// characters (10/993, 10/c6c7mp) after more than fifteen years.
const maxShortDOI = 12

func isSpaceRune(r rune) bool {
	return r == ' ' || r == '\t' || r == '\n' || r == '\r' || r == '\u00a0'
}

func allDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}

// CanonicalDOIURL returns https://doi.org/<doi> with the characters the DOI
// Handbook requires or recommends encoding in URL form percent-encoded. The
// DOI's case is kept as written: resolution is case-insensitive and authors
// prefer their own spelling.
func CanonicalDOIURL(doi string) string {
	d := StripDOIPrefix(doi)
	var b strings.Builder
	b.WriteString("https://doi.org/")
	for i := 0; i < len(d); i++ {
		c := d[i]
		switch c {
		case '%', '"', '#', ' ', '?', '<', '>', '{', '}', '^', '[', ']', '`', '|', '\\', '+':
			b.WriteString("%")
			b.WriteByte("0123456789ABCDEF"[c>>4])
			b.WriteByte("0123456789ABCDEF"[c&15])
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}
