package model

import (
	"reflect"
	"testing"
)

// TestCopyCitation sets each field of a Citation in turn and checks that
// CopyCitation copies it (a field added to Citation must be added there).
func TestCopyCitation(t *testing.T) {
	typ := reflect.TypeFor[Citation]()
	var fields [][]int
	var walk func(t reflect.Type, index []int)
	walk = func(t reflect.Type, index []int) {
		for i := 0; i < t.NumField(); i++ {
			f := t.Field(i)
			idx := append(append([]int(nil), index...), i)
			if f.Type.Kind() == reflect.Struct {
				walk(f.Type, idx)
				continue
			}
			fields = append(fields, idx)
		}
	}
	walk(typ, nil)
	for _, idx := range fields {
		var src Citation
		f := reflect.ValueOf(&src).Elem().FieldByIndex(idx)
		switch f.Kind() {
		case reflect.String:
			f.SetString("x")
		case reflect.Int, reflect.Int8, reflect.Int32:
			f.SetInt(7)
		case reflect.Bool:
			f.SetBool(true)
		case reflect.Pointer: // more
			src = withDetail(src, "x", "y", "z")
		default:
			t.Fatalf("field %v of kind %v: teach this test and CopyCitation about it", typ.FieldByIndex(idx).Name, f.Kind())
		}
		var dst Citation
		CopyCitation(&dst, &src)
		if !reflect.DeepEqual(dst, src) {
			t.Errorf("field %s not copied", typ.FieldByIndex(idx).Name)
		}
	}
}

// TestCitationDetail: Problem, Author and Year read what was set, and
// SetProblem changes its citation only, not copies sharing the detail.
func TestCitationDetail(t *testing.T) {
	var zero Citation
	if zero.Problem() != "" || zero.Author() != "" || zero.Year() != "" {
		t.Errorf("zero citation has detail %+v", zero.more)
	}
	a := withDetail(Citation{Label: "Smith 2020"}, "", "Smith", "2020")
	b := a
	b.SetProblem("bad")
	if a.Problem() != "" || a.Author() != "Smith" || a.Year() != "2020" {
		t.Errorf("a = %q %q %q after b.SetProblem", a.Problem(), a.Author(), a.Year())
	}
	if b.Problem() != "bad" || b.Author() != "Smith" || b.Year() != "2020" {
		t.Errorf("b = %q %q %q", b.Problem(), b.Author(), b.Year())
	}
	if b.SetProblem(""); b.Problem() != "" || b.Author() != "Smith" {
		t.Errorf("b = %q %q after SetProblem(\"\")", b.Problem(), b.Author())
	}
	if c := withDetail(a, "", "", ""); c.more != nil {
		t.Errorf("a citation with no detail holds %+v", c.more)
	}
}
