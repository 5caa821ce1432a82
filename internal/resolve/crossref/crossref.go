// Package crossref fetches a DOI's metadata from the Crossref REST API
// (GET https://api.crossref.org/works/<doi>): title, authors, year and
// journal for rules that compare a citation with what it cites, and
// retraction notices, which Crossref carries (with Retraction Watch data)
// in the production API.
//
// A 404 here is Broken only in the sense "not a Crossref DOI": DataCite,
// mEDRA and JaLC DOIs (arXiv's 10.48550 among them) are all 404 in
// Crossref. Callers decide existence with resolve/doi and may try
// resolve/datacite after a Crossref 404; Reason says "not in Crossref" to
// keep that visible.
package crossref

import (
	"context"
	"encoding/json"
	"html"
	"maps"
	"net/http"
	"net/url"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/citelint/citelint/internal/ident"
	"github.com/citelint/citelint/internal/resolve"
	"github.com/citelint/citelint/internal/resolve/httpclient"
)

// DefaultBase is the Crossref REST API's base URL.
const DefaultBase = "https://api.crossref.org"

// Resolver fetches Crossref metadata for DOIs. Its Workers bound the
// goroutines waiting for the client's host limit (which is what keeps to
// Crossref's concurrency of 3).
type Resolver struct{ httpclient.API }

// New returns a Resolver using c against api.crossref.org.
func New(c *httpclient.Client) *Resolver {
	return &Resolver{httpclient.NewAPI(c, DefaultBase, 8)}
}

// Name is "crossref".
func (r *Resolver) Name() string { return "crossref" }

// Key is the normalised DOI.
func (r *Resolver) Key(id string) string { return ident.NormalizeDOI(id) }

// Resolve looks each DOI up concurrently under the client's host limits.
// (The /works?filter=doi: batch form would save requests but counts as a
// "list" request with a third of the rate; single lookups are simpler and
// as fast under the polite pool's limits.)
func (r *Resolver) Resolve(ctx context.Context, ids []string) map[string]resolve.Lookup {
	return r.Fanout(ctx, ids, r.Lookup)
}

type envelope struct {
	Status      string `json:"status"`
	MessageType string `json:"message-type"`
	Message     *work  `json:"message"`
}

type work struct {
	Title  []string `json:"title"`
	Author []struct {
		Family string `json:"family"`
		Given  string `json:"given"`
		Name   string `json:"name"` // organisations
	} `json:"author"`
	Issued          dateParts           `json:"issued"`
	PublishedPrint  dateParts           `json:"published-print"`
	PublishedOnline dateParts           `json:"published-online"`
	Created         dateParts           `json:"created"`
	ContainerTitle  []string            `json:"container-title"`
	Abstract        string              `json:"abstract"` // JATS XML
	UpdateTo        []update            `json:"update-to"`
	UpdatedBy       []update            `json:"updated-by"`
	Relation        map[string][]relObj `json:"relation"`
}

type dateParts struct {
	DateParts [][]any `json:"date-parts"` // [[2019, 7, 26]], [[null]] when unknown
}

// year is the first date part, or "" when missing or null.
func (d dateParts) year() string {
	if len(d.DateParts) == 0 || len(d.DateParts[0]) == 0 {
		return ""
	}
	switch y := d.DateParts[0][0].(type) {
	case float64:
		if y > 0 {
			return strconv.Itoa(int(y))
		}
	case string:
		return y
	}
	return ""
}

type update struct {
	DOI    string `json:"DOI"`
	Type   string `json:"type"`
	Label  string `json:"label"`
	Source string `json:"source"`
}

type relObj struct {
	IDType string `json:"id-type"`
	ID     string `json:"id"`
}

// retractionTypes are the update types that take a work out of the record.
var retractionTypes = map[string]bool{"retraction": true, "withdrawal": true, "removal": true}

// titleRetracted are title prefixes publishers use on retracted works that
// have no update metadata.
var titleRetracted = []string{"retracted:", "retracted article:", "withdrawn:"}

