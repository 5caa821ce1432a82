// Package arxiv checks arXiv identifiers and fetches their metadata through
// the arXiv export API (GET /api/query?id_list=a,b,c), up to 100 ids per
// request. Batching matters: arXiv's terms allow one request every three
// seconds on one connection, so 200 ids cost two requests, not 200. The
// three-second spacing is the HTTP client's host limit for
// export.arxiv.org (httpclient.DefaultHostLimits), which also holds
// concurrent Resolve calls to it.
//
// The API's quirks, handled here: results are not in request order (they
// are indexed by id); a well-formed id that does not exist is simply
// missing from the feed, whatever totalResults says; a malformed id turns
// the whole answer into a single <title>Error</title> entry, with HTTP 200
// or, lately, 400, after which the batch is asked again without that id.
//
// Because a missing entry is how arXiv says "no such paper", a feed with
// no entry for any id asked proves nothing: a mirror, a proxy or an API in
// trouble answers 200 with an empty feed too. Such a batch is asked once
// more with a canary, a paper that certainly exists; only when the canary
// comes back are the missing ids Broken, otherwise they are Unverified.
package arxiv

import (
	"context"
	"encoding/xml"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/citelint/citelint/internal/ident"
	"github.com/citelint/citelint/internal/resolve"
	"github.com/citelint/citelint/internal/resolve/httpclient"
)

// DefaultBase is the export API's base URL.
const DefaultBase = "https://export.arxiv.org"

// DefaultBatchSize is how many ids go into one request.
const DefaultBatchSize = 100

// DefaultCanary is the first paper on arXiv, used to tell an empty answer
// about nonexistent ids from an API that answers nothing.
const DefaultCanary = "0704.0001"

// maxErrorRounds bounds re-asking a batch after "incorrect id format"
// answers, each of which costs a request (three seconds at arXiv).
const maxErrorRounds = 5

// Resolver checks arXiv ids. Ids may carry an "arXiv:" prefix, a version
// and (old style) a subject class. It sends its batches one after the
// other, so the API's Workers go unused.
type Resolver struct {
	httpclient.API
	// BatchSize is the most ids per request, DefaultBatchSize when 0.
	BatchSize int
	// Now gives the date for rejecting ids from the future; time.Now when nil.
	Now func() time.Time
	// Canary is an id that exists, asked along with a batch that came
	// back without any entry (DefaultCanary when empty).
	Canary string
}

// New returns a Resolver using c against export.arxiv.org.
func New(c *httpclient.Client) *Resolver {
	return &Resolver{API: httpclient.NewAPI(c, DefaultBase, 0), BatchSize: DefaultBatchSize}
}

// Name is "arxiv".
func (r *Resolver) Name() string { return "arxiv" }

// Key is the canonical id with its version, lower-case, without prefix or
// subject class: 2101.00001v2, math/0611800.
func (r *Resolver) Key(id string) string {
	canon, version, _ := ident.ParseArXiv(stripPrefix(id), time.Time{})
	return strings.ToLower(canon + version)
}

func stripPrefix(s string) string {
	s = strings.TrimSpace(s)
	if len(s) > 6 && strings.EqualFold(s[:6], "arxiv:") {
		s = s[6:]
	}
	return s
}

// paper is the version-less id used to match feed entries to requests,
// the same comparison as ident.SameArXiv.
func paper(id string) string {
	canon, _, _ := ident.ParseArXiv(stripPrefix(id), time.Time{})
	return strings.ToLower(canon)
}

