// Package input holds the rules about citelint's input itself rather than
// its citations: what kept it from reading a document (document), a file
// it could not read at all (unreadable-file), and its suppression comments
// (invalid-suppression, unused-suppression). Each rule is one file, listed
// in internal/rules/registry, with its goldens in testdata/<rule>/.
package input
