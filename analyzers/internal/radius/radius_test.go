package radius

import (
	"testing"

	"github.com/staterootlint/staterootlint/analyzers/internal/knowledge"
	"github.com/staterootlint/staterootlint/analyzers/internal/lattice"
)

// TestCwdPatterns checks the working directory's patterns: a fixed name
// relative to where the program runs matches cwd:GLOB, as the origin an
// allowance declares it as does, and nothing else does.
func TestCwdPatterns(t *testing.T) {
	ps, err := Parse([]string{"cwd:app.toml", "cwd:deploy/**"}, []string{".myapp"})
	if err != nil {
		t.Fatal(err)
	}
	lit := func(s string) lattice.Origin {
		return lattice.Origin{Kind: lattice.Bad, Cause: knowledge.CauseLiteral, Rel: true, Lit: s}
	}
	for _, c := range []struct {
		a    lattice.Origin
		want bool
	}{
		{lit("app.toml"), true},
		{lit("./app.toml"), true},
		{lit("deploy/scripts/run.sh"), true},
		{lit("app.lock"), false},
		{lit("../app.toml"), false},
		{lattice.Origin{Kind: lattice.Rooted, Root: lattice.CwdRoot, Path: "deploy/x"}, true},
		{lattice.Origin{Kind: lattice.Bad, Cause: knowledge.CauseHome, Src: "os.UserHomeDir", Path: "app.toml"}, false},
		{lattice.Origin{Kind: lattice.Rooted, Root: lattice.ProjectRoot, Path: "app.toml"}, false},
	} {
		if got := Allows(ps, c.a); got != c.want {
			t.Errorf("Allows(cwd:app.toml cwd:deploy/**, %s) = %v, want %v", c.a.Describe(), got, c.want)
		}
	}
	if _, err := Parse([]string{"cwd:.myapp/x"}, []string{".myapp"}); err != nil {
		t.Errorf("cwd:.myapp/x: %v; the working directory is not the state root, so the state dir may start its glob", err)
	}
	exe, perr := Parse([]string{"exe"}, nil)
	if perr != nil {
		t.Fatal(perr)
	}
	self := lattice.Origin{Kind: lattice.Bad, Cause: knowledge.CauseExecutable, Src: "os.Executable"}
	lock := self
	lock.Path = "../app.lock"
	if !Allows(exe, self) || Allows(exe, lock) || Allows(ps, self) {
		t.Errorf("exe allows the executable %v, a lock beside it %v; cwd patterns allow the executable %v: want true, false, false", Allows(exe, self), Allows(exe, lock), Allows(ps, self))
	}
	if _, err := Parse([]string{"cwd:../x"}, nil); err == nil {
		t.Error("cwd:../x parsed; want an error: the glob must stay below the working directory")
	}
}

// TestInferredPatterns: the directory of a file an authority declared
// without file returns, and a temporary file there, are inside its root
// by inference, so a radius over that root allows them; a fixed name
// beside the file is not.
func TestInferredPatterns(t *testing.T) {
	ps, err := Parse([]string{"global:**"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	p := lattice.Origin{Kind: lattice.Rooted, Root: "global"}
	p.SetFlag(lattice.MayNameFile, true)
	dir := p.AppendPath("..", lattice.Origin{}.At)
	if !Allows(ps, dir) || !Allows(ps, dir.AppendPath("*", dir.At)) || Allows(ps, dir.AppendPath("x.lock", dir.At)) {
		t.Errorf("global:** allows Dir(p) %v, a temporary file there %v, a fixed name there %v; want true, true, false",
			Allows(ps, dir), Allows(ps, dir.AppendPath("*", dir.At)), Allows(ps, dir.AppendPath("x.lock", dir.At)))
	}
}
