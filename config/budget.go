package config

import (
	"fmt"
	"reflect"
	"strings"
	"time"
)

// DurationRange is the range a config may set a network budget in (a
// duration field's range tag, "1s,2m"). A config may come from the pull
// request being linted, so it can neither remove a budget (0 used to mean
// none) nor stretch it past the ceiling: with host-budget: 0s, timeout: 0s
// and request-timeout: 100s one hanging link cost 608 s (issue 37).
type DurationRange struct{ Min, Max time.Duration }

// Contains reports whether d is within r.
func (r DurationRange) Contains(d time.Duration) bool { return d >= r.Min && d <= r.Max }

// Clamp returns d within r; 0 (unset in a config built in Go) gives def.
func (r DurationRange) Clamp(d, def time.Duration) time.Duration {
	if d == 0 {
		d = def
	}
	return min(max(d, r.Min), r.Max)
}

func (r DurationRange) String() string {
	return fmt.Sprintf("%s to %s", shortDuration(r.Min), shortDuration(r.Max))
}

// shortDuration writes 2m for 2m0s.
func shortDuration(d time.Duration) string {
	s := d.String()
	if strings.HasSuffix(s, "m0s") {
		s = strings.TrimSuffix(s, "0s")
	}
	if strings.HasSuffix(s, "h0m") {
		s = strings.TrimSuffix(s, "0m")
	}
	return s
}

// rangeOf reads a range tag.
func rangeOf(tag reflect.StructTag) (DurationRange, bool) {
	v, ok := tag.Lookup("range")
	if !ok {
		return DurationRange{}, false
	}
	lo, hi, _ := strings.Cut(v, ",")
	a, err1 := time.ParseDuration(lo)
	b, err2 := time.ParseDuration(hi)
	if err1 != nil || err2 != nil || a > b {
		panic("config: bad range tag " + v)
	}
	return DurationRange{a, b}, true
}

// Bounded returns r with every budget within its range, unset ones (0)
// at their defaults: what the engine uses, so that a config built in Go
// is held to the ranges a file is.
func (r Resolvers) Bounded() Resolvers {
	boundDurations(reflect.ValueOf(&r).Elem(), reflect.ValueOf(New(Options{}).Resolvers))
	return r
}

// Bounded returns j with its timeout within its range (0: the default).
func (j Judge) Bounded() Judge {
	boundDurations(reflect.ValueOf(&j).Elem(), reflect.ValueOf(New(Options{}).Judge))
	return j
}

// boundDurations clamps v's ranged duration fields, defaults from def.
func boundDurations(v, def reflect.Value) {
	for _, f := range fieldsOf(v.Type()) {
		fv := v.FieldByIndex(f.index)
		if fv.Type() != durationType {
			continue
		}
		if rg, ok := rangeOf(f.tag); ok {
			fv.SetInt(int64(rg.Clamp(time.Duration(fv.Int()), time.Duration(def.FieldByIndex(f.index).Int()))))
		}
	}
}
