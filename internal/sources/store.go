// Package sources is a store of source texts keyed by the ids that RAG
// systems put in their answers ([id:abc], [REF|d_1|d_2], [SOURCE_3],
// 【3†source】). It resolves those keys and, for the source-support rules,
// supplies the text a claim is checked against.
//
// Stores are loaded from the forms RAG pipelines already hold: JSON Lines,
// a JSON array or map, or a folder with one file per source. Field names
// vary between frameworks (LangChain's page_content, LlamaIndex's metadata,
// OpenAI's file citations), so the common aliases are accepted.
package sources

import (
	"strings"
)

// Source is one retrievable document or chunk.
type Source struct {
	ID, Title, URL, Text string
	Path                 string // the file it came from
	Line                 int    // 1-based line in a JSON Lines file; 0 otherwise
}

// Store holds sources in load order. The zero value is an empty store.
type Store struct {
	list  []Source
	exact map[string]int
	fold  map[string]int
}

// Add appends a source. A later source with an id already present stays
// reachable by index but does not replace the earlier one for Lookup.
func (s *Store) Add(src Source) {
	if s.exact == nil {
		s.exact, s.fold = map[string]int{}, map[string]int{}
	}
	i := len(s.list)
	s.list = append(s.list, src)
	if src.ID == "" {
		return
	}
	if _, dup := s.exact[src.ID]; !dup {
		s.exact[src.ID] = i
	}
	if k := strings.ToLower(src.ID); k != "" {
		if _, dup := s.fold[k]; !dup {
			s.fold[k] = i
		}
	}
}

func (s *Store) alias(id string, i int) {
	if s.exact == nil {
		s.exact, s.fold = map[string]int{}, map[string]int{}
	}
	if _, dup := s.exact[id]; !dup {
		s.exact[id] = i
	}
	if _, dup := s.fold[strings.ToLower(id)]; !dup {
		s.fold[strings.ToLower(id)] = i
	}
}

// Lookup finds a source by id: exactly, then ignoring case.
func (s *Store) Lookup(id string) (Source, bool) {
	if s == nil {
		return Source{}, false
	}
	if i, ok := s.exact[id]; ok {
		return s.list[i], true
	}
	if i, ok := s.fold[strings.ToLower(id)]; ok {
		return s.list[i], true
	}
	return Source{}, false
}

// LookupIndex returns the n-th source in load order, counting from 0 when
// zeroBased and from 1 otherwise ([SOURCE_3] and 【3†source】 count from 1).
func (s *Store) LookupIndex(n int, zeroBased bool) (Source, bool) {
	if s == nil {
		return Source{}, false
	}
	if !zeroBased {
		n--
	}
	if n < 0 || n >= len(s.list) {
		return Source{}, false
	}
	return s.list[n], true
}

// Len is the number of sources.
func (s *Store) Len() int {
	if s == nil {
		return 0
	}
	return len(s.list)
}

// IDs lists the ids in load order ("" for sources without one).
func (s *Store) IDs() []string {
	if s == nil {
		return nil
	}
	out := make([]string, len(s.list))
	for i, src := range s.list {
		out[i] = src.ID
	}
	return out
}

// Merge appends o's sources to s.
func (s *Store) Merge(o *Store) {
	if o == nil {
		return
	}
	for _, src := range o.list {
		s.Add(src)
	}
}
