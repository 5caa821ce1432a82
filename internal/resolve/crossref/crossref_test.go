package crossref

import (
	"context"
	"net/http"
	"net/http/httptest"
	"reflect"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/citelint/citelint/internal/resolve"
	"github.com/citelint/citelint/internal/resolve/httpclient"
)

// works are canned /works/{doi} bodies, trimmed from real Crossref answers.
var works = map[string]string{
	"10.1000/plain": `{"status":"ok","message-type":"work","message":{
		"title":["Deep   learning\n for cats"],
		"author":[{"given":"Ada","family":"Lovelace"},{"name":"The Cat Consortium"},{"given":"Alan","family":"Turing"}],
		"issued":{"date-parts":[[2019,7,26]]},
		"container-title":["Journal of Cats"]}}`,
	"10.1000/noissued": `{"status":"ok","message-type":"work","message":{
		"title":["Undated"],"issued":{"date-parts":[[null]]},
		"published-online":{"date-parts":[[2021,3]]},"created":{"date-parts":[[2020,1,1]]}}}`,
	"10.1021/am300292v": `{"status":"ok","message-type":"work","message":{
		"title":["A retracted paper"],
		"issued":{"date-parts":[[2012]]},
		"updated-by":[{"DOI":"10.1021/ACSAMI.9B11759","type":"retraction","label":"Retraction","source":"retraction-watch"},
		              {"DOI":"10.1021/acsami.9b11759","type":"retraction","label":"Retraction","source":"publisher"},
		              {"DOI":"10.1021/corr","type":"correction","label":"Correction","source":"publisher"}]}}`,
	"10.1021/acsami.9b11759": `{"status":"ok","message-type":"work","message":{
		"title":["Retraction of \"A retracted paper\""],
		"update-to":[{"DOI":"10.1021/am300292v","type":"retraction","label":"Retraction"}]}}`,
	"10.1000/related": `{"status":"ok","message-type":"work","message":{
		"title":["RETRACTED: Related"],
		"relation":{"is-retracted-by":[{"id-type":"doi","id":"10.1000/notice","asserted-by":"subject"}],"cites":[{"id-type":"doi","id":"10.1000/x"}]}}}`,
	"10.1000/abstract": `{"status":"ok","message-type":"work","message":{"title":["With abstract"],
		"abstract":"<jats:title>Abstract</jats:title><jats:p>Sea level rose <jats:italic>20 cm</jats:italic> since 1900.</jats:p>"}}`,
	"10.1000/concern":     `{"status":"ok","message-type":"work","message":{"title":["Expression of Concern: Something"]}}`,
	"10.1000/broken-json": `{"status":"ok","message":{"title":["cut`,
	"10.1000/wrong-shape": `{"status":"ok"}`,
}

func TestLookup(t *testing.T) {
	var mailto atomic.Value
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mailto.Store(r.URL.Query().Get("mailto"))
		d := strings.TrimPrefix(r.URL.Path, "/works/")
		switch {
		case d == "10.1000/busy":
			w.WriteHeader(503)
		case d == "10.1000/walled":
			w.WriteHeader(403)
		case works[d] != "":
			w.Write([]byte(works[d]))
		default:
			w.WriteHeader(404)
			w.Write([]byte("Resource not found."))
		}
	}))
	defer srv.Close()
	c := httpclient.New(httpclient.Options{AllowPrivate: true, Mailto: "me@example.org", Backoff: time.Millisecond, Timeout: time.Minute})
	r := New(c)
	r.Base = srv.URL
	tests := []struct {
		id      string
		verdict resolve.Verdict
		reason  string
		rec     *resolve.Record
	}{
		{"10.1000/PLAIN", resolve.OK, "in Crossref", &resolve.Record{Title: "Deep learning for cats", Authors: []string{"Lovelace", "The Cat Consortium", "Turing"}, Year: "2019", Container: "Journal of Cats"}},
		{"10.1000/abstract", resolve.OK, "in Crossref", &resolve.Record{Title: "With abstract", Abstract: "Abstract Sea level rose 20 cm since 1900."}},
		{"doi:10.1000/noissued", resolve.OK, "in Crossref", &resolve.Record{Title: "Undated", Year: "2021"}},
		{"10.1021/am300292v", resolve.OK, "in Crossref", &resolve.Record{Title: "A retracted paper", Year: "2012", Retracted: true,
			Notices: []string{"retraction: 10.1021/acsami.9b11759", "correction: 10.1021/corr"}}},
		{"10.1021/acsami.9b11759", resolve.OK, "in Crossref", &resolve.Record{Title: `Retraction of "A retracted paper"`,
			Notices: []string{"retraction notice for: 10.1021/am300292v"}}},
		{"10.1000/related", resolve.OK, "in Crossref", &resolve.Record{Title: "RETRACTED: Related", Retracted: true,
			Notices: []string{"retraction: 10.1000/notice", "title: RETRACTED"}}},
		{"10.1000/concern", resolve.OK, "in Crossref", &resolve.Record{Title: "Expression of Concern: Something",
			Notices: []string{"title: Expression of Concern"}}},
		{"10.48550/arXiv.2101.00001", resolve.Broken, "not in Crossref", nil},
		{"10.1000/busy", resolve.Unverified, "HTTP 503", nil},
		{"10.1000/walled", resolve.Unverified, "HTTP 403", nil},
		{"10.1000/broken-json", resolve.Unverified, "HTTP 200, not a Crossref work", nil},
		{"10.1000/wrong-shape", resolve.Unverified, "HTTP 200, not a Crossref work", nil},
		{"no-doi", resolve.Unverified, "not a DOI", nil},
	}
	var ids []string
	for _, tt := range tests {
		ids = append(ids, tt.id)
	}
	got := r.Resolve(context.Background(), ids)
	for _, tt := range tests {
		l := got[tt.id]
		if l.Verdict != tt.verdict || !strings.HasPrefix(l.Reason, tt.reason) || !reflect.DeepEqual(l.Record, tt.rec) {
			t.Errorf("%s: got %v %q %+v\nwant %v %q %+v", tt.id, l.Verdict, l.Reason, l.Record, tt.verdict, tt.reason, tt.rec)
		}
	}
	if mailto.Load() != "me@example.org" {
		t.Errorf("mailto = %v", mailto.Load())
	}
}
