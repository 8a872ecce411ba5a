package recursion

import (
	"os"
	"path/filepath"

	"github.com/staterootlint/staterootlint/stateroots"
)

func nested(dir string, depth int) string {
	if depth == 0 {
		return dir
	}
	return nested(filepath.Join(dir, "sub"), depth-1)
}

func even(p string, n int) string {
	if n == 0 {
		return p
	}
	return odd(p+"/e", n-1)
}

func odd(p string, n int) string { return even(p+"/o", n-1) }

func loop(root string, names []string) string {
	p := root
	for _, n := range names {
		p = filepath.Join(p, n)
	}
	return p
}

func use(project string, names []string, data []byte) {
	root, _ := stateroots.RepoStateRoot(project, "myapp")
	os.WriteFile(nested(root, 3), data, 0o644)   // ok
	os.WriteFile(even(root, 4), data, 0o644)     // ok
	os.WriteFile(loop(root, names), data, 0o644) // ok
	os.WriteFile(nested("work", 3), data, 0o644) // want `os.WriteFile writes "work(/\*\*)?" relative to the working directory`
	os.WriteFile(loop("lp", names), data, 0o644) // want `os.WriteFile writes "lp(/\*\*)?" relative to the working directory`
}
