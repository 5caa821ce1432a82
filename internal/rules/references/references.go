// Package references holds the rules about a document's citations and its
// references agreeing: a citation whose label resolves to nothing
// (unresolvable-label), a reference nothing cites (unused-reference), one
// work listed twice (duplicate-reference). markers.go rewrites and removes
// markers for their fixes, indexes.go tells an array index from a
// citation; the bracket evidence they weigh is package rules'
// (evidence.go). Each rule is one file, listed in internal/rules/registry,
// with its goldens in testdata/<rule>/.
package references
