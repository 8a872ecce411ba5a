package guardtest

import (
	"strings"
	"testing"
)

func pat(text string, ops ...string) *pattern {
	kind, rest, _ := strings.Cut(text, ":")
	p := &pattern{text: text, kind: kind, ops: ops}
	if rest != "" {
		p.segs = strings.Split(rest, "/")
	}
	return p
}

// TestCovers: which run-time paths the static patterns cover.
func TestCovers(t *testing.T) {
	repo := []*pattern{pat("repo", "os.MkdirAll"), pat("repo:logs/*.log", "os.Create"), pat("repo:runs/*", "os.RemoveAll"), pat("repo:runs/*/artifacts/*", "os.WriteFile")}
	for _, c := range []struct {
		kind, path, what string
		ps               []*pattern
		want             bool
	}{
		{"repo", "", "created", repo, true},                                 // the root itself
		{"repo", "logs/20261125.log", "created", repo, true},                // a glob segment
		{"repo", "logs/20261125.txt", "created", repo, false},               // the glob's static part differs
		{"repo", "logs", "created", repo, true},                             // a directory on the way
		{"repo", "runs/a/artifacts/x", "modified", repo, true},              // * is any one segment
		{"repo", "runs/a/artifacts/x/y", "created", repo, false},            // one segment too deep
		{"repo", "runs/a/tmp/y", "removed", repo, true},                     // taken along by RemoveAll of runs/*
		{"repo", "runs/a/tmp/y", "created", repo, false},                    // but not created there
		{"repo", "lock", "created", repo, false},                            // nothing names it
		{"repo", "lock", "created", nil, false},                             // no pattern of the kind at all
		{"user", "any/where.txt", "created", []*pattern{pat("user")}, true}, // the user's
		{"user", "any/where.txt", "created", nil, false},                    // unless the program writes no user path
	} {
		var segs []string
		if c.path != "" {
			segs = strings.Split(c.path, "/")
		}
		if got := covers(c.ps, c.kind, segs, c.what); got != c.want {
			t.Errorf("covers(%s:%s, %s) = %v, want %v", c.kind, c.path, c.what, got, c.want)
		}
	}
	if got := closest(repo, []string{"logs", "x.txt"}); got != "repo:logs/*.log" {
		t.Errorf("closest(logs/x.txt) = %s, want repo:logs/*.log", got)
	}
	if got := closest(repo, []string{"state.json"}); got != "repo" {
		t.Errorf("closest(state.json) = %s, want repo (the nearest in depth)", got)
	}
}
