// Package cache keeps network lookup results on disk between runs, so that
// linting the same documents again costs no requests (registries ask for
// exactly this) and works offline for everything already seen.
//
// Answers live in 16 shard files per kind, each a JSON list of entries,
// chosen by the SHA-256 of the entry's kind, endpoint and key. Answers of
// one batch (one Resolve) are kept in memory and written at its end, one
// atomic write (temporary file, fsync, rename) per shard touched: a cold
// run of 3,000 answers writes 16 files per kind instead of 3,000 fsync'd
// ones. Writers merge what is on disk first, so concurrent processes lose
// at most each other's last answers, never see half a file.
//
// The endpoint (the registry's base URL) is part of every key, so answers
// from a test server or a mirror never stand in for the real registry's.
// Only definite answers are kept: OK and Broken, each with a time to live
// per kind. Unverified answers are never stored.
//
// The cache directory may come from a configuration a pull request wrote,
// so its files are untrusted: only regular files up to a size cap are
// read (never through a symlink, never a FIFO or device), anything else
// is treated as missing with one warning, and an entry that cannot be
// parsed is a miss. Every file is read and written through an os.Root
// opened at the cache directory, so no link inside it leads elsewhere;
// with Options.Within the directory itself must resolve inside that
// folder (the project), checked each time it is opened. A cache that
// cannot be written is a warning, once; the run goes on without storing.
package cache

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/citelint/citelint/internal/resolve"
	"github.com/citelint/citelint/internal/safefile"
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

// ShortTTL is the most a Lookup with Brief set is kept: a verdict that
// rests on circumstantial evidence (a host not found while other hosts
// resolved) should not outlive a DNS hiccup by a day.
const ShortTTL = 10 * time.Minute

// formatDir versions the on-disk layout; a new layout gets a new name and
// old entries are simply never read again (Clean still removes them).
// v1 was one file per answer without the endpoint in the key.
const (
	formatDir    = "v2"
	legacyDir    = "v1"
	formatName   = "citelint-cache/2"
	shardsOfKind = 16
)

// Size caps: a shard is written at most maxWrite bytes (the oldest entries
// go first) and read only up to maxRead, so a planted or runaway file
// cannot exhaust memory.
const (
	maxWrite = 32 << 20
	maxRead  = 64 << 20
)

// Options configures a Cache.
type Options struct {
	// Dir is the cache directory, DefaultDir() when empty.
	Dir string
	// Within, when set, is a folder Dir must stay inside, not under a
	// .git directory, once symbolic links are resolved: for a Dir that a
	// configuration file named, which a pull request may have written
	// (with a link committed beside it). It is checked each time the
	// directory is opened to read or write, not only here, and nothing is
	// created before the part of Dir that exists has passed.
	Within string
	// TTLs override DefaultTTLs per kind.
	TTLs map[string]TTL
	// Now is the clock, time.Now when nil (tests set it).
	Now func() time.Time
	// Warn receives each kind of cache trouble once (unwritable
	// directory, entry that is not a regular file); nil prints
	// "citelint: warning: ..." to standard error.
	Warn func(msg string)
}

// Cache is an on-disk store of lookups. It is safe for concurrent use by
// goroutines and by processes.
type Cache struct {
	dir    string
	within string
	ttls   map[string]TTL
	now    func() time.Time
	warn   func(string)

	mu       sync.Mutex
	shards   map[string]*shard // by file path
	batches  int               // open batches: Put defers writing while > 0
	warned   map[string]bool
	readOnly bool // a write failed: stop trying for this run
}

// shard is one shard file's entries as loaded, plus what this process
// stored since the last write.
type shard struct {
	entries map[string]entry // by id
	pending map[string]entry
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
	if o.Within != "" {
		rel, err := filepath.Rel(o.Within, dir)
		if err != nil || !filepath.IsLocal(rel) {
			return nil, fmt.Errorf("%s is not inside %s", dir, o.Within)
		}
	}
	c := &Cache{dir: dir, within: o.Within, ttls: DefaultTTLs(), now: o.Now, warn: o.Warn,
		shards: map[string]*shard{}, warned: map[string]bool{}}
	for k, t := range o.TTLs {
		c.ttls[k] = t
	}
	if c.now == nil {
		c.now = time.Now
	}
	if c.warn == nil {
		c.warn = func(msg string) { fmt.Fprintln(os.Stderr, "citelint: warning: "+msg) }
	}
	return c, nil
}

// Dir is the cache directory.
func (c *Cache) Dir() string { return c.dir }

