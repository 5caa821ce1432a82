// Package ident finds and validates the identifiers of cited works in text:
// DOIs, arXiv ids, URLs, ISBNs, ISSNs, PMCIDs and PMIDs.
//
// Everything here is offline and allocation-light: Scan runs over every prose
// span of every file, so it is a hand-written single pass with a cheap
// first-byte dispatch rather than a regular expression. The rules it encodes
// come from ../shared/notes/identifiers-and-registries.md:
//
//   - trailing sentence punctuation is not part of an identifier, but balanced
//     parentheses, brackets and angle brackets inside one are (Lancet DOIs
//     such as 10.1016/S0140-6736(20)30183-5, Wiley SICI DOIs with <...>);
//   - spans are claimed left to right, URL before DOI before arXiv, so a DOI
//     inside a doi.org URL is one DOI and a DOI inside a publisher's URL is
//     part of that URL, never a second citation;
//   - bare numbers are never taken for arXiv ids (2411.04368 could be
//     anything); an arXiv id needs an "arXiv:" prefix or an arxiv.org URL.
//     Old-style ids (hep-th/9901001) are recognised bare because their
//     archive names make them unambiguous.
package ident

import "time"

// Kind names an identifier scheme.
type Kind string

const (
	DOI   Kind = "doi"
	ArXiv Kind = "arxiv"
	URL   Kind = "url"
	ISBN  Kind = "isbn"
	ISSN  Kind = "issn"
	PMCID Kind = "pmcid"
	PMID  Kind = "pmid"
)

// Now is the clock used to reject arXiv ids from the future. Tests replace it
// so that golden files do not change meaning as time passes.
var Now = time.Now

// Match is one identifier found in text.
type Match struct {
	Kind Kind
	// Start and End are byte offsets of the identifier as written, prefix and
	// URL included, trailing punctuation excluded.
	Start, End int
	Raw        string // text[Start:End]
	// ID is the normalised identifier: a DOI lower-cased without resolver
	// prefix, an arXiv id without "arXiv:" and without version, a URL as
	// written, an ISBN/ISSN with hyphens as written removed, a PMCID upper-cased.
	ID string
	// Version is an arXiv version such as "v2" ("" for none).
	Version string
	// Problem says why the identifier cannot be well-formed; "" when it can.
	Problem string
}