// Resolve checks ids in batches of BatchSize, one batch after the other.
func (r *Resolver) Resolve(ctx context.Context, ids []string) map[string]resolve.Lookup {
	now := time.Now()
	if r.Now != nil {
		now = r.Now()
	}
	out := make(map[string]resolve.Lookup, len(ids))
	byKey := map[string][]string{} // request id -> ids as given
	var keys []string
	for _, id := range ids {
		if _, done := out[id]; done {
			continue
		}
		canon, version, problem := ident.ParseArXiv(stripPrefix(id), now)
		// A malformed id needs no request: arXiv would answer "Error" and
		// the whole batch would have to be asked again. A future date may
		// be our clock's fault, so that one is left to arXiv.
		if problem != "" && !strings.HasSuffix(problem, "is in the future") {
			out[id] = resolve.Lookup{Verdict: resolve.Broken, Reason: "malformed arXiv id: " + problem}
			continue
		}
		k := strings.ToLower(canon + version)
		if byKey[k] == nil {
			keys = append(keys, k)
		}
		byKey[k] = append(byKey[k], id)
		out[id] = resolve.Lookup{} // placeholder so duplicates are skipped
	}
	size := r.BatchSize
	if size <= 0 {
		size = DefaultBatchSize
	}
	for start := 0; start < len(keys); start += size {
		batch := keys[start:min(start+size, len(keys))]
		var res map[string]resolve.Lookup
		if ctx.Err() != nil {
			res = map[string]resolve.Lookup{}
		} else {
			res = r.batch(ctx, batch)
		}
		for _, k := range batch {
			l, ok := res[k]
			if !ok {
				l = resolve.Lookup{Reason: "canceled"}
			}
			for _, id := range byKey[k] {
				out[id] = l
			}
		}
	}
	return out
}

type feed struct {
	XMLName xml.Name
	Entries []entry `xml:"entry"`
}

type entry struct {
	ID        string `xml:"id"`
	Title     string `xml:"title"`
	Summary   string `xml:"summary"`
	Published string `xml:"published"`
	Authors   []struct {
		Name string `xml:"name"`
	} `xml:"author"`
	JournalRef string `xml:"journal_ref"`
}

func (e *entry) isError() bool {
	return strings.TrimSpace(e.Title) == "Error" || strings.Contains(e.ID, "/api/errors")
}

// absID is the id in the entry's abs URL: http://arxiv.org/abs/2101.00001v2.
func (e *entry) absID() string {
	s := strings.TrimSpace(e.ID)
	if i := strings.Index(s, "/abs/"); i >= 0 {
		return s[i+len("/abs/"):]
	}
	return s
}

// badID is the id an error entry complains about, from its id
// (…/api/errors#incorrect_id_format_for_X) or summary (incorrect id format for X).
func (e *entry) badID() string {
	if i := strings.Index(e.ID, "#incorrect_id_format_for_"); i >= 0 {
		return strings.TrimSpace(e.ID[i+len("#incorrect_id_format_for_"):])
	}
	if s, ok := strings.CutPrefix(strings.TrimSpace(e.Summary), "incorrect id format for "); ok {
		return strings.TrimSpace(s)
	}
	return ""
}

func (r *Resolver) batch(ctx context.Context, keys []string) map[string]resolve.Lookup {
	out := make(map[string]resolve.Lookup, len(keys))
	pending := keys
	for round := 0; len(pending) > 0; round++ {
		if round == maxErrorRounds {
			for _, k := range pending {
				out[k] = resolve.Lookup{Reason: "arXiv kept answering with errors"}
			}
			return out
		}
		f, l := r.query(ctx, pending)
		if f == nil {
			for _, k := range pending {
				out[k] = l
			}
			return out
		}
		if len(f.Entries) > 0 && f.Entries[0].isError() {
			e := f.Entries[0]
			reason := strings.Join(strings.Fields(e.Summary), " ")
			if reason == "" {
				reason = "arXiv answered Error"
			}
			bad := -1
			for i, k := range pending {
				if b := e.badID(); b != "" && (strings.EqualFold(b, k) || paper(b) == paper(k)) || len(pending) == 1 {
					bad = i
					break
				}
			}
			if bad < 0 {
				for _, k := range pending {
					out[k] = resolve.Lookup{Status: l.Status, Reason: "arXiv error: " + reason}
				}
				return out
			}
			out[pending[bad]] = resolve.Lookup{Verdict: resolve.Broken, Status: l.Status, Reason: reason}
			pending = append(pending[:bad:bad], pending[bad+1:]...)
			continue
		}
		found := matches(f)
		if !anyFound(found, pending) {
			return r.emptyAnswer(ctx, pending, l.Status)
		}
		for _, k := range pending {
			out[k] = verdict(found, k, l.Status)
		}
		return out
	}
	return out
}

// matches indexes a feed's paper entries by version-less id.
func matches(f *feed) map[string]*entry {
	found := map[string]*entry{}
	for i := range f.Entries {
		if e := &f.Entries[i]; !e.isError() {
			found[paper(e.absID())] = e
		}
	}
	return found
}

