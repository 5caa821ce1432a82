package config

import (
	"reflect"
	"strings"
	"testing"
	"time"
)

// TestBounded: a config built in Go is held to the ranges a file is, and
// an unset budget takes its default rather than meaning none.
func TestBounded(t *testing.T) {
	def := New(Options{}).Resolvers
	tests := []struct {
		name string
		in   Resolvers
		want [4]time.Duration // timeout, request-timeout, host-budget, max-retry-wait
	}{
		{"unset: the defaults", Resolvers{}, [4]time.Duration{def.Timeout, def.RequestTimeout, def.HostBudget, def.MaxRetryWait}},
		{"within the ranges", Resolvers{Timeout: time.Minute, RequestTimeout: 5 * time.Second, HostBudget: time.Minute, MaxRetryWait: 2 * time.Second},
			[4]time.Duration{time.Minute, 5 * time.Second, time.Minute, 2 * time.Second}},
		{"stretched", Resolvers{Timeout: time.Hour, RequestTimeout: 100 * time.Second, HostBudget: time.Hour, MaxRetryWait: time.Hour},
			[4]time.Duration{15 * time.Minute, time.Minute, 2 * time.Minute, time.Minute}},
		{"squeezed", Resolvers{Timeout: time.Nanosecond, RequestTimeout: time.Millisecond, HostBudget: time.Nanosecond, MaxRetryWait: time.Nanosecond},
			[4]time.Duration{time.Second, time.Second, time.Second, time.Second}},
	}
	for _, tt := range tests {
		b := tt.in.Bounded()
		if got := [4]time.Duration{b.Timeout, b.RequestTimeout, b.HostBudget, b.MaxRetryWait}; got != tt.want {
			t.Errorf("%s: %v, want %v", tt.name, got, tt.want)
		}
	}
	if got := (Judge{}).Bounded().Timeout; got != 30*time.Second {
		t.Errorf("unset judge timeout: %v", got)
	}
	if got := (Judge{Timeout: time.Hour}).Bounded().Timeout; got != 5*time.Minute {
		t.Errorf("stretched judge timeout: %v", got)
	}
}

// TestBudgetDocs: every budget's documentation (the schema's description,
// config verify's users read it) states its range and its default lies in
// it.
func TestBudgetDocs(t *testing.T) {
	n := 0
	for _, sec := range []struct {
		v   any
		def reflect.Value
	}{{Resolvers{}, reflect.ValueOf(New(Options{}).Resolvers)}, {Judge{}, reflect.ValueOf(New(Options{}).Judge)}} {
		for _, f := range fieldsOf(reflect.TypeOf(sec.v)) {
			rg, ok := rangeOf(f.tag)
			if !ok {
				continue
			}
			n++
			want := "between " + shortDuration(rg.Min) + " and " + shortDuration(rg.Max)
			if !strings.Contains(f.tag.Get("doc"), want) {
				t.Errorf("%s: doc %q does not say %q", f.name, f.tag.Get("doc"), want)
			}
			if d := time.Duration(sec.def.FieldByIndex(f.index).Int()); !rg.Contains(d) {
				t.Errorf("%s: default %v outside %s", f.name, d, rg)
			}
		}
	}
	if n != 5 {
		t.Errorf("%d ranged budgets, want 5", n)
	}
}
