package tokenize

import "strings"

// stemGerman implements the Snowball German stemmer
// (snowballstem.org/algorithms/german/stemmer.html). The vendored
// github.com/kljensen/snowball module has no German stemmer, and German is the
// Latin-script language whose inflection ("Städte"/"Stadt", "wuchs"/"wachsen"
// aside) most often defeats exact overlap, so the short algorithm is written
// out here. Input is a lower-case word; umlauts may or may not be present (the
// caller folds accents afterwards either way).
func stemGerman(word string) string {
	w := []rune(strings.ReplaceAll(word, "ß", "ss"))
	if len(w) < 3 {
		return string(w)
	}
	isVowel := func(r rune) bool {
		switch r {
		case 'a', 'e', 'i', 'o', 'u', 'y', 'ä', 'ö', 'ü':
			return true
		}
		return false
	}
	// Mark u and y between vowels as consonants (upper case).
	for i := 1; i+1 < len(w); i++ {
		if (w[i] == 'u' || w[i] == 'y') && isVowel(w[i-1]) && isVowel(w[i+1]) {
			w[i] = w[i] - 'a' + 'A'
		}
	}
	// R1: after the first non-vowel following a vowel, at least 3 letters in.
	region := func(from int) int {
		for i := from + 1; i < len(w); i++ {
			if !isVowel(w[i]) && isVowel(w[i-1]) {
				return i + 1
			}
		}
		return len(w)
	}
	r1 := region(0)
	r2 := len(w)
	if r1 < len(w) {
		r2 = region(r1)
	}
	if r1 < 3 {
		r1 = 3
	}
	if r1 > len(w) {
		r1 = len(w)
	}
	has := func(s string) bool {
		rs := []rune(s)
		if len(rs) > len(w) {
			return false
		}
		for i, r := range rs {
			if w[len(w)-len(rs)+i] != r {
				return false
			}
		}
		return true
	}
	inR := func(start, n int) bool { return len(w)-n >= start }
	cut := func(n int) { w = w[:len(w)-n] }

	// Step 1.
	switch {
	case has("ern") && inR(r1, 3):
		cut(3)
	case (has("em") || has("er")) && inR(r1, 2):
		cut(2)
	case has("en") && inR(r1, 2), has("es") && inR(r1, 2):
		cut(2)
		if has("niss") {
			cut(1)
		}
	case has("e") && inR(r1, 1):
		cut(1)
		if has("niss") {
			cut(1)
		}
	case has("s") && inR(r1, 1) && len(w) >= 2 && strings.ContainsRune("bdfghklmnrt", w[len(w)-2]):
		cut(1)
	}
	// Step 2.
	switch {
	case has("est") && inR(r1, 3):
		cut(3)
	case (has("en") || has("er")) && inR(r1, 2):
		cut(2)
	case has("st") && inR(r1, 2) && len(w) >= 6 && strings.ContainsRune("bdfghklmnt", w[len(w)-3]):
		cut(2)
	}
	// Step 3: derivational suffixes in R2.
	switch {
	case (has("end") || has("ung")) && inR(r2, 3):
		cut(3)
		if has("ig") && inR(r2, 2) && !has("eig") {
			cut(2)
		}
	case (has("isch") && inR(r2, 4)) && !has("eisch"):
		cut(4)
	case (has("ig") || has("ik")) && inR(r2, 2) && !has("eig") && !has("eik"):
		cut(2)
	case (has("lich") || has("heit")) && inR(r2, 4):
		cut(4)
		if (has("er") || has("en")) && inR(r1, 2) {
			cut(2)
		}
	case has("keit") && inR(r2, 4):
		cut(4)
		if has("lich") && inR(r2, 4) {
			cut(4)
		} else if has("ig") && inR(r2, 2) {
			cut(2)
		}
	}
	for i, r := range w {
		switch r {
		case 'U':
			w[i] = 'u'
		case 'Y':
			w[i] = 'y'
		case 'ä':
			w[i] = 'a'
		case 'ö':
			w[i] = 'o'
		case 'ü':
			w[i] = 'u'
		}
	}
	return string(w)
}
