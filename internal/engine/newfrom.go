package engine

import (
	"context"
	"errors"
	"fmt"
	"os"

	"github.com/citelint/citelint/internal/gitdiff"
)

// NewFrom is what a diff-aware run reports on: the lines changed since a
// git revision (Rev, --new-from-rev), since the merge base of HEAD and a
// ref (MergeBase, --new-from-merge-base), or the lines a unified diff adds
// (Patch, a file: --new-from-patch). At most one is set; none lints
// every line.
type NewFrom struct{ Rev, MergeBase, Patch string }

// ChangedLines computes the lines nf names in the work tree holding the
// working directory getwd returns, or nil when nf names none. Failing to
// compute them is an error: linting everything or nothing instead would
// pass a pull request that should fail, or bury it.
func ChangedLines(ctx context.Context, nf NewFrom, getwd func() (string, error)) (*gitdiff.Set, error) {
	n := 0
	for _, v := range []string{nf.Rev, nf.MergeBase, nf.Patch} {
		if v != "" {
			n++
		}
	}
	if n == 0 {
		return nil, nil
	}
	if n > 1 {
		return nil, errors.New("give only one of --new-from-rev, --new-from-merge-base and --new-from-patch")
	}
	wd, err := getwd()
	if err != nil {
		return nil, err
	}
	if nf.Patch != "" {
		r, err := os.Open(nf.Patch)
		if err != nil {
			return nil, fmt.Errorf("--new-from-patch: %v", err)
		}
		defer r.Close()
		// Paths in a patch are relative to the repository root, as git
		// writes them; outside a repository, to the working directory.
		root := wd
		if top, err := gitdiff.Root(ctx, wd); err == nil {
			root = top
		}
		s, err := gitdiff.ParsePatch(r, root)
		if err != nil {
			return nil, fmt.Errorf("--new-from-patch: %s: %v", nf.Patch, err)
		}
		return s, nil
	}
	rev := nf.Rev
	if nf.MergeBase != "" {
		if rev, err = gitdiff.MergeBase(ctx, wd, nf.MergeBase); err != nil {
			return nil, fmt.Errorf("--new-from-merge-base: %v", err)
		}
	}
	s, err := gitdiff.FromRev(ctx, wd, rev)
	if err != nil {
		return nil, fmt.Errorf("cannot compute the changed lines: %v", err)
	}
	return s, nil
}

// Check refuses what Run cannot do as asked, before anything is linted:
// changed lines for standard input (git cannot say which of its lines
// changed), and unsafe fixes without fixes. The messages name the
// command line's flags.
func (o RunOptions) Check(fs Files) error {
	if o.Changed != nil && fs.Stdin != "" {
		return errors.New("--new-from-* cannot tell which lines of standard input changed")
	}
	if o.UnsafeFixes && !o.Fix {
		return errors.New("--unsafe-fixes needs --fix or --diff")
	}
	return nil
}
