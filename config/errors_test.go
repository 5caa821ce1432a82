package config

import (
	"reflect"
	"testing"
)

// TestSortErrors: by line then column, errors without a line last, and
// equal positions in the order they were found.
func TestSortErrors(t *testing.T) {
	es := []*Error{{Msg: "a"}, {Line: 3, Msg: "b"}, {Line: 1, Column: 5, Msg: "c"}, {Msg: "d"}, {Line: 1, Column: 2, Msg: "e"}, {Line: 3, Msg: "f"}}
	sortErrors(es)
	var got []string
	for _, e := range es {
		got = append(got, e.Msg)
	}
	if want := []string{"e", "c", "b", "f", "a", "d"}; !reflect.DeepEqual(got, want) {
		t.Errorf("order = %v, want %v", got, want)
	}
}
