package sources

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/citelint/citelint/internal/safefile"
)

func TestParseAliases(t *testing.T) {
	jsonl := `{"id": "a", "text": "Alpha text", "title": "A", "url": "https://a.example"}

{"doc_id": 7, "page_content": "Seven", "metadata": {"source": "https://seven.example", "title": "Seven T"}}
{"content": "no id"}
{"metadata": {"chunk_id": "c-1"}, "snippet": "Chunk"}
`
	st, err := Parse("s.jsonl", []byte(jsonl))
	if err != nil {
		t.Fatal(err)
	}
	if st.Len() != 4 {
		t.Fatalf("Len = %d", st.Len())
	}
	tests := []struct {
		id, text, title, url string
		line                 int
	}{
		{"a", "Alpha text", "A", "https://a.example", 1},
		{"7", "Seven", "Seven T", "https://seven.example", 3},
		{"c-1", "Chunk", "", "", 5},
	}
	for _, tt := range tests {
		s, ok := st.Lookup(tt.id)
		if !ok || s.Text != tt.text || s.Title != tt.title || s.URL != tt.url || s.Line != tt.line || s.Path != "s.jsonl" {
			t.Errorf("Lookup(%q) = %+v, %v", tt.id, s, ok)
		}
	}
	if s, ok := st.LookupIndex(3, false); !ok || s.Text != "no id" {
		t.Errorf("LookupIndex(3) = %+v", s)
	}
	if !reflect.DeepEqual(st.IDs(), []string{"a", "7", "", "c-1"}) {
		t.Errorf("IDs = %q", st.IDs())
	}
}

func TestParseJSONForms(t *testing.T) {
	tests := []struct {
		name, data string
		ids        []string
	}{
		{"array", `[{"id":"x","text":"t"},{"id":"y","text":"u"}]`, []string{"x", "y"}},
		{"wrapped", `{"sources":[{"key":"k1","body":"b"}]}`, []string{"k1"}},
		{"map of text", `{"b":"two","a":"one"}`, []string{"a", "b"}},
		{"map of objects", `{"d_1":{"content":"c"}}`, []string{"d_1"}},
	}
	for _, tt := range tests {
		st, err := Parse("s.json", []byte(tt.data))
		if err != nil {
			t.Errorf("%s: %v", tt.name, err)
			continue
		}
		if !reflect.DeepEqual(st.IDs(), tt.ids) {
			t.Errorf("%s: IDs = %q, want %q", tt.name, st.IDs(), tt.ids)
		}
	}
	for _, bad := range []struct{ name, data, want string }{
		{"s.json", "[\n{\"id\": 1},\n{oops}]", "s.json:3:"},
		{"s.jsonl", "{\"id\":1}\nnot json\n", "s.jsonl:2:"},
		{"s.json", "[\n1]", "not an object"},
		{"s.yaml", "", "unknown source store format"},
	} {
		if _, err := Parse(bad.name, []byte(bad.data)); err == nil || !strings.Contains(err.Error(), bad.want) {
			t.Errorf("Parse(%s, %q) error = %v, want %q", bad.name, bad.data, err, bad.want)
		}
	}
}

func TestLookup(t *testing.T) {
	var st Store
	st.Add(Source{ID: "Doc_1", Text: "first"})
	st.Add(Source{ID: "doc_1", Text: "second"})
	if s, _ := st.Lookup("doc_1"); s.Text != "second" {
		t.Errorf("exact match should win: %q", s.Text)
	}
	if s, ok := st.Lookup("DOC_1"); !ok || s.Text != "first" {
		t.Errorf("case-insensitive: %+v %v", s, ok)
	}
	if _, ok := st.LookupIndex(0, false); ok {
		t.Error("1-based index 0 must fail")
	}
	if s, ok := st.LookupIndex(0, true); !ok || s.Text != "first" {
		t.Error("0-based index 0")
	}
	if _, ok := st.LookupIndex(2, true); ok {
		t.Error("out of range")
	}
	var nilStore *Store
	if _, ok := nilStore.Lookup("x"); ok || nilStore.Len() != 0 {
		t.Error("nil store")
	}
	var o Store
	o.Add(Source{ID: "doc_1", Text: "third"})
	o.Add(Source{ID: "new", Text: "n"})
	st.Merge(&o)
	if s, _ := st.Lookup("doc_1"); s.Text != "second" || st.Len() != 4 {
		t.Errorf("merge must not replace earlier ids: %q, len %d", s.Text, st.Len())
	}
}

