package engine

import (
	"fmt"
	"hash/fnv"
	"slices"
	"strconv"
	"strings"

	"github.com/citelint/citelint/internal/lint"
)

// Shard is one of Count parts of a run's files (--shard Index/Count):
// CI jobs that lint parts 1..Count of a large repository report, together,
// exactly what one job linting everything reports.
type Shard struct {
	Index, Count int // 1 <= Index <= Count; Count 0 is no sharding
}

// ParseShard parses "i/n".
func ParseShard(s string) (Shard, error) {
	i, n, ok := strings.Cut(s, "/")
	idx, err1 := strconv.Atoi(i)
	cnt, err2 := strconv.Atoi(n)
	if !ok || err1 != nil || err2 != nil || cnt < 1 || idx < 1 || idx > cnt {
		return Shard{}, fmt.Errorf("--shard %q: want i/n with 1 <= i <= n, as 2/4", s)
	}
	return Shard{Index: idx, Count: cnt}, nil
}

// Has reports whether the file at rel (slash-separated, relative to the
// project root) belongs to the shard. The part is a hash of that path
// (FNV-1a), so it is the same on every machine and system and does not
// depend on which other files exist: adding a file moves no other.
func (s Shard) Has(rel string) bool {
	if s.Count <= 1 {
		return true
	}
	h := fnv.New64a()
	h.Write([]byte(rel))
	return int(h.Sum64()%uint64(s.Count)) == s.Index-1
}

// keep drops from fs the files and walk errors outside shard s, naming
// each by rel (its path relative to the project root); it returns how
// many files it dropped.
func (fs *Files) keep(s Shard, rel func(string) string) int {
	if s.Count <= 1 {
		return 0
	}
	n := len(fs.Paths)
	fs.Paths = slices.DeleteFunc(fs.Paths, func(p string) bool { return !s.Has(rel(p)) })
	fs.Errs = slices.DeleteFunc(fs.Errs, func(e lint.FileError) bool { return !s.Has(rel(e.Path)) })
	if fs.Stdin != "" && !slices.Contains(fs.Paths, fs.Stdin) {
		fs.Stdin = ""
	}
	return n - len(fs.Paths)
}
