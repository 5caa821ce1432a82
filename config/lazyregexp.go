package config

import (
	"regexp"
	"sync"
)

// lazyRegexp compiles expr on first use. Compiling config's expressions at
// package initialisation cost every run's start-up, and a run without a
// config file, or with a valid one, uses few or none of them.
func lazyRegexp(expr string) func() *regexp.Regexp {
	return sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(expr) })
}