// openDir opens the cache directory, creating it first with create. With
// Within, the directory must resolve inside it and not under .git: the
// part that exists before anything is created, and the whole once it
// exists; it is then opened through an os.Root of Within, which follows no
// link out of it should the tree change in between. The files are used
// through the returned os.Root, which follows no link out of the cache.
func (c *Cache) openDir(create bool) (*os.Root, error) {
	if c.within == "" {
		if create {
			if err := os.MkdirAll(c.dir, 0o755); err != nil {
				return nil, err
			}
		}
		return os.OpenRoot(c.dir)
	}
	proj, err := safefile.NewRoot(c.within)
	if err != nil {
		return nil, err
	}
	rel, err := filepath.Rel(c.within, c.dir)
	if err != nil {
		return nil, err
	}
	if err := proj.Holds(c.dir); err != nil {
		return nil, err
	}
	pr, err := os.OpenRoot(c.within)
	if err != nil {
		return nil, err
	}
	defer pr.Close()
	if create {
		if err := pr.MkdirAll(rel, 0o755); err != nil {
			return nil, err
		}
	}
	if err := proj.Check(c.dir); err != nil {
		return nil, err
	}
	return pr.OpenRoot(rel)
}

// notFound reports whether err says the cache directory, or a part of
// it, does not exist: an empty cache.
func notFound(err error) bool {
	return errors.Is(err, fs.ErrNotExist) || errors.Is(err, syscall.ENOTDIR)
}

type entry struct {
	Kind     string         `json:"kind"`
	Endpoint string         `json:"endpoint,omitempty"`
	Key      string         `json:"key"`
	Stored   time.Time      `json:"stored"`
	Brief    bool           `json:"brief,omitempty"`
	Lookup   resolve.Lookup `json:"lookup"`
}

