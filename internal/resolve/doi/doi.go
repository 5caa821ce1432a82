// Package doi checks that DOIs exist, through the doi.org handle REST API
// (GET https://doi.org/api/handles/<doi>). It is the existence check for
// every registration agency at once: Crossref, DataCite, mEDRA, JaLC all
// register their DOIs as handles, whereas a 404 from Crossref alone only
// says "not a Crossref DOI" (arXiv's, Zenodo's and Dryad's DOIs are
// DataCite's). It does not follow the DOI to the publisher, whose sites
// often answer scripts with 403 or 503 and would make live DOIs look dead.
package doi

import (
	"context"
	"encoding/json"
	"net/http"
	"strconv"

	"github.com/citelint/citelint/internal/ident"
	"github.com/citelint/citelint/internal/resolve"
	"github.com/citelint/citelint/internal/resolve/httpclient"
)

// DefaultBase is the handle server's base URL.
const DefaultBase = "https://doi.org"

// Resolver checks DOI existence. Ids may carry any prefix NormalizeDOI
// strips (doi:, https://doi.org/...).
type Resolver struct{ httpclient.API }

// New returns a Resolver using c against doi.org.
func New(c *httpclient.Client) *Resolver {
	return &Resolver{httpclient.NewAPI(c, DefaultBase, 16)}
}

// Name is "doi".
func (r *Resolver) Name() string { return "doi" }

// Key is the normalised DOI: DOIs are case-insensitive.
func (r *Resolver) Key(id string) string { return ident.NormalizeDOI(id) }

// Resolve checks each DOI; the handle API has no batch form.
func (r *Resolver) Resolve(ctx context.Context, ids []string) map[string]resolve.Lookup {
	return r.Fanout(ctx, ids, r.Lookup)
}

// handleResponse is the part of the handle API's answer used here.
type handleResponse struct {
	ResponseCode *int `json:"responseCode"`
	Values       []struct {
		Type string `json:"type"`
		Data struct {
			Value any `json:"value"`
		} `json:"data"`
	} `json:"values"`
}

// Lookup checks one DOI. responseCode 1 (and 200: the handle exists but
// lacks a requested type) is OK; 100 is Broken; anything else, including a
// 404 without a handle-API body (a proxy or a moved API, not an answer
// about the DOI), is Unverified. FinalURL is the URL the DOI is registered
// to, when the answer names one.
func (r *Resolver) Lookup(ctx context.Context, id string) resolve.Lookup {
	d := r.Key(id)
	if p := ident.ValidateDOI(d); p != "" {
		return resolve.Lookup{Reason: "not a DOI: " + p}
	}
	resp, err := r.Client.Get(httpclient.Endpoint(ctx), r.URL("/api/handles/"+httpclient.PathEscapeDOI(d)), "application/json")
	if err != nil || resp.Truncated {
		return httpclient.Unverified(resp, err)
	}
	if resp.Status != http.StatusOK && resp.Status != http.StatusNotFound {
		return httpclient.Unverified(resp, nil)
	}
	var h handleResponse
	if json.Unmarshal(resp.Body, &h) != nil || h.ResponseCode == nil {
		l := httpclient.Unverified(resp, nil)
		l.Reason += ", not a handle API response"
		return l
	}
	l := resolve.Lookup{Status: resp.Status}
	switch *h.ResponseCode {
	case 1, 200:
		l.Verdict, l.Reason = resolve.OK, "handle exists"
		for _, v := range h.Values {
			if s, ok := v.Data.Value.(string); ok && v.Type == "URL" {
				l.FinalURL = s
				break
			}
		}
	case 100:
		l.Verdict, l.Reason = resolve.Broken, "handle not found"
	default:
		l.Reason = "handle server answered responseCode " + strconv.Itoa(*h.ResponseCode)
	}
	return l
}
