package version

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"strings"
	"testing"
)

func TestOf(t *testing.T) {
	vcs := func(rev, modified string) []debug.BuildSetting {
		return []debug.BuildSetting{{Key: "vcs", Value: "git"}, {Key: "vcs.revision", Value: rev}, {Key: "vcs.modified", Value: modified}}
	}
	const rev = "097d208abcdef0123456789abcdef0123456789a"
	for _, tc := range []struct {
		name string
		bi   *debug.BuildInfo
		want string
	}{
		{"no build info", nil, Devel},
		{"go install @version", &debug.BuildInfo{Main: debug.Module{Version: "v1.2.3"}}, "v1.2.3"},
		{"pseudo-version from a clone", &debug.BuildInfo{Main: debug.Module{Version: "v0.0.0-20261127164301-097d208abcde+dirty"}, Settings: vcs(rev, "true")}, "v0.0.0-20261127164301-097d208abcde+dirty"},
		{"revision", &debug.BuildInfo{Main: debug.Module{Version: Devel}, Settings: vcs(rev, "false")}, "097d208abcde"},
		{"dirty revision", &debug.BuildInfo{Main: debug.Module{Version: Devel}, Settings: vcs(rev, "true")}, "097d208abcde+dirty"},
		{"neither", &debug.BuildInfo{Main: debug.Module{Version: Devel}}, Devel},
	} {
		if got := Of(tc.bi); got != tc.want {
			t.Errorf("%s: Of = %q, want %q", tc.name, got, tc.want)
		}
	}
}

func TestString(t *testing.T) {
	got := String("prog")
	if !strings.HasPrefix(got, "prog ") || !strings.HasSuffix(got, " "+runtime.Version()+" "+runtime.GOOS+"/"+runtime.GOARCH) {
		t.Errorf("String = %q", got)
	}
}

// TestBuiltFromClone builds a program in a fresh git repository, as
// "go install ./cmd/..." in a clone does, and checks that its version is
// the commit, not (devel).
func TestBuiltFromClone(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a binary")
	}
	git, err := exec.LookPath("git")
	if err != nil {
		t.Skip("no git")
	}
	dir := t.TempDir()
	write := func(name, text string) {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	// This package's own source, in a module of its own (an internal
	// package cannot be imported from outside the module).
	src, err := os.ReadFile("version.go")
	if err != nil {
		t.Fatal(err)
	}
	write("internal/version/version.go", string(src))
	write("go.mod", "module example.com/clone\n\ngo 1.26\n")
	write("main.go", "package main\n\nimport (\n\t\"fmt\"\n\n\t\"example.com/clone/internal/version\"\n)\n\nfunc main() { fmt.Println(version.String(\"clone\")) }\n")
	run := func(name string, args ...string) string {
		t.Helper()
		cmd := exec.Command(name, args...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=", "GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@example.com", "GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@example.com")
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("%s %s: %v\n%s", name, strings.Join(args, " "), err, out)
		}
		return strings.TrimSpace(string(out))
	}
	run(git, "init", "-q")
	run(git, "add", ".")
	run(git, "commit", "-q", "-m", "init")
	rev := run(git, "rev-parse", "HEAD")
	bin := filepath.Join(dir, "clone")
	run("go", "build", "-buildvcs=true", "-o", bin, ".")
	got := run(bin)
	// The go command records either a pseudo-version naming the commit or
	// (older releases) the revision itself; both name the commit.
	if !strings.Contains(got, rev[:12]) || strings.Contains(got, Devel) {
		t.Errorf("built from a clone at %s: %q", rev[:12], got)
	}
	write("main.go", "package main\n\nimport (\n\t\"fmt\"\n\n\t\"example.com/clone/internal/version\"\n)\n\nfunc main() { fmt.Println(version.String(\"clone\") + \" \") }\n")
	run("go", "build", "-buildvcs=true", "-o", bin, ".")
	if got := run(bin); !strings.Contains(got, rev[:12]) || !strings.Contains(got, "+dirty") {
		t.Errorf("built from a modified clone at %s: %q, want +dirty", rev[:12], got)
	}
}
