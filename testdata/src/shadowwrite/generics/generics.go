package generics

import (
	"os"
	"path/filepath"

	"github.com/staterootlint/staterootlint/stateroots"
)

type pathLike interface{ ~string }

func under[P pathLike](root P, name string) P {
	return P(filepath.Join(string(root), name))
}

func writeAll[P pathLike](p P, data []byte) error {
	return os.WriteFile(string(p), data, 0o644)
}

type dir string

func use(project string, data []byte) {
	root, _ := stateroots.RepoStateRoot(project, "myapp")
	os.WriteFile(string(under(dir(root), "x")), data, 0o644)  // ok: generic helper keeps the root
	os.WriteFile(string(under(dir("out"), "x")), data, 0o644) // want `os.WriteFile writes "out/x" relative to the working directory`
	writeAll(dir(root), data)                                 // ok
	writeAll(dir("elsewhere"), data)                          // want `writeAll receives "elsewhere" relative to the working directory`
}
