package guard_test

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/staterootlint/staterootlint/runtime/guard"
)

func ExampleNew() {
	base, _ := os.MkdirTemp("", "example")
	defer os.RemoveAll(base)
	root := filepath.Join(base, ".myapp")

	g, err := guard.New(root) // the root may not exist yet
	if err != nil {
		fmt.Println(err)
		return
	}
	defer g.Close()

	// MkdirAll creates the missing root, then writes stay inside it.
	fmt.Println(g.MkdirAll(filepath.Join(root, "logs"), 0o755))
	fmt.Println(g.WriteFile(filepath.Join(root, "logs", "run.log"), []byte("ok\n"), 0o644))

	// A write outside is refused before it touches the disk.
	err = g.WriteFile(filepath.Join(base, "shadow.json"), nil, 0o644)
	fmt.Println(errors.Is(err, fs.ErrPermission), len(g.Violations()))
	// Output:
	// <nil>
	// <nil>
	// true 1
}

func ExampleViolationError() {
	base, _ := os.MkdirTemp("", "example")
	defer os.RemoveAll(base)
	root := filepath.Join(base, "root")
	os.Mkdir(root, 0o755)
	os.Symlink(base, filepath.Join(root, "up")) // a symlink pointing out

	g, _ := guard.New(root)
	defer g.Close()
	err := g.WriteFile(filepath.Join(root, "up", "x"), nil, 0o644)

	var v *guard.ViolationError
	if errors.As(err, &v) {
		fmt.Println(v.Op, filepath.Base(v.Path), v.Target == filepath.Join(base, "x"))
	}
	// Output:
	// WriteFile x true
}

func ExampleConfig() {
	g, err := guard.Config{Temp: true}.New(os.TempDir())
	if err != nil {
		fmt.Println(err)
		return
	}
	defer g.Close()
	dir, err := g.MkdirTemp("", "scratch-*") // "" means os.TempDir(), allowed by Temp
	fmt.Println(err)
	os.RemoveAll(dir)
	// Output:
	// <nil>
}
