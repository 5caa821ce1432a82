package output

// This file holds what the HTML review page shows beyond the issues: each
// document's text with its sentences and citations. Only the html format
// reads it, and the engine fills it only when that format is asked for
// (Report.Review stays nil otherwise), so no other printer changes.

// Sentence statuses on the review page, in the order one wins over
// another when a sentence has several.
const (
	StatusMissing    = "missing"    // cites something that does not exist
	StatusWeak       = "weak"       // cited, but its sources barely support it
	StatusUncited    = "uncited"    // a checkable claim citing nothing
	StatusUnverified = "unverified" // cited, but no source text to score against
	StatusSupported  = "supported"  // cited and supported by its sources
	StatusCited      = "cited"      // cited, not scored (no claim-support rule ran)
)

// ReviewDoc is one document for the review page.
type ReviewDoc struct {
	// Path as the issues name it.
	Path string
	// Src is the text to render, as the parser read it: same length as the
	// file, with front matter and pathological stretches blanked.
	Src       []byte
	Sentences []ReviewSentence
	Citations []ReviewCitation
	// Definitions are the link reference definitions ("[1]: url"), in
	// order: goldmark renders nothing for them, so the page shows them as
	// written where they stand.
	Definitions []ReviewSpan
	// Claims and CitedClaims are the file's sentence counts as the summary
	// sums them, for its coverage when no claim-support rule ran.
	Claims, CitedClaims int
}

// ReviewSpan is a byte range [Start, End) of a document.
type ReviewSpan struct{ Start, End int }

// ReviewSentence is one sentence (not a heading) with what is known of it.
// Byte offsets are the file's.
type ReviewSentence struct {
	Start, End int
	// Cites indexes ReviewDoc.Citations.
	Cites []int
	// Scored: Score against Threshold, Supported the verdict, Passage the
	// closest passage of the source From, Missing the words it lacks.
	Scored           bool
	Score, Threshold float64
	Supported        bool
	Unverified       bool
	Passage, From    string
	Missing          []string
	// FromTitle and FromLink are the title and address of the source the
	// passage is from, when known.
	FromTitle, FromLink string
}

// ReviewCitation is one citation label, with what it resolved to.
type ReviewCitation struct {
	// Marker is the marker as written ("[1, 2]"), Start and End its offsets.
	Start, End int
	Label      string
	// Status is "resolved", "unresolved" or "unchecked" (package markdown).
	Status string
	// Entry is the text of the reference it resolved to, or its target;
	// Title that reference's title and Link where a reader finds the work
	// (its URL, DOI or arXiv id as a web address), when known.
	Entry, Title, Link string
}
