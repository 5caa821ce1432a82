package config

// The messages of schemacheck.go, worded as jsonschema/v6 words them
// (kind/kind.go) and with numbers formatted as its
// golang.org/x/text/message English printer formats them, so that
// `citelint config verify` says what it said when jsonschema/v6 validated.

import (
	"fmt"
	"math"
	"math/big"
	"slices"
	"strconv"
	"strings"
)

func constMessage(want any) string {
	if isComposite(want) {
		return "'const' failed"
	}
	return "value must be " + displayValue(want)
}

func enumMessage(want []any) string {
	if slices.ContainsFunc(want, isComposite) {
		return "'enum' failed"
	}
	if len(want) == 1 {
		return "value must be " + displayValue(want[0])
	}
	shown := make([]string, len(want))
	for i, v := range want {
		shown[i] = displayValue(v)
	}
	return "value must be one of " + strings.Join(shown, ", ")
}

func isComposite(v any) bool {
	switch v.(type) {
	case []any, map[string]any:
		return true
	}
	return false
}

func displayValue(v any) string {
	if s, ok := v.(string); ok {
		return quoteLikeJSONSchema(s)
	}
	return fmt.Sprintf("%v", v)
}

// quoteLikeJSONSchema single-quotes s the way jsonschema/v6 does: Go
// escaping, but with ' escaped instead of ".
func quoteLikeJSONSchema(s string) string {
	q := strconv.Quote(s)
	q = strings.ReplaceAll(q, `\"`, `"`)
	q = strings.ReplaceAll(q, `'`, `\'`)
	return "'" + q[1:len(q)-1] + "'"
}

func joinQuoted(names []string) string {
	quoted := make([]string, len(names))
	for i, n := range names {
		quoted[i] = quoteLikeJSONSchema(n)
	}
	return strings.Join(quoted, ", ")
}

// groupDigits formats n as golang.org/x/text/message's English printer
// formats %d, which jsonschema/v6's messages use: 1,234.
func groupDigits(n int) string {
	s := strconv.Itoa(n)
	if n < 0 {
		return "-" + groupThousands(s[1:])
	}
	return groupThousands(s)
}

// ratMessage formats r as jsonschema/v6 does for minimum: converted to a
// float64 and printed with %v by x/text's English printer (formatEnglish).
func ratMessage(r *big.Rat) string {
	f, _ := r.Float64()
	return formatEnglish(f)
}

// formatEnglish formats f as golang.org/x/text/message's English printer
// formats %v: the shortest digits that read back as f, grouped by
// thousands, or in scientific form (1.5×10⁰⁶) from 10⁶ up and below 10⁻⁴.
func formatEnglish(f float64) string {
	switch {
	case f == 0:
		return "0" // -0 too
	case math.IsNaN(f):
		return "NaN"
	case math.IsInf(f, 1):
		return "∞"
	case math.IsInf(f, -1):
		return "-∞"
	}
	sign := ""
	if f < 0 {
		sign, f = "-", -f
	}
	mant, e, _ := strings.Cut(strconv.FormatFloat(f, 'e', -1, 64), "e")
	exp, _ := strconv.Atoi(e)
	digits := strings.Replace(mant, ".", "", 1)
	if exp < -4 || exp >= 6 {
		m := digits[:1]
		if len(digits) > 1 {
			m += "." + digits[1:]
		}
		return sign + m + "×10" + superscript(exp)
	}
	var whole, frac string
	if exp >= 0 {
		if len(digits) <= exp {
			digits += strings.Repeat("0", exp+1-len(digits))
		}
		whole, frac = digits[:exp+1], digits[exp+1:]
	} else {
		whole, frac = "0", strings.Repeat("0", -exp-1)+digits
	}
	if frac != "" {
		frac = "." + frac
	}
	return sign + groupThousands(whole) + frac
}

// superscript writes an exponent as x/text does: at least two digits, in
// superscript, with a superscript minus when negative.
func superscript(exp int) string {
	var b strings.Builder
	if exp < 0 {
		b.WriteString("⁻")
		exp = -exp
	}
	d := strconv.Itoa(exp)
	if len(d) < 2 {
		d = "0" + d
	}
	for _, c := range d {
		b.WriteString(superscriptDigits[c-'0'])
	}
	return b.String()
}

var superscriptDigits = [...]string{"⁰", "¹", "²", "³", "⁴", "⁵", "⁶", "⁷", "⁸", "⁹"}

// groupThousands puts a comma between groups of three digits: 1234567 is
// 1,234,567.
func groupThousands(digits string) string {
	var b strings.Builder
	for i, c := range digits {
		if i > 0 && (len(digits)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	return b.String()
}
