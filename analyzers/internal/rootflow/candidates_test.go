package rootflow

import (
	"go/token"
	"slices"
	"testing"
)

func TestResolver(t *testing.T) {
	home := Origin{Kind: Bad, Why: "a path under the home directory from os.UserHomeDir", Cause: CauseHome, Src: "os.UserHomeDir", At: token.Position{Filename: "dirs.go", Line: 12}}
	override := Origin{Kind: Bad, Why: "a path from the environment variable APP_HOME", Cause: CauseEnv, Src: "$APP_HOME", At: token.Position{Filename: "dirs.go", Line: 10}}
	xdg := Origin{Kind: Bad, Why: "a path from the environment variable XDG_STATE_HOME", Cause: CauseEnv, Src: "$XDG_STATE_HOME", At: token.Position{Filename: "dirs.go", Line: 11}}
	unnamed := Origin{Kind: Bad, Why: "a path from an environment variable", Cause: CauseEnv, At: token.Position{Filename: "dirs.go", Line: 9}}
	for _, tc := range []struct {
		name     string
		results  []Origins
		resolver bool
		env      []string
		home     []string
	}{
		{"home and override", []Origins{{home, override}, nil}, true, []string{"APP_HOME"}, []string{"os.UserHomeDir"}},
		{"xdg and home", []Origins{{home, xdg}}, true, []string{"XDG_STATE_HOME"}, []string{"$XDG_STATE_HOME", "os.UserHomeDir"}},
		{"home only: an ad hoc root", []Origins{{home}}, false, nil, []string{"os.UserHomeDir"}},
		{"xdg alone", []Origins{{xdg}}, false, []string{"XDG_STATE_HOME"}, []string{"$XDG_STATE_HOME"}},
		{"override only", []Origins{{override}}, false, []string{"APP_HOME"}, nil},
		{"unnamed variable", []Origins{{home, unnamed}}, false, nil, []string{"os.UserHomeDir"}},
		{"rooted", []Origins{{{Kind: Rooted, Root: "global"}}}, false, nil, nil},
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
		atom    Origin
		allowed bool
		prefix  string
	}{
		{Origin{Kind: Rooted, Root: "repo"}, true, "rooted: under the repo state root"},
		{Origin{Kind: Temp}, true, "allowed: a temporary directory (-allow-temp)"},
		{Origin{Kind: Cache}, false, "not allowed: the user cache directory, and the configuration sets -allow-cache=false"},
		{Origin{Kind: Param, Key: "example.com/app.save"}, true, "not decided here: each call of app.save"},
		{Origin{Kind: Bad, Lit: "x", Rel: true, Cause: CauseLiteral}, false, "not rooted: a relative literal"},
		{Origin{Kind: Bad, Cause: CauseHome}, false, "not rooted: the home and config directories"},
	} {
		ok, why := cfg.Verdict(tc.atom)
		if ok != tc.allowed || len(why) < len(tc.prefix) || why[:len(tc.prefix)] != tc.prefix {
			t.Errorf("Verdict(%+v) = %v, %q; want %v, %q...", tc.atom, ok, why, tc.allowed, tc.prefix)
		}
	}
}
