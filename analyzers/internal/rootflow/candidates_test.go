package rootflow

import (
	"slices"
	"testing"
)

func TestResolver(t *testing.T) {
	home := Atom{Kind: Bad, Why: "a path under the home directory from os.UserHomeDir", Cause: CauseHome, At: "dirs.go:12"}
	override := Atom{Kind: Bad, Why: envWhyPrefix + "APP_HOME", Cause: CauseEnv, At: "dirs.go:10"}
	xdg := Atom{Kind: Bad, Why: envWhyPrefix + "XDG_STATE_HOME", Cause: CauseEnv, At: "dirs.go:11"}
	unnamed := Atom{Kind: Bad, Why: "a path from an environment variable", Cause: CauseEnv, At: "dirs.go:9"}
	for _, tc := range []struct {
		name     string
		results  []Value
		resolver bool
		env      []string
		home     []string
	}{
		{"home and override", []Value{{home, override}, nil}, true, []string{"APP_HOME"}, []string{"os.UserHomeDir"}},
		{"xdg and home", []Value{{home, xdg}}, true, []string{"XDG_STATE_HOME"}, []string{"$XDG_STATE_HOME", "os.UserHomeDir"}},
		{"home only: an ad hoc root", []Value{{home}}, false, nil, []string{"os.UserHomeDir"}},
		{"xdg alone", []Value{{xdg}}, false, []string{"XDG_STATE_HOME"}, []string{"$XDG_STATE_HOME"}},
		{"override only", []Value{{override}}, false, []string{"APP_HOME"}, nil},
		{"unnamed variable", []Value{{home, unnamed}}, false, nil, []string{"os.UserHomeDir"}},
		{"rooted", []Value{{{Kind: Rooted, Root: "global"}}}, false, nil, nil},
	} {
		src, ok := Resolver(tc.results)
		if ok != tc.resolver || !slices.Equal(src.Env, tc.env) || !slices.Equal(src.Home, tc.home) {
			t.Errorf("%s: Resolver = %+v, %v; want env %v, home %v, %v", tc.name, src, ok, tc.env, tc.home, tc.resolver)
		}
	}
}

func TestVerdict(t *testing.T) {
	cfg := DefaultConfig()
	cfg.AllowCache = false
	for _, tc := range []struct {
		atom    Atom
		allowed bool
		prefix  string
	}{
		{Atom{Kind: Rooted, Root: "repo"}, true, "rooted: under the repo state root"},
		{Atom{Kind: Temp}, true, "allowed: a temporary directory (-allow-temp)"},
		{Atom{Kind: Cache}, false, "not allowed: the user cache directory, and the configuration sets -allow-cache=false"},
		{Atom{Kind: Param, Key: "example.com/app.save"}, true, "not decided here: each call of app.save"},
		{Atom{Kind: Bad, Lit: "x", Rel: true, Cause: CauseLiteral}, false, "not rooted: a relative literal"},
		{Atom{Kind: Bad, Cause: CauseHome}, false, "not rooted: the home and config directories"},
	} {
		ok, why := tc.atom.Verdict(&cfg)
		if ok != tc.allowed || len(why) < len(tc.prefix) || why[:len(tc.prefix)] != tc.prefix {
			t.Errorf("Verdict(%+v) = %v, %q; want %v, %q...", tc.atom, ok, why, tc.allowed, tc.prefix)
		}
	}
}
