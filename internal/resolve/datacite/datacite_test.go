package datacite

import (
	"context"
	"net/http"
	"net/http/httptest"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/citelint/citelint/internal/resolve"
	"github.com/citelint/citelint/internal/resolve/httpclient"
)

var records = map[string]string{
	"10.48550/arxiv.2101.00001": `{"data":{"id":"10.48550/arxiv.2101.00001","type":"dois","attributes":{
		"doi":"10.48550/arxiv.2101.00001",
		"titles":[{"title":"A subtitle","titleType":"Subtitle"},{"title":"Attention  is all"}],
		"creators":[{"name":"Vaswani, Ashish","nameType":"Personal","givenName":"Ashish","familyName":"Vaswani"},
		            {"name":"Shazeer, Noam","nameType":"Personal"},
		            {"name":"Google Brain","nameType":"Organizational"}],
		"publicationYear":2021,"publisher":"arXiv"}}}`,
	"10.5281/zenodo.1": `{"data":{"id":"10.5281/zenodo.1","attributes":{
		"titles":[{"title":"Dataset"}],"creators":[{"name":"Curie, Marie"}],
		"publicationYear":"2019","container":{"type":"Series","title":"Zenodo Series"},"publisher":{"name":"Zenodo"}}}}`,
	"10.5281/zenodo.2": `{"data":{"id":"10.5281/zenodo.2","attributes":{"titles":[],"publisher":{"name":"Zenodo"}}}}`,
	"10.5281/bad":      `{"errors":[]}`,
}

func TestLookup(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		d := strings.TrimPrefix(r.URL.Path, "/dois/")
		switch {
		case d == "10.5281/busy":
			w.Header().Set("Retry-After", "600")
			w.WriteHeader(429)
		case records[d] != "":
			w.Write([]byte(records[d]))
		default:
			w.WriteHeader(404)
			w.Write([]byte(`{"errors":[{"status":"404","title":"The resource you are looking for doesn't exist."}]}`))
		}
	}))
	defer srv.Close()
	c := httpclient.New(httpclient.Options{AllowPrivate: true, Backoff: time.Millisecond, MaxWait: time.Second, Timeout: time.Minute})
	r := New(c)
	r.Base = srv.URL
	tests := []struct {
		id      string
		verdict resolve.Verdict
		reason  string
		rec     *resolve.Record
	}{
		{"10.48550/arXiv.2101.00001", resolve.OK, "in DataCite", &resolve.Record{Title: "Attention is all", Authors: []string{"Vaswani", "Shazeer", "Google Brain"}, Year: "2021", Container: "arXiv"}},
		{"10.5281/zenodo.1", resolve.OK, "in DataCite", &resolve.Record{Title: "Dataset", Authors: []string{"Curie"}, Year: "2019", Container: "Zenodo Series"}},
		{"10.5281/zenodo.2", resolve.OK, "in DataCite", &resolve.Record{Container: "Zenodo"}},
		{"10.1000/crossref-only", resolve.Broken, "not in DataCite", nil},
		{"10.5281/busy", resolve.Unverified, "HTTP 429", nil},
		{"10.5281/bad", resolve.Unverified, "HTTP 200, not a DataCite record", nil},
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
}
