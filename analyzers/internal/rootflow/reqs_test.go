package rootflow

import (
	"slices"
	"testing"
)

func TestReqMeet(t *testing.T) {
	strict := Req{}
	below := func(paths ...string) Req { return Req{UserBelow: true, BelowPaths: paths} }
	abs := Req{AbsOnly: true}
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
		{"map keys kept", Req{MapKeys: []string{"A"}}, Req{MapKeys: []string{"B"}}, Req{MapKeys: []string{"A", "B"}}, false},
		{"map key covered", Req{MapKeys: []string{"A", "B"}}, Req{MapKeys: []string{"B"}}, Req{MapKeys: []string{"A", "B"}}, true},
		{"whole map: no keys", Req{MapKeys: []string{"A"}}, strict, strict, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := covers(c.old, c.r); got != c.covers {
				t.Errorf("covers = %v, want %v", got, c.covers)
			}
			got := meet(c.old, c.r)
			if got.UserBelow != c.want.UserBelow || got.AbsOnly != c.want.AbsOnly || !slices.Equal(got.BelowPaths, c.want.BelowPaths) || !slices.Equal(got.MapKeys, c.want.MapKeys) {
				t.Errorf("meet = %+v, want %+v", got, c.want)
			}
		})
	}
}

func TestReqValue(t *testing.T) {
	cwdFile := Origin{Kind: Bad, Cause: CauseLiteral, Rel: true, Lit: "Tasks.yml"}
	home := Origin{Kind: Bad, Cause: CauseHome, Why: "home"}
	for _, c := range []struct {
		name string
		v    Origins
		r    Req
		want []Kind
	}{
		{"file in the cwd, its dir is the base", Origins{cwdFile}, Req{UserBelow: true, BelowPaths: []string{".."}}, []Kind{User}},
		{"file in the cwd as the base itself", Origins{cwdFile}, Req{UserBelow: true, BelowPaths: []string{""}}, []Kind{Bad}},
		{"every place must hold", Origins{cwdFile}, Req{UserBelow: true, BelowPaths: []string{"", ".."}}, []Kind{User, Bad}},
		{"relative name where only absolute reach", Origins{cwdFile}, Req{AbsOnly: true}, nil},
		{"absolute origin kept", Origins{home}, Req{AbsOnly: true}, []Kind{Bad}},
		{"environment copy at a root override", Origins{{Kind: Bad, Cause: CauseEnv, Why: envMapWhy}}, Req{MapKeys: []string{"ROOT"}}, []Kind{Rooted}},
		{"environment copy at another key", Origins{{Kind: Bad, Cause: CauseEnv, Why: envMapWhy}}, Req{MapKeys: []string{"OTHER"}}, []Kind{Bad}},
		{"a parameter's element", Origins{{Kind: Param, Key: "f", Index: 0}}, Req{MapKeys: []string{"ROOT"}}, []Kind{Param}},
	} {
		t.Run(c.name, func(t *testing.T) {
			var got []Kind
			e := &engine{index: index{cfg: &Config{RootEnv: []string{"ROOT"}}}}
			for _, a := range e.reqValue(c.v, c.r) {
				got = append(got, a.Kind)
			}
			slices.Sort(got)
			if !slices.Equal(got, c.want) {
				t.Errorf("reqValue kinds = %v, want %v", got, c.want)
			}
		})
	}
}

func TestReqArrive(t *testing.T) {
	below := Req{UserBelow: true, BelowPaths: []string{""}}
	if got, changed := arrive(Req{}, false, below); !changed || !got.UserBelow {
		t.Errorf("first arrival = %+v, %v; want it recorded as is", got, changed)
	}
	if _, changed := arrive(Req{}, true, below); changed {
		t.Error("a strict requirement already checks a weaker one: want no change")
	}
	if got, changed := arrive(below, true, Req{}); !changed || got.UserBelow {
		t.Errorf("a strict arrival after a weaker one = %+v, %v; want the strict meet, checked again", got, changed)
	}
}