func anyFound(found map[string]*entry, keys []string) bool {
	for _, k := range keys {
		if found[paper(k)] != nil {
			return true
		}
	}
	return false
}

// verdict is k's answer from a feed that demonstrably answers: in it, OK;
// missing, Broken.
func verdict(found map[string]*entry, k string, status int) resolve.Lookup {
	e, ok := found[paper(k)]
	if !ok {
		return resolve.Lookup{Verdict: resolve.Broken, Status: status, Reason: "not found"}
	}
	return resolve.Lookup{Verdict: resolve.OK, Status: status, Reason: "in arXiv", FinalURL: strings.TrimSpace(e.ID), Record: e.record()}
}

// emptyAnswer handles a feed without any entry for keys: it asks again
// with the canary, and only a feed holding the canary is evidence that
// the keys are missing from arXiv.
func (r *Resolver) emptyAnswer(ctx context.Context, keys []string, status int) map[string]resolve.Lookup {
	out := make(map[string]resolve.Lookup, len(keys))
	unverified := func(reason string, status int) map[string]resolve.Lookup {
		for _, k := range keys {
			out[k] = resolve.Lookup{Status: status, Reason: reason}
		}
		return out
	}
	canary := r.Canary
	if canary == "" {
		canary = DefaultCanary
	}
	if anyPaper(keys, canary) {
		return unverified("arXiv answered an empty feed", status)
	}
	f, l := r.query(ctx, append(keys[:len(keys):len(keys)], canary))
	if f == nil {
		return unverified(l.Reason, l.Status)
	}
	found := matches(f)
	if found[paper(canary)] == nil {
		return unverified("arXiv answered an empty feed", l.Status)
	}
	for _, k := range keys {
		out[k] = verdict(found, k, l.Status)
	}
	return out
}

func anyPaper(keys []string, id string) bool {
	for _, k := range keys {
		if paper(k) == paper(id) {
			return true
		}
	}
	return false
}

// query sends one request. It returns the feed, or nil and an Unverified
// lookup for every id when the answer is not a usable feed.
func (r *Resolver) query(ctx context.Context, keys []string) (*feed, resolve.Lookup) {
	esc := make([]string, len(keys))
	for i, k := range keys {
		esc[i] = url.QueryEscape(k)
	}
	u := r.URL("/api/query?id_list=" + strings.Join(esc, ",") + "&max_results=" + strconv.Itoa(len(keys)))
	resp, err := r.Client.Get(httpclient.Endpoint(ctx), u, "application/atom+xml")
	if err != nil {
		return nil, httpclient.Unverified(resp, err)
	}
	l := resolve.Lookup{Status: resp.Status}
	// 400 carries an error feed for malformed ids; other statuses say
	// nothing about the ids.
	if (resp.Status != http.StatusOK && resp.Status != http.StatusBadRequest) || resp.Truncated {
		return nil, httpclient.Unverified(resp, nil)
	}
	var f feed
	if err := xml.Unmarshal(resp.Body, &f); err != nil || f.XMLName.Local != "feed" {
		l.Reason = "HTTP " + strconv.Itoa(resp.Status) + ", not an Atom feed"
		return nil, l
	}
	if resp.Status == http.StatusBadRequest && (len(f.Entries) == 0 || !f.Entries[0].isError()) {
		return nil, httpclient.Unverified(resp, nil)
	}
	return &f, l
}

func (e *entry) record() *resolve.Record {
	rec := &resolve.Record{Title: strings.Join(strings.Fields(e.Title), " "), Container: strings.Join(strings.Fields(e.JournalRef), " ")}
	for _, a := range e.Authors {
		// arXiv gives "Given Family"; the family name is the last word,
		// which is wrong for "van der Berg" but right far more often than not.
		if f := strings.Fields(a.Name); len(f) > 0 {
			rec.Authors = append(rec.Authors, f[len(f)-1])
		}
	}
	if p := strings.TrimSpace(e.Published); len(p) >= 4 {
		rec.Year = p[:4]
	}
	rec.Abstract = strings.Join(strings.Fields(e.Summary), " ")
	return rec
}