// shardFile is the on-disk form of a shard.
type shardFile struct {
	Format  string  `json:"format"`
	Entries []entry `json:"entries"`
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

func entryID(kind, endpoint, key string) string {
	sum := sha256.Sum256([]byte(kind + "\x00" + endpoint + "\x00" + key))
	return hex.EncodeToString(sum[:])
}

// shardPath is the shard file of kind and id, relative to the cache
// directory.
func (c *Cache) shardPath(kind, id string) string {
	return filepath.Join(formatDir, kindDir(kind), id[:1]+".json")
}

func (c *Cache) ttl(e entry) time.Duration {
	t, ok := c.ttls[e.Kind]
	if !ok {
		t = OtherTTL
	}
	d := time.Duration(0)
	switch e.Lookup.Verdict {
	case resolve.OK:
		d = t.OK
	case resolve.Broken:
		d = t.Broken
	}
	if e.Brief && d > ShortTTL {
		d = ShortTTL
	}
	return d
}

// valid reports whether e is a definite, unexpired answer.
func (c *Cache) valid(e entry) bool {
	if e.Lookup.Verdict == resolve.Unverified {
		return false
	}
	age := c.now().Sub(e.Stored)
	return age >= -time.Hour && age < c.ttl(e) // an hour of clock skew is tolerated
}

// warnOnce reports one kind of trouble the first time it happens.
// c.mu must be held.
func (c *Cache) warnOnce(what, msg string) {
	if c.warned[what] {
		return
	}
	c.warned[what] = true
	c.warn(msg)
}

// Get returns the stored answer for kind and key (from the default
// endpoint) if there is one and it has not expired.
func (c *Cache) Get(kind, key string) (resolve.Lookup, bool) {
	return c.GetFrom(kind, "", key)
}

// GetFrom returns the stored answer for kind and key that endpoint gave.
func (c *Cache) GetFrom(kind, endpoint, key string) (resolve.Lookup, bool) {
	id := entryID(kind, endpoint, key)
	c.mu.Lock()
	defer c.mu.Unlock()
	e, ok := c.load(c.shardPath(kind, id)).entries[id]
	if !ok || e.Kind != kind || e.Endpoint != endpoint || e.Key != key || !c.valid(e) {
		return resolve.Lookup{}, false
	}
	return e.Lookup, true
}

// load returns the shard at path, reading it on first use. c.mu must be
// held.
func (c *Cache) load(path string) *shard {
	if s, ok := c.shards[path]; ok {
		return s
	}
	s := &shard{entries: c.readShard(path), pending: map[string]entry{}}
	c.shards[path] = s
	return s
}

// readShard reads the shard file at path (relative to the cache
// directory) into entries by id. A cache directory that cannot be opened
// (one that leads out of Options.Within, say) has no entries, reported
// once.
func (c *Cache) readShard(path string) map[string]entry {
	r, err := c.openDir(false)
	if err != nil {
		if !notFound(err) {
			c.warnOnce("read", fmt.Sprintf("resolver cache: ignoring %s: %v", c.dir, err))
		}
		return map[string]entry{}
	}
	defer r.Close()
	return c.readShardIn(r, path)
}

// readShardIn reads a shard file of the cache directory r. Missing,
// unreadable and unparseable files are empty; files that are not regular
// are also reported once.
func (c *Cache) readShardIn(r *os.Root, path string) map[string]entry {
	out := map[string]entry{}
	b, err := readRegular(r, path, maxRead)
	if err != nil {
		if !notFound(err) {
			c.warnOnce("read", fmt.Sprintf("resolver cache: ignoring %s: %v", filepath.Join(c.dir, path), err))
		}
		return out
	}
	var f shardFile
	if json.Unmarshal(b, &f) != nil || f.Format != formatName {
		return out // corrupt: its answers are asked again
	}
	for _, e := range f.Entries {
		out[entryID(e.Kind, e.Endpoint, e.Key)] = e
	}
	return out
}

var (
	errNotRegular = errors.New("not a regular file")
	errTooLarge   = errors.New("larger than the cache's size cap")
)

// readRegular reads path in r if it is a regular file (not a symlink,
// FIFO or device) of at most max bytes.
func readRegular(r *os.Root, path string, max int64) ([]byte, error) {
	f, err := openNoFollow(r, path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if !fi.Mode().IsRegular() {
		return nil, errNotRegular
	}
	if fi.Size() > max {
		return nil, errTooLarge
	}
	b, err := io.ReadAll(io.LimitReader(f, max+1))
	if err == nil && int64(len(b)) > max {
		err = errTooLarge
	}
	return b, err
}

// Put stores a definite answer from the default endpoint; see PutFrom.
func (c *Cache) Put(kind, key string, l resolve.Lookup) error {
	return c.PutFrom(kind, "", key, l)
}

// PutFrom stores a definite answer endpoint gave. Unverified answers are
// not stored (nil error), nor are kinds whose TTL for the verdict is 0.
// Inside a batch (Batch) the answer is written when the batch ends;
// otherwise at once.
func (c *Cache) PutFrom(kind, endpoint, key string, l resolve.Lookup) error {
	return c.put(entry{Kind: kind, Endpoint: endpoint, Key: key, Lookup: l})
}

// PutBrief stores an answer for ShortTTL at most, for verdicts that rest
// on circumstantial evidence.
func (c *Cache) PutBrief(kind, endpoint, key string, l resolve.Lookup) error {
	return c.put(entry{Kind: kind, Endpoint: endpoint, Key: key, Lookup: l, Brief: true})
}

func (c *Cache) put(e entry) error {
	if e.Lookup.Verdict == resolve.Unverified || c.ttl(e) <= 0 {
		return nil
	}
	e.Stored = c.now().UTC()
	id := entryID(e.Kind, e.Endpoint, e.Key)
	c.mu.Lock()
	defer c.mu.Unlock()
	s := c.load(c.shardPath(e.Kind, id))
	s.entries[id] = e
	s.pending[id] = e
	if c.batches > 0 {
		return nil
	}
	return c.flushLocked()
}

// Batch defers writing: answers stored until the returned function is
// called are written then, in one write per shard touched. Batches may
// overlap; each end writes whatever is pending.
func (c *Cache) Batch() (end func() error) {
	c.mu.Lock()
	c.batches++
	c.mu.Unlock()
	var once sync.Once
	return func() error {
		var err error
		once.Do(func() {
			c.mu.Lock()
			defer c.mu.Unlock()
			c.batches--
			err = c.flushLocked()
		})
		return err
	}
}

// Flush writes every pending answer.
func (c *Cache) Flush() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.flushLocked()
}

func (c *Cache) flushLocked() error {
	var first error
	paths := make([]string, 0, len(c.shards))
	for p, s := range c.shards {
		if len(s.pending) > 0 {
			paths = append(paths, p)
		}
	}
	sort.Strings(paths)
	var r *os.Root
	if len(paths) > 0 && !c.readOnly {
		var err error
		if r, err = c.openDir(true); err != nil {
			c.writeFailed(err)
			first = err
		} else {
			defer r.Close()
		}
	}
	for _, p := range paths {
		s := c.shards[p]
		if c.readOnly {
			s.pending = map[string]entry{}
			continue
		}
		err := c.writeShard(r, p, s)
		s.pending = map[string]entry{}
		if err != nil && first == nil {
			first = err
			c.writeFailed(err)
		}
	}
	return first
}

// writeFailed stops writing for the run, with one warning. c.mu must be
// held.
func (c *Cache) writeFailed(err error) {
	c.readOnly = true
	c.warnOnce("write", fmt.Sprintf("resolver cache %s cannot be written, answers are not kept for the next run: %v", c.dir, err))
}

// writeShard merges s's pending answers into what is on disk now (another
// process may have written since it was loaded), drops expired entries
// and writes the result atomically, into the cache directory r.
func (c *Cache) writeShard(r *os.Root, path string, s *shard) error {
	merged := c.readShardIn(r, path)
	for id, e := range s.pending {
		merged[id] = e
	}
	list := make([]entry, 0, len(merged))
	for _, e := range merged {
		if c.valid(e) {
			list = append(list, e)
		}
	}
	b, err := encodeShard(list)
	if err != nil {
		return err
	}
	s.entries = merged
	if err := r.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	return writeAtomic(r, path, b)
}

// encodeShard encodes entries newest first, leaving out the oldest ones
// that do not fit in maxWrite.
func encodeShard(list []entry) ([]byte, error) {
	sort.Slice(list, func(i, j int) bool {
		if !list[i].Stored.Equal(list[j].Stored) {
			return list[i].Stored.After(list[j].Stored)
		}
		return list[i].Key < list[j].Key
	})
	for {
		b, err := json.Marshal(shardFile{Format: formatName, Entries: list})
		if err != nil || len(b) <= maxWrite || len(list) == 0 {
			return b, err
		}
		list = list[:len(list)*3/4]
	}
}

// writeAtomic writes data to path in r atomically: a temporary file
// beside it, synced, then renamed over it, which replaces a symbolic link
// at path rather than writing through it (a planted link must not
// redirect the cache's writes). Cache files are private to the user.
func writeAtomic(r *os.Root, path string, data []byte) (err error) {
	var tmp string
	var f *os.File
	for range 100 {
		tmp = filepath.Join(filepath.Dir(path), "."+filepath.Base(path)+".citelint-"+strconv.FormatUint(rand.Uint64(), 36))
		if f, err = r.OpenFile(tmp, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600); !errors.Is(err, fs.ErrExist) {
			break
		}
	}
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			f.Close()
			r.Remove(tmp)
		}
	}()
	if _, err = f.Write(data); err != nil {
		return err
	}
	if err = f.Sync(); err != nil {
		return err
	}
	if err = f.Close(); err != nil {
		return err
	}
	return r.Rename(tmp, path)
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

