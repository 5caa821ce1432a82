// Package cache keeps network lookup results on disk between runs, so that
// linting the same documents again costs no requests (registries ask for
// exactly this) and works offline for everything already seen.
//
// Each answer is one small JSON file named by the SHA-256 of its kind and
// key, in 256 shard directories per kind, written atomically, so concurrent
// citelint processes never see half a file and no directory grows huge.
// Only definite answers are kept: OK and Broken, each with a time to live
// per kind (a paper stays published longer than a web page stays up).
// Unverified answers (timeouts, 429, bot walls) are never stored, so the
// next run asks again instead of remembering a hiccup. A file that cannot
// be read or parsed is a miss, never an error.
package cache

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"time"

	"github.com/citelint/citelint/internal/atomicfile"
	"github.com/citelint/citelint/resolve"
)

// TTL is how long answers of one kind stay valid.
type TTL struct {
	OK     time.Duration
	Broken time.Duration
}

const day = 24 * time.Hour

// DefaultTTLs are the TTLs by resolver name: published records change
// rarely, web pages often; a Broken answer is kept a day in case it was a
// registry's mistake or a DOI registered minutes ago.
func DefaultTTLs() map[string]TTL {
	rec := TTL{OK: 30 * day, Broken: day}
	return map[string]TTL{
		"doi": rec, "crossref": rec, "datacite": rec, "arxiv": rec,
		"url": {OK: 7 * day, Broken: day}, "url-text": {OK: 7 * day, Broken: day},
		// A model's answer to the same question does not go stale.
		"judge": {OK: 90 * day, Broken: 90 * day},
	}
}

// OtherTTL applies to kinds without an entry in DefaultTTLs or Options.TTLs.
var OtherTTL = TTL{OK: 7 * day, Broken: day}

// formatDir versions the on-disk layout; a new layout gets a new name and
// old entries are simply never read again.
const formatDir = "v1"

// Options configures a Cache.
type Options struct {
	// Dir is the cache directory, DefaultDir() when empty.
	Dir string
	// TTLs override DefaultTTLs per kind.
	TTLs map[string]TTL
	// Now is the clock, time.Now when nil (tests set it).
	Now func() time.Time
}

// Cache is an on-disk store of lookups. It is safe for concurrent use by
// goroutines and by processes.
type Cache struct {
	dir  string
	ttls map[string]TTL
	now  func() time.Time
}

// DefaultDir is citelint's directory under the user cache directory
// ($XDG_CACHE_HOME, ~/Library/Caches, %LocalAppData%).
func DefaultDir() (string, error) {
	d, err := os.UserCacheDir()
	if err != nil {
		return "", err
	}
	return filepath.Join(d, "citelint"), nil
}

// Open returns a Cache for o. The directory is created on the first write.
func Open(o Options) (*Cache, error) {
	dir := o.Dir
	if dir == "" {
		var err error
		if dir, err = DefaultDir(); err != nil {
			return nil, err
		}
	}
	c := &Cache{dir: dir, ttls: DefaultTTLs(), now: o.Now}
	for k, t := range o.TTLs {
		c.ttls[k] = t
	}
	if c.now == nil {
		c.now = time.Now
	}
	return c, nil
}

// Dir is the cache directory.
func (c *Cache) Dir() string { return c.dir }

type entry struct {
	Kind   string         `json:"kind"`
	Key    string         `json:"key"`
	Stored time.Time      `json:"stored"`
	Lookup resolve.Lookup `json:"lookup"`
}

var unsafeKind = regexp.MustCompile(`[^a-z0-9_-]`)

// kindDir turns a resolver name into a directory name that is safe on
// every file system.
func kindDir(kind string) string {
	k := unsafeKind.ReplaceAllString(strings.ToLower(kind), "_")
	if k == "" {
		k = "_"
	}
	return k
}

func (c *Cache) path(kind, key string) string {
	sum := sha256.Sum256([]byte(kind + "\x00" + key))
	h := hex.EncodeToString(sum[:])
	return filepath.Join(c.dir, formatDir, kindDir(kind), h[:2], h+".json")
}

func (c *Cache) ttl(kind string, v resolve.Verdict) time.Duration {
	t, ok := c.ttls[kind]
	if !ok {
		t = OtherTTL
	}
	switch v {
	case resolve.OK:
		return t.OK
	case resolve.Broken:
		return t.Broken
	}
	return 0
}

// Get returns the stored answer for kind and key if there is one and it
// has not expired.
func (c *Cache) Get(kind, key string) (resolve.Lookup, bool) {
	b, err := os.ReadFile(c.path(kind, key))
	if err != nil {
		return resolve.Lookup{}, false
	}
	e, ok := c.decode(b)
	if !ok || e.Kind != kind || e.Key != key {
		return resolve.Lookup{}, false
	}
	return e.Lookup, true
}

