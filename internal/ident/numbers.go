package ident

import (
	"fmt"
	"strings"
)

// compact removes the hyphens and spaces people put inside ISBNs and ISSNs.
func compact(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case '-', ' ':
		case 'x':
			b.WriteByte('X')
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

// ValidateISBN checks an ISBN-10 or ISBN-13 (hyphens and spaces ignored,
// "ISBN" prefix allowed): length, digits, and the check digit.
func ValidateISBN(s string) string {
	s = strings.TrimSpace(s)
	d := compact(stripISBNPrefix(s))
	switch len(d) {
	case 10:
		sum := 0
		for i := 0; i < 10; i++ {
			c := d[i]
			var v int
			switch {
			case isDigit(c):
				v = int(c - '0')
			case c == 'X' && i == 9:
				v = 10
			default:
				return "ISBN-10 has a character that is not a digit"
			}
			sum += (10 - i) * v
		}
		if sum%11 != 0 {
			return "ISBN-10 check digit is wrong"
		}
	case 13:
		if !allDigits(d) {
			return "ISBN-13 has a character that is not a digit"
		}
		if d[:3] != "978" && d[:3] != "979" {
			return "ISBN-13 starts with 978 or 979"
		}
		sum := 0
		for i := 0; i < 13; i++ {
			w := 1
			if i%2 == 1 {
				w = 3
			}
			sum += w * int(d[i]-'0')
		}
		if sum%10 != 0 {
			return "ISBN-13 check digit is wrong"
		}
	default:
		return fmt.Sprintf("an ISBN has 10 or 13 digits, not %d", len(d))
	}
	return ""
}

// stripISBNPrefix removes "ISBN", "ISBN-10" or "ISBN-13" and a colon.
func stripISBNPrefix(s string) string {
	if len(s) >= 4 && strings.EqualFold(s[:4], "isbn") {
		s = s[4:]
		if strings.HasPrefix(s, "-10") || strings.HasPrefix(s, "-13") {
			s = s[3:]
		}
		s = strings.TrimLeft(s, ": ")
	}
	return s
}

// ValidateISSN checks NNNN-NNNC with its mod-11 check character.
func ValidateISSN(s string) string {
	s = strings.TrimSpace(s)
	if len(s) >= 4 && strings.EqualFold(s[:4], "issn") {
		s = strings.TrimLeft(s[4:], ": ")
	}
	d := compact(s)
	if len(d) != 8 || !allDigits(d[:7]) || !(isDigit(d[7]) || d[7] == 'X') {
		return "an ISSN is 7 digits and a check character (NNNN-NNNC)"
	}
	sum := 0
	for i := 0; i < 7; i++ {
		sum += (8 - i) * int(d[i]-'0')
	}
	check := (11 - sum%11) % 11
	want := byte('0' + check)
	if check == 10 {
		want = 'X'
	}
	if d[7] != want {
		return "ISSN check character is wrong"
	}
	return ""
}

// ValidatePMCID checks "PMC" followed by digits, with an optional ".N"
// version (case-insensitive).
func ValidatePMCID(s string) string {
	s = strings.TrimSpace(s)
	if len(s) < 4 || !strings.EqualFold(s[:3], "pmc") {
		return "a PMCID is \"PMC\" followed by digits"
	}
	num, ver, hasVer := strings.Cut(s[3:], ".")
	if !allDigits(num) || (hasVer && !allDigits(ver)) {
		return "a PMCID is \"PMC\" followed by digits"
	}
	if strings.Trim(num, "0") == "" {
		return "PMCID number 0 does not exist"
	}
	return ""
}

// ValidatePMID checks a PubMed id: a positive integer of at most 9 digits.
func ValidatePMID(s string) string {
	s = strings.TrimSpace(s)
	if !allDigits(s) || s[0] == '0' || len(s) > 9 {
		return "a PMID is a positive number of at most 9 digits"
	}
	return ""
}
