package stateroots_test

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/staterootlint/staterootlint/stateroots"
)

// exampleProject makes a repository with a nested module under a fresh
// temporary directory: tmp/repo/.git and tmp/repo/mod/go.mod.
func exampleProject() (tmp string, cleanup func()) {
	tmp, _ = os.MkdirTemp("", "example-")
	tmp, _ = filepath.EvalSymlinks(tmp)
	os.MkdirAll(filepath.Join(tmp, "repo", ".git"), 0o755)
	os.MkdirAll(filepath.Join(tmp, "repo", "mod", "pkg"), 0o755)
	os.WriteFile(filepath.Join(tmp, "repo", "mod", "go.mod"), []byte("module m\n"), 0o644)
	return tmp, func() { os.RemoveAll(tmp) }
}

func ExampleFindProjectRootByPriority() {
	tmp, cleanup := exampleProject()
	defer cleanup()
	start := filepath.Join(tmp, "repo", "mod", "pkg")

	nearest, _ := stateroots.FindProjectRoot(start, ".git", "go.mod")
	byPriority, _ := stateroots.FindProjectRootByPriority(start, ".git", "go.mod")
	fmt.Println(filepath.Base(nearest), filepath.Base(byPriority))
	// Output: mod repo
}

func ExampleRelativeSafe() {
	fmt.Println(stateroots.RelativeSafe("agent-7"))
	fmt.Println(stateroots.RelativeSafe("../agent-7"))
	// Output:
	// <nil>
	// name "../agent-7": contains a path separator; use one plain path component, such as "agent-1" or "notes.md"
}

func ExampleNewDirContext() {
	tmp, cleanup := exampleProject()
	defer cleanup()
	os.Setenv("MYAPP_GLOBAL_STATE_ROOT", filepath.Join(tmp, "global"))
	defer os.Unsetenv("MYAPP_GLOBAL_STATE_ROOT")

	// Invoked in tmp with --from-dir repo/mod/pkg: the project is the
	// repository, found by its .git first.
	c, err := stateroots.NewDirContext(stateroots.DirConfig{
		App: "myapp", WorkDir: tmp, FromDir: "repo/mod/pkg", ByPriority: true,
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	rel := func(p string) string { r, _ := filepath.Rel(tmp, p); return r }
	fmt.Println(rel(c.TargetDir()))
	fmt.Println(rel(c.ProjectRoot()))
	fmt.Println(rel(c.RepoStateRoot()))
	fmt.Println(rel(c.GlobalStateRoot()))
	// Output:
	// repo/mod/pkg
	// repo
	// repo/.myapp
	// global
}

func ExampleDirContext_UserPath() {
	tmp, cleanup := exampleProject()
	defer cleanup()
	os.Setenv("MYAPP_GLOBAL_STATE_ROOT", filepath.Join(tmp, "global"))
	defer os.Unsetenv("MYAPP_GLOBAL_STATE_ROOT")
	c, _ := stateroots.NewDirContext(stateroots.DirConfig{App: "myapp", WorkDir: filepath.Join(tmp, "repo", "mod")})

	p, err := c.UserPath("out/report.md") // relative to where the tool was invoked
	r, _ := filepath.Rel(tmp, p)
	fmt.Println(r, err)

	_, err = c.UserPath("../../report.md")
	var ue *stateroots.UserPathError
	fmt.Println(errors.As(err, &ue), ue.Reason)
	// Output:
	// repo/mod/out/report.md <nil>
	// true leaves the project
}

func ExampleCreateRunDir() {
	tmp, cleanup := exampleProject()
	defer cleanup()
	repo, _ := stateroots.RepoStateRoot(filepath.Join(tmp, "repo"), "myapp")

	dir, err := stateroots.CreateRunDir(repo, "agent-1")
	r, _ := filepath.Rel(tmp, dir)
	fmt.Println(r, err)

	// A second run with the same id gets an error, never the same directory.
	_, err = stateroots.CreateRunDir(repo, "agent-1")
	fmt.Println(errors.Is(err, os.ErrExist))
	// Output:
	// repo/.myapp/run/agent-1 <nil>
	// true
}

func ExampleRunDir() {
	dir, err := stateroots.RunDir("/src/proj/.myapp", "agent-1")
	fmt.Println(dir, err)
	// Output: /src/proj/.myapp/run/agent-1 <nil>
}

func ExampleNewRunID() {
	id := stateroots.NewRunID(time.Date(2026, 11, 21, 23, 30, 0, 0, time.UTC))
	fmt.Println(id[:17], len(id))
	// Output: 20261121T233000Z- 25
}

func ExamplePruneRunDirs() {
	tmp, cleanup := exampleProject()
	defer cleanup()
	repo, _ := stateroots.RepoStateRoot(filepath.Join(tmp, "repo"), "myapp")
	for i, id := range []string{"a", "b", "c"} {
		dir, _ := stateroots.CreateRunDir(repo, id)
		at := time.Date(2026, 11, 1, i, 0, 0, 0, time.UTC)
		os.Chtimes(dir, at, at)
	}
	removed, err := stateroots.PruneRunDirs(repo, 1, time.Now()) // keep the newest
	fmt.Println(removed, err)
	// Output: [a b] <nil>
}
