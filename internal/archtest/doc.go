// Package archtest holds the test that keeps ARCHITECTURE.md's package
// table true: every package's imports of the module's packages (its tests'
// excepted) are among those its row says it may import.
package archtest