// Lookup fetches one DOI's record.
func (r *Resolver) Lookup(ctx context.Context, id string) resolve.Lookup {
	d := r.Key(id)
	if p := ident.ValidateDOI(d); p != "" {
		return resolve.Lookup{Reason: "not a DOI: " + p}
	}
	u := r.URL("/works/" + httpclient.PathEscapeDOI(d))
	if m := r.Client.Mailto(); m != "" {
		u += "?mailto=" + url.QueryEscape(m)
	}
	resp, err := r.Client.Get(httpclient.Endpoint(ctx), u, "application/json")
	if err != nil {
		return httpclient.Unverified(resp, err)
	}
	switch {
	case resp.Status == http.StatusNotFound:
		return resolve.Lookup{Verdict: resolve.Broken, Reason: "not in Crossref", Status: resp.Status}
	case resp.Status != http.StatusOK || resp.Truncated:
		return httpclient.Unverified(resp, nil)
	}
	var env envelope
	if json.Unmarshal(resp.Body, &env) != nil || env.Message == nil {
		l := httpclient.Unverified(resp, nil)
		l.Reason += ", not a Crossref work"
		return l
	}
	return resolve.Lookup{Verdict: resolve.OK, Reason: "in Crossref", Status: resp.Status, Record: env.Message.record()}
}

func (w *work) record() *resolve.Record {
	rec := &resolve.Record{}
	if len(w.Title) > 0 {
		rec.Title = strings.Join(strings.Fields(w.Title[0]), " ")
	}
	for _, a := range w.Author {
		switch {
		case a.Family != "":
			rec.Authors = append(rec.Authors, a.Family)
		case a.Name != "":
			rec.Authors = append(rec.Authors, a.Name)
		}
	}
	for _, d := range []dateParts{w.Issued, w.PublishedPrint, w.PublishedOnline, w.Created} {
		if y := d.year(); y != "" {
			rec.Year = y
			break
		}
	}
	if len(w.ContainerTitle) > 0 {
		rec.Container = w.ContainerTitle[0]
	}
	if w.Abstract != "" {
		rec.Abstract = jatsText(w.Abstract)
	}
	seen := map[string]bool{}
	notice := func(s string) {
		if !seen[s] {
			seen[s] = true
			rec.Notices = append(rec.Notices, s)
		}
	}
	// updated-by on the cited work is the primary signal: publishers and
	// Retraction Watch both put retractions there.
	for _, u := range w.UpdatedBy {
		t := strings.ToLower(u.Type)
		if retractionTypes[t] {
			rec.Retracted = true
		}
		notice(t + ": " + ident.NormalizeDOI(u.DOI))
	}
	// Relations are rarer; any relation type naming a retraction counts.
	for _, typ := range slices.Sorted(maps.Keys(w.Relation)) {
		if !strings.Contains(strings.ToLower(typ), "retract") {
			continue
		}
		for _, o := range w.Relation[typ] {
			rec.Retracted = true
			notice("retraction: " + ident.NormalizeDOI(o.ID))
		}
	}
	// update-to is on the notice itself: the author cited the retraction
	// (or correction) notice, not a retracted work.
	for _, u := range w.UpdateTo {
		notice(strings.ToLower(u.Type) + " notice for: " + ident.NormalizeDOI(u.DOI))
	}
	lt := strings.ToLower(rec.Title)
	for _, p := range titleRetracted {
		if strings.HasPrefix(lt, p) {
			rec.Retracted = true
			notice("title: " + strings.TrimSuffix(rec.Title[:len(p)], ":"))
		}
	}
	if strings.HasPrefix(lt, "expression of concern") {
		notice("title: " + rec.Title[:len("expression of concern")])
	}
	return rec
}

// jatsBlock matches the JATS elements that end a block of text; other tags
// (italic, sup) are inline and vanish without a space.
var (
	jatsBlock = regexp.MustCompile(`</?jats:(?:p|title|sec|list-item|list)\b[^>]*>`)
	jatsTag   = regexp.MustCompile(`<[^>]*>`)
)

// jatsText turns a Crossref abstract (JATS XML) into plain text.
func jatsText(s string) string {
	s = jatsBlock.ReplaceAllString(s, " ")
	s = jatsTag.ReplaceAllString(s, "")
	return strings.Join(strings.Fields(html.UnescapeString(s)), " ")
}