var (
	entryName = regexp.MustCompile(`^[0-9a-f]{64}\.json$`) // v1
	shardName = regexp.MustCompile(`^[0-9a-f]\.json$`)
)

// walkLegacy calls fn for every v1 entry file (and leftover temporary
// files) of the cache directory r and nothing else, so Clean removes the
// old layout too.
func (c *Cache) walkLegacy(r *os.Root, fn func(path string) error) error {
	return c.eachFile(r, legacyDir, 2, func(dir, name string) error {
		shard := filepath.Base(dir)
		if entryName.MatchString(name) && name[:2] == shard ||
			strings.HasPrefix(name, ".") && strings.Contains(name, ".json.citelint-") {
			return fn(filepath.Join(dir, name))
		}
		return nil
	})
}

// walk calls fn for every shard file, or with temps for leftover temporary
// files of interrupted writes too, and nothing else, so that pointing Dir
// at a directory with other files in it never touches them. Paths are
// relative to the cache directory.
func (c *Cache) walk(temps bool, fn func(kind, path string, size int64) error) error {
	return c.inDir(func(r *os.Root) error { return c.walkIn(r, temps, fn) })
}

// inDir calls fn with the cache directory opened, and nothing when there
// is none yet: the commands that read or tidy the cache never create it.
func (c *Cache) inDir(fn func(r *os.Root) error) error {
	r, err := c.openDir(false)
	if notFound(err) {
		return nil
	}
	if err != nil {
		return err
	}
	defer r.Close()
	return fn(r)
}

// walkIn is walk in the cache directory r.
func (c *Cache) walkIn(r *os.Root, temps bool, fn func(kind, path string, size int64) error) error {
	return c.eachFile(r, formatDir, 1, func(dir, name string) error {
		ok := shardName.MatchString(name)
		if temps && !ok {
			ok = strings.HasPrefix(name, ".") && strings.Contains(name, ".json.citelint-")
		}
		if !ok {
			return nil
		}
		p := filepath.Join(dir, name)
		fi, err := r.Lstat(p)
		if err != nil {
			return nil // removed meanwhile
		}
		return fn(filepath.Base(dir), p, fi.Size())
	})
}

