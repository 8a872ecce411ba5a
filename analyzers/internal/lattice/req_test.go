package lattice

import (
	"strings"
	"testing"
)

func TestReqMeet(t *testing.T) {
	strict := Req{}
	abs := absOnly()
	for _, c := range []struct {
		name         string
		old, r, want Req
		covers       bool
	}{
		{"strict covers all", strict, below(""), strict, true},
		{"strict covers abs", strict, abs, strict, true},
		{"weaker old: strict wins", below(""), strict, strict, false},
		{"same place", below(".."), below(".."), below(".."), true},
		{"subset", below("", ".."), below(".."), below("", ".."), true},
		{"two places kept", below(""), below(".."), below("", ".."), false},
		{"too many places: strict", below("a", "b", "c", "d"), below("e"), strict, false},
		{"abs only when both", abs, strict, strict, false},
		{"abs and abs", abs, abs, abs, true},
		{"map keys kept", mapKeys("A"), mapKeys("B"), mapKeys("A", "B"), false},
		{"map key covered", mapKeys("A", "B"), mapKeys("B"), mapKeys("A", "B"), true},
		{"whole map: no keys", mapKeys("A"), strict, strict, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := Covers(c.old, c.r); got != c.covers {
				t.Errorf("covers = %v, want %v", got, c.covers)
			}
			got := Meet(c.old, c.r)
			if !got.Tags.Equal(c.want.Tags) {
				t.Errorf("meet = %+v, want %+v", got, c.want)
			}
		})
	}
}

func TestReqArrive(t *testing.T) {
	b := below("")
	if got, changed := Arrive(Req{}, false, b); !changed || len(got.Tags.Set(ReqBelowPaths)) == 0 {
		t.Errorf("first arrival = %+v, %v; want it recorded as is", got, changed)
	}
	if _, changed := Arrive(Req{}, true, b); changed {
		t.Error("a strict requirement already checks a weaker one: want no change")
	}
	if got, changed := Arrive(b, true, Req{}); !changed || len(got.Tags.Set(ReqBelowPaths)) > 0 {
		t.Errorf("a strict arrival after a weaker one = %+v, %v; want the strict meet, checked again", got, changed)
	}
}

// TestReqArriveBounded: a climb past MaxClimbs that the bound drops is
// no change, so a recursion that deepens a climb each round (a Glob
// calling itself on Dir(pattern)) stops arriving.
func TestReqArriveBounded(t *testing.T) {
	climbs := func(n int) Req {
		var r Req
		var set []string
		p := ".."
		for range n {
			set = append(set, p)
			p += "/.."
		}
		r.Tags.SetSet(ReqClimbs, set)
		return r
	}
	old := climbs(MaxClimbs)
	var deeper Req
	deeper.Tags.SetSet(ReqClimbs, []string{strings.Repeat("../", MaxClimbs) + ".."})
	if got, changed := Arrive(old, true, deeper); changed {
		t.Errorf("a climb the bound drops = %+v, changed; want no change", got.Tags.Set(ReqClimbs))
	}
	if _, changed := Arrive(climbs(2), true, climbs(3)); !changed {
		t.Error("a deeper climb within the bound: want a change")
	}
}

func below(paths ...string) Req {
	var r Req
	r.Tags.SetSet(ReqBelowPaths, paths)
	return r
}

func absOnly() Req {
	var r Req
	r.Tags.SetFlag(ReqAbsOnly, true)
	return r
}

func mapKeys(keys ...string) Req {
	var r Req
	r.Tags.SetSet(ReqMapKeys, keys)
	return r
}