// decode parses an entry and reports whether it is valid and unexpired.
func (c *Cache) decode(b []byte) (entry, bool) {
	var e entry
	if json.Unmarshal(b, &e) != nil || e.Lookup.Verdict == resolve.Unverified {
		return e, false
	}
	age := c.now().Sub(e.Stored)
	return e, age >= -time.Hour && age < c.ttl(e.Kind, e.Lookup.Verdict) // an hour of clock skew is tolerated
}

// Put stores a definite answer; Unverified answers are not stored (nil
// error), nor are kinds whose TTL for the verdict is 0.
func (c *Cache) Put(kind, key string, l resolve.Lookup) error {
	if l.Verdict == resolve.Unverified || c.ttl(kind, l.Verdict) <= 0 {
		return nil
	}
	b, err := json.Marshal(entry{Kind: kind, Key: key, Stored: c.now().UTC(), Lookup: l})
	if err != nil {
		return err
	}
	p := c.path(kind, key)
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		return err
	}
	return atomicfile.WriteBytes(p, b)
}

// KindStatus describes the entries of one kind.
type KindStatus struct {
	Entries int   `json:"entries"`
	Expired int   `json:"expired"` // expired or unreadable, removed by Prune
	Bytes   int64 `json:"bytes"`
}

// Status describes the cache for `citelint cache status`.
type Status struct {
	Dir     string                `json:"dir"`
	Entries int                   `json:"entries"`
	Bytes   int64                 `json:"bytes"`
	Kinds   map[string]KindStatus `json:"kinds"`
}

var entryName = regexp.MustCompile(`^[0-9a-f]{64}\.json$`)

// walk calls fn for every cache entry file (and, with temps, for leftover
// temporary files of interrupted writes) and nothing else, so that
// pointing Dir at a directory with other files in it never touches them.
func (c *Cache) walk(temps bool, fn func(kind, path string, size int64) error) error {
	root := filepath.Join(c.dir, formatDir)
	kinds, err := os.ReadDir(root)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	for _, k := range kinds {
		if !k.IsDir() {
			continue
		}
		shards, err := os.ReadDir(filepath.Join(root, k.Name()))
		if err != nil {
			return err
		}
		for _, s := range shards {
			if !s.IsDir() || len(s.Name()) != 2 {
				continue
			}
			dir := filepath.Join(root, k.Name(), s.Name())
			files, err := os.ReadDir(dir)
			if err != nil {
				return err
			}
			for _, f := range files {
				n := f.Name()
				ok := entryName.MatchString(n) && n[:2] == s.Name()
				if temps && !ok {
					ok = strings.HasPrefix(n, ".") && strings.Contains(n, ".json.citelint-")
				}
				if !ok || !f.Type().IsRegular() {
					continue
				}
				info, err := f.Info()
				if err != nil {
					continue // removed meanwhile
				}
				if err := fn(k.Name(), filepath.Join(dir, n), info.Size()); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

// Status counts the entries, their bytes and the expired ones, per kind.
func (c *Cache) Status() (Status, error) {
	st := Status{Dir: c.dir, Kinds: map[string]KindStatus{}}
	err := c.walk(false, func(kind, path string, size int64) error {
		ks := st.Kinds[kind]
		ks.Entries++
		ks.Bytes += size
		if b, err := os.ReadFile(path); err != nil {
			ks.Expired++
		} else if _, ok := c.decode(b); !ok {
			ks.Expired++
		}
		st.Kinds[kind] = ks
		st.Entries++
		st.Bytes += size
		return nil
	})
	return st, err
}

// Clean removes every entry (and leftovers of interrupted writes) and then
// the directories left empty. It returns how many files it removed.
func (c *Cache) Clean() (int, error) {
	return c.remove(true, func(string) bool { return true })
}

// Prune removes expired and unreadable entries only.
func (c *Cache) Prune() (int, error) {
	return c.remove(false, func(path string) bool {
		b, err := os.ReadFile(path)
		if err != nil {
			return true
		}
		_, ok := c.decode(b)
		return !ok
	})
}

func (c *Cache) remove(temps bool, drop func(path string) bool) (int, error) {
	n := 0
	dirs := map[string]bool{}
	err := c.walk(temps, func(kind, path string, size int64) error {
		if !drop(path) {
			return nil
		}
		if err := os.Remove(path); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return err
		}
		n++
		dirs[filepath.Dir(path)] = true
		dirs[filepath.Dir(filepath.Dir(path))] = true
		return nil
	})
	// Deepest first; os.Remove only removes empty directories, so
	// anything else someone put there stays.
	var ds []string
	for d := range dirs {
		ds = append(ds, d)
	}
	sort.Slice(ds, func(i, j int) bool { return len(ds[i]) > len(ds[j]) })
	for _, d := range append(ds, filepath.Join(c.dir, formatDir)) {
		os.Remove(d)
	}
	return n, err
}
