package rootflow

import (
	"slices"
	"testing"

	"github.com/staterootlint/staterootlint/analyzers/internal/lattice"
	"github.com/staterootlint/staterootlint/analyzers/internal/rootflow/rules"
)

func TestReqValue(t *testing.T) {
	cwdFile := Origin{Kind: Bad, Cause: CauseLiteral, Rel: true, Lit: "Tasks.yml"}
	home := Origin{Kind: Bad, Cause: CauseHome, Why: "home"}
	for _, c := range []struct {
		name string
		v    Origins
		r    Req
		want []Kind
	}{
		{"file in the cwd, its dir is the base", Origins{cwdFile}, below(".."), []Kind{User}},
		{"file in the cwd as the base itself", Origins{cwdFile}, below(""), []Kind{Bad}},
		{"every place must hold", Origins{cwdFile}, below("", ".."), []Kind{User, Bad}},
		{"relative name where only absolute reach", Origins{cwdFile}, absOnly(), nil},
		{"absolute origin kept", Origins{home}, absOnly(), []Kind{Bad}},
		{"environment copy at a root override", Origins{envMapOrigin()}, mapKeys("ROOT"), []Kind{Rooted}},
		{"environment copy at another key", Origins{envMapOrigin()}, mapKeys("OTHER"), []Kind{Bad}},
		{"a parameter's element", Origins{{Kind: Param, Key: "f", Index: 0}}, mapKeys("ROOT"), []Kind{Param}},
	} {
		t.Run(c.name, func(t *testing.T) {
			var got []Kind
			e := &engine{hooks: newHooks(rules.All, nil), index: index{cfg: &Config{RootEnv: []string{"ROOT"}}}}
			e.rules = ruleView{e}
			for _, a := range e.hooks.reqValue(e.rules, c.v, c.r) {
				got = append(got, a.Kind)
			}
			slices.Sort(got)
			if !slices.Equal(got, c.want) {
				t.Errorf("reqValue kinds = %v, want %v", got, c.want)
			}
		})
	}
}

func below(paths ...string) Req {
	var r Req
	r.Tags.SetSet(lattice.ReqBelowPaths, paths)
	return r
}

func absOnly() Req {
	var r Req
	r.Tags.SetFlag(lattice.ReqAbsOnly, true)
	return r
}

func mapKeys(keys ...string) Req {
	var r Req
	r.Tags.SetSet(lattice.ReqMapKeys, keys)
	return r
}

// envMapOrigin is the origin of a map copy of the environment.
func envMapOrigin() Origin {
	a := Origin{Kind: Bad, Cause: CauseEnv, Why: "a copy of the environment, from os.Environ"}
	a.SetFlag(lattice.EnvMap, true)
	return a
}