func TestLoadFolder(t *testing.T) {
	dir := t.TempDir()
	write := func(name, data string) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("b.txt", "Bee text")
	write("a.html", "<html><script>x()</script><p>Aye &amp; more</p></html>")
	write("extra.jsonl", `{"id":"z","text":"Zed"}`)
	write("ignored.png", "x")
	if err := os.Mkdir(filepath.Join(dir, "sub"), 0o755); err != nil {
		t.Fatal(err)
	}
	st, err := Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(st.IDs(), []string{"a", "b", "z"}) {
		t.Errorf("IDs = %q", st.IDs())
	}
	if s, ok := st.Lookup("a.html"); !ok || s.Text != "Aye & more" {
		t.Errorf("a.html = %+v", s)
	}
	if _, err := Load(filepath.Join(dir, "missing")); err == nil {
		t.Error("missing path must fail")
	}
}

// TestLoadRefuses: a folder's links out of the folder, devices and a store
// outside the root are errors naming the file; the folder's other sources
// still load (issue 20, defects 1, 2).
func TestLoadRefuses(t *testing.T) {
	outside := t.TempDir()
	secret := filepath.Join(outside, "secret.txt")
	if err := os.WriteFile(secret, []byte("GITHUB_TOKEN=ghs_FAKE"), 0o644); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	store := filepath.Join(dir, "store")
	if err := os.Mkdir(store, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(store, "ok.txt"), []byte("fine"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(secret, filepath.Join(store, "env.txt")); err != nil {
		t.Skip("no symbolic links:", err)
	}
	if _, err := os.Stat("/dev/zero"); err == nil {
		if err := os.Symlink("/dev/zero", filepath.Join(store, "zero.jsonl")); err != nil {
			t.Fatal(err)
		}
	}
	st, err := Load(store)
	if err == nil || !strings.Contains(err.Error(), "env.txt: resolves outside") {
		t.Errorf("link out of the folder: %v", err)
	}
	if _, ok := st.Lookup("env"); ok {
		t.Error("the linked secret became a source")
	}
	if _, ok := st.Lookup("ok"); !ok {
		t.Error("the folder's other source was lost")
	}
	if _, serr := os.Stat("/dev/zero"); serr == nil && !strings.Contains(err.Error(), "zero.jsonl: resolves outside") {
		t.Errorf("/dev/zero: %v", err)
	}

	root, err := safefile.NewRoot(dir)
	if err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "s.jsonl")
	if err := os.Symlink(secret, link); err != nil {
		t.Fatal(err)
	}
	if _, err := LoadIn(root, link); err == nil || !strings.Contains(err.Error(), "s.jsonl: resolves outside") {
		t.Errorf("store outside the root: %v", err)
	}
	if _, err := LoadIn(root, outside); err == nil || !strings.Contains(err.Error(), "resolves outside") {
		t.Errorf("folder outside the root: %v", err)
	}
}

func TestHTMLText(t *testing.T) {
	tests := []struct{ in, want string }{
		{"<p>One</p><p>Two</p>", "One\nTwo"},
		{"<nav>Menu</nav><article><h1>Title</h1><p>Body &eacute; <b>bold</b>text</p></article><footer>f</footer>", "Title\nBody é boldtext"},
		{"<style>p{}</style><script>var a='<p>';</script>Text", "Text"},
		{"<p>a<br>b</p>", "a\nb"},
		{"<td>x</td><td>y</td>", "x y"},
		{"<p>unclosed <i>tags", "unclosed tags"},
		{"<!-- hidden --><p>seen</p>", "seen"},
	}
	for _, tt := range tests {
		if got := HTMLText([]byte(tt.in)); got != tt.want {
			t.Errorf("HTMLText(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func FuzzParse(f *testing.F) {
	f.Add([]byte(`[{"id":"x","text":"t"}]`), true)
	f.Add([]byte("{\"id\":1}\n{\"doc_id\":\"a\"}"), false)
	f.Fuzz(func(t *testing.T, data []byte, asJSON bool) {
		name := "f.jsonl"
		if asJSON {
			name = "f.json"
		}
		st, _ := Parse(name, data)
		if st != nil {
			for i := 0; i < st.Len(); i++ {
				if _, ok := st.LookupIndex(i, true); !ok {
					t.Fatal("index lookup failed")
				}
			}
		}
	})
}

func FuzzHTMLText(f *testing.F) {
	f.Add([]byte("<p>a<script>b</p>"))
	f.Fuzz(func(t *testing.T, data []byte) {
		if s := HTMLText(data); len(s) > maxText {
			t.Fatal("cap exceeded")
		}
	})
}
