package engine

import (
	"fmt"
	"io"

	"github.com/citelint/citelint/internal/atomicfile"
	"github.com/citelint/citelint/internal/pipeline"
	"github.com/citelint/citelint/internal/safefile"
)

// MaxBaseline caps the baseline files ReadBaseline reads and
// WriteBaseline writes (a variable for tests): a baseline may come from
// the pull request being linted.
var MaxBaseline int64 = safefile.MaxBaseline

// ReadBaseline reads the baseline file at path (RunOptions.Baseline), a
// regular file of at most MaxBaseline bytes.
func ReadBaseline(path string) (*pipeline.BaselineFile, error) {
	r, err := safefile.Open(path)
	if err != nil {
		return nil, err
	}
	defer r.Close()
	tooLarge := &safefile.TooLargeError{Path: path, Limit: MaxBaseline}
	if fi, err := r.Stat(); err == nil && fi.Size() > MaxBaseline {
		return nil, tooLarge
	}
	// The size may be unknown, or grow while read.
	c := &countingReader{r: io.LimitReader(r, MaxBaseline+1)}
	f, err := pipeline.ReadBaseline(path, c)
	if c.n > MaxBaseline {
		return nil, tooLarge
	}
	return f, err
}

// WriteBaseline writes b (Result.NewBaseline) to path atomically. One
// ReadBaseline would refuse is not written: nothing is, and the previous
// file stays.
func WriteBaseline(path string, b *pipeline.BaselineFile) error {
	capped := func(w io.Writer) error {
		return b.Write(&limitedWriter{w: w, max: MaxBaseline,
			err: fmt.Errorf("%d issues make a baseline larger than the %d MiB --baseline reads; exclude rules or paths instead", len(b.Entries), MaxBaseline>>20)})
	}
	return atomicfile.Write(path, capped)
}

// countingReader counts the bytes read through it.
type countingReader struct {
	r io.Reader
	n int64
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += int64(n)
	return n, err
}

// limitedWriter fails once more than max bytes are written to it.
type limitedWriter struct {
	w   io.Writer
	max int64
	err error
}

func (l *limitedWriter) Write(p []byte) (int, error) {
	if l.max -= int64(len(p)); l.max < 0 {
		return 0, l.err
	}
	return l.w.Write(p)
}
