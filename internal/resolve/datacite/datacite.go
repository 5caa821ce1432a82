// Package datacite fetches a DOI's metadata from the DataCite REST API
// (GET https://api.datacite.org/dois/<doi>). DataCite registers the DOIs
// Crossref does not know: arXiv's (10.48550), Zenodo's, Figshare's and
// Dryad's, so it is where to look after a Crossref 404.
package datacite

import (
	"context"
	"encoding/json"
	"net/http"
	"strconv"
	"strings"

	"github.com/citelint/citelint/internal/ident"
	"github.com/citelint/citelint/internal/resolve"
	"github.com/citelint/citelint/internal/resolve/httpclient"
)

// DefaultBase is the DataCite REST API's base URL.
const DefaultBase = "https://api.datacite.org"

// Resolver fetches DataCite metadata for DOIs.
type Resolver struct{ httpclient.API }

// New returns a Resolver using c against api.datacite.org.
func New(c *httpclient.Client) *Resolver {
	return &Resolver{httpclient.NewAPI(c, DefaultBase, 8)}
}

// Name is "datacite".
func (r *Resolver) Name() string { return "datacite" }

// Key is the normalised DOI.
func (r *Resolver) Key(id string) string { return ident.NormalizeDOI(id) }

// Resolve looks each DOI up concurrently under the client's host limits.
func (r *Resolver) Resolve(ctx context.Context, ids []string) map[string]resolve.Lookup {
	return r.Fanout(ctx, ids, r.Lookup)
}

type document struct {
	Data *struct {
		ID         string `json:"id"`
		Attributes struct {
			Titles []struct {
				Title     string `json:"title"`
				TitleType string `json:"titleType"`
			} `json:"titles"`
			Creators []struct {
				Name       string `json:"name"`
				FamilyName string `json:"familyName"`
				NameType   string `json:"nameType"`
			} `json:"creators"`
			PublicationYear any `json:"publicationYear"` // a number, sometimes a string
			Container       struct {
				Title string `json:"title"`
			} `json:"container"`
			Publisher    any `json:"publisher"` // a string, or {"name": ...} with ?publisher=true
			Descriptions []struct {
				Description     string `json:"description"`
				DescriptionType string `json:"descriptionType"`
			} `json:"descriptions"`
		} `json:"attributes"`
	} `json:"data"`
}

// Lookup fetches one DOI's record. 404 is Broken ("not in DataCite").
func (r *Resolver) Lookup(ctx context.Context, id string) resolve.Lookup {
	d := r.Key(id)
	if p := ident.ValidateDOI(d); p != "" {
		return resolve.Lookup{Reason: "not a DOI: " + p}
	}
	resp, err := r.Client.Get(httpclient.Endpoint(ctx), r.URL("/dois/"+httpclient.PathEscapeDOI(d)), "application/vnd.api+json, application/json")
	if err != nil {
		return httpclient.Unverified(resp, err)
	}
	switch {
	case resp.Status == http.StatusNotFound:
		return resolve.Lookup{Verdict: resolve.Broken, Reason: "not in DataCite", Status: resp.Status}
	case resp.Status != http.StatusOK || resp.Truncated:
		return httpclient.Unverified(resp, nil)
	}
	var doc document
	if json.Unmarshal(resp.Body, &doc) != nil || doc.Data == nil {
		l := httpclient.Unverified(resp, nil)
		l.Reason += ", not a DataCite record"
		return l
	}
	a := doc.Data.Attributes
	rec := &resolve.Record{}
	// The main title has no titleType; subtitles and translations do.
	for _, t := range a.Titles {
		if t.TitleType == "" {
			rec.Title = strings.Join(strings.Fields(t.Title), " ")
			break
		}
	}
	if rec.Title == "" && len(a.Titles) > 0 {
		rec.Title = strings.Join(strings.Fields(a.Titles[0].Title), " ")
	}
	for _, c := range a.Creators {
		switch {
		case c.FamilyName != "":
			rec.Authors = append(rec.Authors, c.FamilyName)
		case c.NameType != "Organizational" && strings.Contains(c.Name, ","):
			// Personal names come as "Family, Given".
			rec.Authors = append(rec.Authors, strings.TrimSpace(c.Name[:strings.IndexByte(c.Name, ',')]))
		case c.Name != "":
			rec.Authors = append(rec.Authors, c.Name)
		}
	}
	switch y := a.PublicationYear.(type) {
	case float64:
		rec.Year = strconv.Itoa(int(y))
	case string:
		rec.Year = y
	}
	rec.Container = a.Container.Title
	if rec.Container == "" {
		switch p := a.Publisher.(type) {
		case string:
			rec.Container = p
		case map[string]any:
			rec.Container, _ = p["name"].(string)
		}
	}
	for _, d := range a.Descriptions {
		if d.DescriptionType == "Abstract" {
			rec.Abstract = strings.Join(strings.Fields(d.Description), " ")
			break
		}
	}
	return resolve.Lookup{Verdict: resolve.OK, Reason: "in DataCite", Status: resp.Status, Record: rec}
}
