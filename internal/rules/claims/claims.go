// Package claims holds the rules about a document's claims and their
// support: a checkable sentence that cites nothing (uncited-claim, whose
// decision is internal/rules/uncited), a cited sentence its source barely
// supports (low-overlap, which may ask a judge) or whose numbers its
// sources do not state (number-mismatch). support.go finds and scores the
// cited sources' text they share. Each rule is one file, listed in
// internal/rules/registry, with its goldens in testdata/<rule>/.
package claims
