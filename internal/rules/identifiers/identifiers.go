// Package identifiers holds the rules about what a citation's identifier
// names: offline, whether a DOI, arXiv id or URL is well formed and written
// canonically (malformed-identifier, non-canonical-doi); over the network,
// whether it resolves (dead-doi, dead-arxiv, dead-link), whether the
// registry's record matches the reference (reference-mismatch) and whether
// the work was retracted (retracted-source). network.go holds what the
// network rules share. Each rule is one file, listed in
// internal/rules/registry, with its goldens in testdata/<rule>/.
package identifiers
