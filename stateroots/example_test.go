package stateroots_test

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/staterootlint/staterootlint/stateroots"
)

func ExampleFindProjectRoot() {
	// A project with a go.mod at its top and a nested package directory.
	tmp, err := os.MkdirTemp("", "example-")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer os.RemoveAll(tmp)
	proj := filepath.Join(tmp, "proj")
	os.MkdirAll(filepath.Join(proj, "internal", "store"), 0o755)
	os.WriteFile(filepath.Join(proj, "go.mod"), []byte("module example.com/proj\n"), 0o644)

	root, err := stateroots.FindProjectRoot(filepath.Join(proj, "internal", "store"), stateroots.DefaultMarkers("myapp")...)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(filepath.Base(root))

	// Outside any project the error says what was searched and how to fix it.
	_, err = stateroots.FindProjectRoot(tmp, ".no-such-marker")
	var nf *stateroots.NotFoundError
	if errors.As(err, &nf) {
		fmt.Println("exit code", nf.ExitCode())
	}
	// Output:
	// proj
	// exit code 78
}

func ExampleDefaultMarkers() {
	fmt.Println(stateroots.DefaultMarkers("myapp"))
	// Output: [.git go.mod .myapp]
}

func ExampleRepoStateRoot() {
	root, err := stateroots.RepoStateRoot("/src/proj", "myapp")
	fmt.Println(root, err)
	// Output: /src/proj/.myapp <nil>
}

func ExampleHubStateRoot() {
	root, err := stateroots.HubStateRoot("/src/hub", "myapp")
	fmt.Println(root, err)
	// Output: /src/hub/.myapp <nil>
}

func ExampleGlobalStateRoot() {
	// With MYAPP_GLOBAL_STATE_ROOT unset, an explicit option is used; with
	// neither, it would be ~/.myapp.
	root, err := stateroots.GlobalStateRoot("myapp", stateroots.WithGlobalRoot("/srv/myapp"))
	fmt.Println(root, err)

	_, err = stateroots.GlobalStateRoot("myapp", stateroots.WithGlobalRoot("relative/dir"))
	fmt.Println(err)
	// Output:
	// /srv/myapp <nil>
	// WithGlobalRoot "relative/dir": is not an absolute path; pass an absolute directory, or leave the option out to use ~/.myapp
}

func ExampleWithGlobalRoot() {
	// Typically the value comes from a config file.
	opt := stateroots.WithGlobalRoot("/var/lib/myapp")
	root, err := stateroots.GlobalStateRoot("myapp", opt)
	fmt.Println(root, err)
	// Output: /var/lib/myapp <nil>
}

func ExampleGlobalEnvVar() {
	fmt.Println(stateroots.GlobalEnvVar("myapp"))
	fmt.Println(stateroots.GlobalEnvVar("my-app"))
	// Output:
	// MYAPP_GLOBAL_STATE_ROOT
	// MY_APP_GLOBAL_STATE_ROOT
}

func ExampleCacheRoot() {
	root, err := stateroots.CacheRoot("myapp")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(filepath.Base(root))
	// Output: myapp
}

func ExampleTempRoot() {
	root, err := stateroots.TempRoot("myapp")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(filepath.Dir(root) == filepath.Clean(os.TempDir()), filepath.Base(root))
	// Output: true myapp
}

func ExampleJoin() {
	p, err := stateroots.Join("/src/proj/.myapp", "runs", "42", "out.txt")
	fmt.Println(p, err)

	_, err = stateroots.Join("/src/proj/.myapp", "runs", "../../etc/passwd")
	fmt.Println(err)
	// Output:
	// /src/proj/.myapp/runs/42/out.txt <nil>
	// join "../../etc/passwd" onto /src/proj/.myapp: path leaves the root; remove the ".." that climbs out of it
}

func ExampleWithin() {
	fmt.Println(stateroots.Within("/src/proj/.myapp", "/src/proj/.myapp/logs/a.log"))
	fmt.Println(stateroots.Within("/src/proj/.myapp", "/src/proj/.myapp/../secrets"))
	fmt.Println(stateroots.Within("/src/proj/.myapp", "/src/proj/.myapp2"))
	// Output:
	// true
	// false
	// false
}

func ExampleWithinResolved() {
	tmp, err := os.MkdirTemp("", "example-")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer os.RemoveAll(tmp)
	root := filepath.Join(tmp, ".myapp")
	os.Mkdir(root, 0o755)
	// A symlink inside the root that points out of it.
	os.Symlink(tmp, filepath.Join(root, "escape"))

	p := filepath.Join(root, "escape", "x")
	fmt.Println(stateroots.Within(root, p))
	fmt.Println(stateroots.WithinResolved(root, p))
	// Output:
	// true
	// false <nil>
}

func ExampleConfigError() {
	// A main function maps configuration errors to exit code 78.
	_, err := stateroots.RepoStateRoot("relative/proj", "myapp")
	var coded interface{ ExitCode() int }
	if errors.As(err, &coded) {
		fmt.Println(err)
		fmt.Println("exit", coded.ExitCode())
	}
	// Output:
	// project root "relative/proj": is not an absolute path; pass an absolute directory, for example from stateroots.FindProjectRoot
	// exit 78
}
