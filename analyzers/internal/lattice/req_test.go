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

// TestReqMadeDirs: a requirement whose writes only make directories keeps
// the patterns below the value they make through a meet with another
// such, and loses them in a meet with any other write; a climb it makes
// is no climb to check (MkdirAll of an ancestor).
func TestReqMadeDirs(t *testing.T) {
	made := func() Req {
		var r Req
		r.Tags.SetSet(ReqMadeDirs, []string{""})
		r.Tags.SetAllowed([]string{"cwd:*"}, true)
		return r
	}
	if got := Meet(made(), made()); len(got.Tags.Set(ReqMadeDirs)) == 0 {
		t.Error("two directory writes meet: want made-dirs kept")
	}
	if got := Meet(made(), Req{}); len(got.Tags.Set(ReqMadeDirs)) > 0 {
		t.Error("a directory write meets another write: want made-dirs dropped")
	}
	cache := made().On(Origin{Kind: Cell, Key: "p.T.F", Path: "cache"})
	if got := cache.Tags.Set(ReqMadeDirs); len(got) != 1 || got[0] != "cache" {
		t.Errorf(`MkdirAll(Join(v, "cache")) on v: made-dirs = %q, want ["cache"]`, got)
	}
	got := made().On(Origin{Kind: Cell, Key: "p.T.F", Path: ".."})
	if m := got.Tags.Set(ReqMadeDirs); len(m) != 1 || m[0] != ".." {
		t.Errorf(`MkdirAll(Join(v, "..")) on v: made-dirs = %q, want [".."]`, m)
	}
	if c := got.Tags.Set(ReqClimbs); len(c) > 0 {
		t.Errorf(`MkdirAll(Join(v, "..")) on v: climbs = %q, want none (an ancestor is made)`, c)
	}
	if _, below, _ := got.Tags.Allowed(); len(below) != 1 || below[0] != "../" {
		t.Errorf(`allowed-below of MkdirAll(Join(v, "..")) = %q, want ["../"], marked a directory`, below)
	}
	if p, dir := DirBelow("../"); p != ".." || !dir {
		t.Errorf(`DirBelow("../") = %q, %v; want "..", true`, p, dir)
	}
}

// TestReqRawTails: text a write appends without a separator is kept on
// the requirement through concatenations and dropped once a path below
// the symbol comes first.
func TestReqRawTails(t *testing.T) {
	r := Req{}.On(Origin{Kind: Param, Key: "p.f", Index: 0, Path: ".0", Raw: true})
	if got := r.Tags.Set(ReqRawTails); len(got) != 1 || got[0] != ".0" {
		t.Fatalf(`v + ".0": raw-tails = %q, want [".0"]`, got)
	}
	tails := func(a Origin) []string { q := r.On(a); return q.Tags.Set(ReqRawTails) }
	if got := tails(Origin{Kind: Param, Key: "p.g", Index: 0, Path: ".log", Raw: true}); len(got) != 1 || got[0] != ".log.0" {
		t.Errorf(`(v + ".log") + ".0": raw-tails = %q, want [".log.0"]`, got)
	}
	if got := tails(Origin{Kind: Param, Key: "p.g", Index: 0, Path: "app.log"}); len(got) != 0 {
		t.Errorf(`Join(v, "app.log") + ".0": raw-tails = %q, want none`, got)
	}
	if got := tails(Origin{Kind: Param, Key: "p.g", Index: 0}); len(got) != 1 {
		t.Errorf("the value itself: raw-tails = %q, want kept", got)
	}
}

// TestReqRawTailsBounded: text appended each round of a recursion stops
// changing once it is longer than the bound, so the requirement stops
// arriving.
func TestReqRawTailsBounded(t *testing.T) {
	r := Req{}.On(Origin{Kind: Param, Key: "p.f", Index: 0, Path: ".bak", Raw: true})
	var last []string
	for range 40 {
		r = r.On(Origin{Kind: Param, Key: "p.f", Index: 0, Path: ".bak", Raw: true})
		tails := r.Tags.Set(ReqRawTails)
		if len(tails) != 1 || len(tails[0]) > maxRawTail+1 {
			t.Fatalf("raw-tails = %q, want one text of at most %d bytes", tails, maxRawTail+1)
		}
		last = tails
	}
	again := r.On(Origin{Kind: Param, Key: "p.f", Index: 0, Path: ".bak", Raw: true})
	if got := again.Tags.Set(ReqRawTails); got[0] != last[0] {
		t.Errorf("one more round changed raw-tails: %q, then %q", last, got)
	}
}