// eachFile calls fn for the regular files depth directory levels below
// dir in r; symlinks and other files are skipped.
func (c *Cache) eachFile(r *os.Root, dir string, depth int, fn func(dir, name string) error) error {
	fi, err := r.Lstat(dir)
	if notFound(err) || err == nil && !fi.IsDir() {
		return nil // a link is not followed
	}
	if err != nil {
		return err
	}
	f, err := r.Open(dir)
	if err != nil {
		return err
	}
	ents, err := f.ReadDir(-1)
	f.Close()
	if err != nil {
		return err
	}
	sort.Slice(ents, func(i, j int) bool { return ents[i].Name() < ents[j].Name() })
	for _, e := range ents {
		switch {
		case depth > 0 && e.IsDir():
			if err := c.eachFile(r, filepath.Join(dir, e.Name()), depth-1, fn); err != nil {
				return err
			}
		case depth == 0 && e.Type().IsRegular():
			if err := fn(dir, e.Name()); err != nil {
				return err
			}
		}
	}
	return nil
}

// Status counts the entries, their bytes and the expired ones, per kind.
func (c *Cache) Status() (Status, error) {
	st := Status{Dir: c.dir, Kinds: map[string]KindStatus{}}
	err := c.inDir(func(r *os.Root) error {
		c.mu.Lock()
		defer c.mu.Unlock()
		return c.walkIn(r, false, func(kind, path string, size int64) error {
			ks := st.Kinds[kind]
			ks.Bytes += size
			for _, e := range c.readShardIn(r, path) {
				ks.Entries++
				st.Entries++
				if !c.valid(e) {
					ks.Expired++
				}
			}
			st.Kinds[kind] = ks
			st.Bytes += size
			return nil
		})
	})
	return st, err
}

// Clean removes every entry (and leftovers of interrupted writes, and
// entries of the old layout) and then the directories left empty. It
// returns how many answers it removed.
func (c *Cache) Clean() (int, error) {
	n := 0
	err := c.inDir(func(r *os.Root) error {
		dirs := map[string]bool{}
		err := c.walkLegacy(r, func(path string) error {
			if err := r.Remove(path); err != nil && !notFound(err) {
				return err
			}
			n++
			dirs[filepath.Dir(path)], dirs[filepath.Dir(filepath.Dir(path))] = true, true
			return nil
		})
		if err == nil {
			var m int
			m, err = c.rewrite(r, true, func(entry) bool { return false })
			n += m
		}
		removeEmpty(r, dirs, legacyDir)
		return err
	})
	return n, err
}

// Prune removes expired and unreadable entries only.
func (c *Cache) Prune() (int, error) {
	n := 0
	err := c.inDir(func(r *os.Root) (err error) {
		n, err = c.rewrite(r, false, c.valid)
		return err
	})
	return n, err
}

// rewrite keeps the entries of every shard of the cache directory r for
// which keep is true, removing shard files left empty (and, with temps,
// leftover temporary files). It returns how many entries it dropped.
func (c *Cache) rewrite(r *os.Root, temps bool, keep func(entry) bool) (int, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	n := 0
	dirs := map[string]bool{}
	err := c.walkIn(r, temps, func(kind, path string, size int64) error {
		delete(c.shards, path)
		var kept []entry
		if shardName.MatchString(filepath.Base(path)) {
			all := c.readShardIn(r, path)
			for _, e := range all {
				if keep(e) {
					kept = append(kept, e)
				}
			}
			n += len(all) - len(kept)
			if len(all) == 0 {
				n++ // an unreadable shard counts as one
			}
		}
		if len(kept) > 0 {
			b, err := encodeShard(kept)
			if err != nil {
				return err
			}
			return writeAtomic(r, path, b)
		}
		if err := r.Remove(path); err != nil && !notFound(err) {
			return err
		}
		dirs[filepath.Dir(path)] = true
		return nil
	})
	removeEmpty(r, dirs, formatDir)
	return n, err
}

// removeEmpty removes dirs of r, deepest first, and the layout root;
// Remove only removes empty directories, so anything else someone put
// there stays.
func removeEmpty(r *os.Root, dirs map[string]bool, root string) {
	var ds []string
	for d := range dirs {
		ds = append(ds, d)
	}
	sort.Slice(ds, func(i, j int) bool { return len(ds[i]) > len(ds[j]) })
	for _, d := range append(ds, root) {
		r.Remove(d)
	}
}
