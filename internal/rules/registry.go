package rules

// registry lists every rule. Each lives in its own file named after it.
var registry = []*Rule{
	UnresolvableLabel,
	UnusedReference,
	DuplicateReference,
	MalformedIdentifier,
	NonCanonicalDOI,
	UncitedClaim,
	UnusedSuppression,
	InvalidSuppression,
	Document,
	UnreadableFile,
	DeadDOI,
	DeadArXiv,
	DeadLink,
	ReferenceMismatch,
	RetractedSource,
	LowOverlap,
	NumberMismatch,
}
