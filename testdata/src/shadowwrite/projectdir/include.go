package projectdir

import (
	"os"
	"path/filepath"
	"strings"
)

// An included file's directory, as the user wrote it, resolved in place
// against the directory of the file that includes it: the resolver
// expands the text first (a helper that returns "" for "", as a shell
// expansion does), and returns two results. A constructor given a
// literal is reported at its call, as in resolve.go.

type include struct{ dir string }

func newInclude(dir string) *include { return &include{dir: dir} }

type includer struct{ path string }

// expandText stands for a shell expansion: "" for "", else the text.
func expandText(s string) (string, error) {
	if s == "" {
		return "", nil
	}
	return strings.TrimSpace(s), nil
}

func (f *includer) resolveDir(dir string) (string, error) {
	d, err := expandText(dir)
	if err != nil {
		return "", err
	}
	if filepath.IsAbs(d) {
		return d, nil
	}
	return filepath.Join(filepath.Dir(f.path), d), nil
}

func (f *includer) resolveIncludes(incs []*include) error {
	for _, inc := range incs {
		var err error
		inc.dir, err = f.resolveDir(inc.dir)
		if err != nil {
			return err
		}
	}
	return nil
}

func (inc *include) run() { os.MkdirAll(inc.dir, 0o755) }

func rootIncluder() *includer {
	wd, _ := os.Getwd()
	return &includer{path: filepath.Join(find(wd), "Tasks.yml")} // ok: the user's dir beside the task file
}

func stateIncluder() *includer {
	wd, _ := os.Getwd()
	return &includer{path: filepath.Join(wd, ".tasks", "Tasks.yml")} // want `os.MkdirAll at include.go:51`
}

func runIncludes() {
	incs := []*include{newInclude(*jobDir), newInclude("build")} // want `os.MkdirAll at include.go:51`
	if err := rootIncluder().resolveIncludes(incs); err != nil {
		return
	}
	if err := stateIncluder().resolveIncludes(incs); err != nil {
		return
	}
	for _, inc := range incs {
		inc.run()
	}
}
