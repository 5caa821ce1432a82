// Package registrystub is a fake of every service citelint's network
// resolvers call, on one loopback httptest server, answering in the
// registries' own formats: doi.org's handle API, Crossref's and DataCite's
// REST APIs, arXiv's Atom export API, and plain web pages. Rule golden
// tests, the CLI tests, the evaluation on labelled references and the
// network benchmark all use it; nothing in citelint's tests reaches the
// internet.
package registrystub

import (
	"encoding/json"
	"fmt"
	"html"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"time"
)

// Work is what the fake registries know about one DOI or arXiv id.
type Work struct {
	Title   string   `json:"title"`
	Authors []string `json:"authors"` // "Given Family"; the last word is the family name
	Year    int      `json:"year"`
	// Retracted adds an updated-by retraction notice (Crossref only).
	Retracted bool `json:"retracted,omitempty"`
	// DataCite puts the DOI at DataCite instead of Crossref.
	DataCite bool `json:"datacite,omitempty"`
	// Abstract is served as Crossref JATS, a DataCite description, or the
	// arXiv summary.
	Abstract string `json:"abstract,omitempty"`
}

// Registry is the content of the fake.
type Registry struct {
	// DOIs that exist, with their metadata (nil metadata: the DOI exists
	// but neither Crossref nor DataCite has a record).
	DOIs map[string]*Work `json:"dois"`
	// ArXiv ids (without version) that exist; Versions is the latest version.
	ArXiv map[string]*Work `json:"arxiv"`
	// Pages maps a path on the stub ("/ok", "/gone") to its HTTP status.
	Pages map[string]int `json:"pages"`
}

// Server is a running fake.
type Server struct {
	*httptest.Server
	reg      Registry
	Latency  time.Duration
	mu       sync.Mutex
	requests map[string]int
}

// Start serves reg on a loopback port. Close it when done.
func Start(reg Registry) *Server {
	s := &Server{reg: reg, requests: map[string]int{}}
	s.Server = httptest.NewServer(http.HandlerFunc(s.serve))
	return s
}

// Requests returns how many requests each service got ("doi", "crossref",
// "datacite", "arxiv", "page").
func (s *Server) Requests() map[string]int {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make(map[string]int, len(s.requests))
	for k, v := range s.requests {
		out[k] = v
	}
	return out
}

func (s *Server) count(kind string) {
	s.mu.Lock()
	s.requests[kind]++
	s.mu.Unlock()
}

func lower(doi string) string { return strings.ToLower(doi) }

func (s *Server) doi(doi string) (*Work, bool) {
	for k, w := range s.reg.DOIs {
		if lower(k) == lower(doi) {
			return w, true
		}
	}
	return nil, false
}

