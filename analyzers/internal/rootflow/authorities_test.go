package rootflow

import (
	"slices"
	"testing"
)

func TestReachable(t *testing.T) {
	for _, tc := range []struct {
		name, from string
		want       bool
	}{
		{"example.com/app/input.ConfigDir", "example.com/app/cmd/app", true},
		{"example.com/app/input.historyDir", "example.com/app/cmd/app", false}, // unexported, another package
		{"example.com/app/input.historyDir", "example.com/app/input", true},    // the same package
		{"(*example.com/app/paths.Layout).RepoRoot", "example.com/app", true},
		{"(*example.com/app/paths.layout).RepoRoot", "example.com/app", false}, // an unexported type
		{"(example.com/app/paths.Layout).repoRoot", "example.com/app", false},
		{"example.com/lib/internal/dirs.StateDir", "example.com/lib", true},
		{"example.com/lib/internal/dirs.StateDir", "example.com/lib/sub", true},
		{"example.com/lib/internal/dirs.StateDir", "example.com/app", false}, // another tree's internal package
		{"example.com/lib/internal.StateDir", "example.com/app", false},
		{"example.com/lib/internal.StateDir", "example.com/lib/x", true},
		{"nodot", "example.com/app", false},
	} {
		if got := Reachable(tc.name, tc.from); got != tc.want {
			t.Errorf("Reachable(%q, %q) = %v, want %v", tc.name, tc.from, got, tc.want)
		}
	}
}

func TestFitKinds(t *testing.T) {
	for _, tc := range []struct {
		what string
		o    Origin
		want []string
		lib  string
	}{
		{"a relative literal", Origin{Kind: Bad, Cause: CauseLiteral, Lit: "x.log", Rel: true}, []string{"repo", "project"}, "stateroots.RepoStateRoot"},
		{"the working directory", Origin{Kind: Bad, Cause: CauseCwd}, []string{"repo", "project"}, "stateroots.RepoStateRoot"},
		{"the home directory", Origin{Kind: Bad, Cause: CauseHome, Src: "os.UserHomeDir"}, []string{"global"}, "stateroots.GlobalStateRoot"},
		{"$XDG_CONFIG_HOME", Origin{Kind: Bad, Cause: CauseEnv, Src: "$XDG_CONFIG_HOME"}, []string{"global"}, "stateroots.GlobalStateRoot"},
		{"$XDG_CACHE_HOME", Origin{Kind: Bad, Cause: CauseEnv, Src: "$XDG_CACHE_HOME"}, []string{"cache"}, "stateroots.CacheRoot"},
		{"a program's variable", Origin{Kind: Bad, Cause: CauseEnv, Src: "$PX_DB_PATH"}, nil, "stateroots.RepoStateRoot"},
		{"an absolute literal", Origin{Kind: Bad, Cause: CauseLiteral, Lit: "/var/tmp/x.pid"}, nil, "stateroots.RepoStateRoot"},
		{"a climb out of the hub root", Origin{Kind: Bad, Cause: CauseClimb, Root: "hub", Path: ".."}, []string{"hub"}, "stateroots.HubStateRoot"},
	} {
		if got := FitKinds(tc.o); !slices.Equal(got, tc.want) {
			t.Errorf("FitKinds(%s) = %q, want %q", tc.what, got, tc.want)
		}
		if got := LibraryAuthority(tc.o); got != tc.lib {
			t.Errorf("LibraryAuthority(%s) = %q, want %q", tc.what, got, tc.lib)
		}
	}
}

func TestSuggestFrom(t *testing.T) {
	refs := []AuthorityRef{
		{Name: "example.com/app/input.historyDir", Kind: "global"},
		{Name: "example.com/app/paths.Configured", Kind: "state"},
		{Name: "example.com/app/paths.Global", Kind: "global"},
		{Name: "example.com/app/paths.Repo", Kind: "repo"},
		{Name: "example.com/app/paths.Repo2", Kind: "repo"},
	}
	names := func(rs []AuthorityRef) []string {
		var out []string
		for _, r := range rs {
			out = append(out, r.Name)
		}
		return out
	}
	home := Origin{Kind: Bad, Cause: CauseHome}
	if got := names(SuggestFrom(refs, home, "example.com/app/cmd")); !slices.Equal(got, []string{"example.com/app/paths.Global", "example.com/app/paths.Configured"}) {
		t.Errorf("home, from cmd: %q; want the exported global authority, then the one of unstated kind", got)
	}
	if got := names(SuggestFrom(refs, home, "example.com/app/input")); !slices.Equal(got, []string{"example.com/app/input.historyDir", "example.com/app/paths.Global"}) {
		t.Errorf("home, from input: %q; want its own unexported authority and the exported one", got)
	}
	cwd := Origin{Kind: Bad, Cause: CauseLiteral, Lit: "x", Rel: true}
	if got := names(SuggestFrom(refs, cwd, "example.com/app/cmd")); !slices.Equal(got, []string{"example.com/app/paths.Repo", "example.com/app/paths.Repo2"}) {
		t.Errorf("cwd: %q; want the repo authorities only", got)
	}
	if got := SuggestFrom(refs[:1], cwd, "example.com/app/cmd"); got != nil {
		t.Errorf("cwd with only an unreachable global authority: %v, want none (the library's advice)", got)
	}
	if got := ConfiguredAuthorities([]string{"a/b.F", "a/b.G=global:file", "(*a/b.T).U=user", "a/b.C=cache", "bad"}); !slices.Equal(got, []AuthorityRef{{"a/b.F", "state"}, {"a/b.G", "global"}}) {
		t.Errorf("ConfiguredAuthorities = %v", got)
	}
}
