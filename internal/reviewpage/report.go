package reviewpage

// timeCheck is how many blocks the page renders between two asks of
// Report.TimeUp (it asks once a document too).
const timeCheck = 64

func ratio(a, b int) float64 {
	if b == 0 {
		return 0
	}
	return float64(a) / float64(b)
}

// truncate cuts s to at most n bytes, at a rune's start, with "..." for
// what it cut.
func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	cut := n - 3
	for cut > 0 && s[cut]&0xC0 == 0x80 {
		cut--
	}
	return s[:cut] + "..."
}