func (s *Server) serve(w http.ResponseWriter, r *http.Request) {
	if s.Latency > 0 {
		time.Sleep(s.Latency)
	}
	p := r.URL.EscapedPath()
	switch {
	case strings.HasPrefix(p, "/api/handles/"):
		s.count("doi")
		doi, _ := url.PathUnescape(strings.TrimPrefix(p, "/api/handles/"))
		w.Header().Set("Content-Type", "application/json")
		if _, ok := s.doi(doi); ok {
			fmt.Fprintf(w, `{"responseCode":1,"handle":%q,"values":[{"index":1,"type":"URL","data":{"format":"string","value":"https://publisher.example/%s"}}]}`, doi, doi)
			return
		}
		w.WriteHeader(http.StatusNotFound)
		fmt.Fprintf(w, `{"responseCode":100,"handle":%q}`, doi)
	case strings.HasPrefix(p, "/works/"):
		s.count("crossref")
		doi, _ := url.PathUnescape(strings.TrimPrefix(p, "/works/"))
		work, ok := s.doi(doi)
		if !ok || work == nil || work.DataCite {
			w.WriteHeader(http.StatusNotFound)
			fmt.Fprint(w, "Resource not found.")
			return
		}
		w.Header().Set("Content-Type", "application/json")
		json.NewEncoder(w).Encode(map[string]any{"status": "ok", "message-type": "work", "message": crossrefWork(doi, work)})
	case strings.HasPrefix(p, "/dois/"):
		s.count("datacite")
		doi, _ := url.PathUnescape(strings.TrimPrefix(p, "/dois/"))
		work, ok := s.doi(doi)
		if !ok || work == nil || !work.DataCite {
			w.WriteHeader(http.StatusNotFound)
			fmt.Fprint(w, `{"errors":[{"status":"404","title":"The resource you are looking for doesn't exist."}]}`)
			return
		}
		w.Header().Set("Content-Type", "application/vnd.api+json")
		json.NewEncoder(w).Encode(map[string]any{"data": dataciteWork(doi, work)})
	case p == "/api/query":
		s.count("arxiv")
		s.arxivFeed(w, r)
	default:
		s.count("page")
		status, ok := s.reg.Pages[p]
		if !ok {
			status = http.StatusNotFound
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		if status == http.StatusTooManyRequests || status == http.StatusServiceUnavailable {
			w.Header().Set("Retry-After", "0") // retry at once: tests stay fast
		}
		w.WriteHeader(status)
		if r.Method != http.MethodHead {
			fmt.Fprintf(w, "<html><head><title>Page %s</title></head><body>status %d</body></html>", html.EscapeString(p), status)
		}
	}
}

func family(name string) (given, fam string) {
	f := strings.Fields(name)
	if len(f) == 0 {
		return "", ""
	}
	return strings.Join(f[:len(f)-1], " "), f[len(f)-1]
}

func crossrefWork(doi string, w *Work) map[string]any {
	var authors []map[string]string
	for _, a := range w.Authors {
		g, f := family(a)
		authors = append(authors, map[string]string{"given": g, "family": f, "sequence": "additional"})
	}
	m := map[string]any{
		"DOI": doi, "type": "journal-article", "title": []string{w.Title}, "author": authors,
		"issued":          map[string]any{"date-parts": [][]any{{w.Year}}},
		"container-title": []string{"Journal of Tests"},
	}
	if w.Abstract != "" {
		m["abstract"] = "<jats:title>Abstract</jats:title><jats:p>" + html.EscapeString(w.Abstract) + "</jats:p>"
	}
	if w.Retracted {
		m["updated-by"] = []map[string]any{{"DOI": "10.9999/retraction." + doi, "type": "retraction", "label": "Retraction", "source": "retraction-watch"}}
	}
	return m
}

func dataciteWork(doi string, w *Work) map[string]any {
	var creators []map[string]string
	for _, a := range w.Authors {
		g, f := family(a)
		creators = append(creators, map[string]string{"name": f + ", " + g, "givenName": g, "familyName": f, "nameType": "Personal"})
	}
	return map[string]any{"id": doi, "type": "dois", "attributes": map[string]any{
		"doi": doi, "titles": []map[string]string{{"title": w.Title}}, "creators": creators,
		"publicationYear": w.Year, "publisher": "arXiv",
		"descriptions": []map[string]string{{"description": w.Abstract, "descriptionType": "Abstract"}},
	}}
}

func (s *Server) arxivFeed(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "application/atom+xml; charset=utf-8")
	var b strings.Builder
	b.WriteString(`<?xml version="1.0" encoding="UTF-8"?>
<feed xmlns="http://www.w3.org/2005/Atom" xmlns:opensearch="http://a9.com/-/spec/opensearch/1.1/" xmlns:arxiv="http://arxiv.org/schemas/atom">
<title type="html">ArXiv Query</title>`)
	for _, id := range strings.Split(r.URL.Query().Get("id_list"), ",") {
		base, version := id, ""
		if i := strings.LastIndex(id, "v"); i > 0 && strings.Trim(id[i+1:], "0123456789") == "" && id[i+1:] != "" {
			base, version = id[:i], id[i:]
		}
		work, ok := s.reg.ArXiv[base]
		if !ok || version != "" && version != "v1" && version != "v2" {
			continue // unknown ids (and versions past v2) are simply absent
		}
		if version == "" {
			version = "v2"
		}
		fmt.Fprintf(&b, "\n<entry><id>http://arxiv.org/abs/%s%s</id><published>%d-01-15T00:00:00Z</published><title>%s</title><summary>%s</summary>",
			base, version, work.Year, html.EscapeString(work.Title), html.EscapeString(work.Abstract))
		for _, a := range work.Authors {
			fmt.Fprintf(&b, "<author><name>%s</name></author>", html.EscapeString(a))
		}
		b.WriteString("</entry>")
	}
	b.WriteString("\n</feed>\n")
	fmt.Fprint(w, b.String())
}
