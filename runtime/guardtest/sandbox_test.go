package guardtest_test

import (
	"errors"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/staterootlint/staterootlint/runtime/guardtest"
)

// TestSandboxConfines runs in a Landlock child: writes outside the sandbox
// fail in the kernel, whatever API makes them, while the temp dir, the
// roots under it and /dev/null stay writable.
func TestSandboxConfines(t *testing.T) {
	if !guardtest.Sandbox(t) {
		return
	}
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	home, err := os.UserHomeDir()
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{filepath.Join(wd, "x"), filepath.Join(home, ".guardtest-x")} {
		err := os.WriteFile(p, nil, 0o644)
		if err == nil {
			os.Remove(p)
			t.Errorf("os.WriteFile(%q) succeeded inside the sandbox", p)
		} else if !errors.Is(err, fs.ErrPermission) {
			t.Errorf("os.WriteFile(%q) = %v, want a permission error", p, err)
		}
	}
	if err := os.Mkdir(filepath.Join(wd, "d"), 0o755); !errors.Is(err, fs.ErrPermission) {
		t.Errorf("os.Mkdir in the working directory = %v, want a permission error", err)
	}
	// The guard still works inside, on a root under the sandbox's temp dir.
	root := t.TempDir()
	g := guardtest.Config{Watch: []string{wd}}.Enforce(t, root)
	if err := g.WriteFile(filepath.Join(root, "state.json"), []byte("{}"), 0o644); err != nil {
		t.Errorf("write into the root: %v", err)
	}
	if err := exec.Command("true").Run(); err != nil {
		t.Errorf("a subprocess with /dev/null for stdio: %v", err)
	}
}

// TestSandboxBypassFails checks that a test writing $HOME/x behind the
// guard's back fails under Sandbox: the child's write is refused, the child
// test fails, and the parent reports it with the child's output.
func TestSandboxBypassFails(t *testing.T) {
	ft := &fakeTB{TB: t, name: "TestSandboxHelperWritesHome"}
	if guardtest.Sandbox(ft) {
		t.Fatal("Sandbox returned true in the parent")
	}
	if ft.skipped != "" {
		t.Skip(ft.skipped)
	}
	errs := ft.finish()
	wantFailure(t, errs, "failed in its Landlock sandbox", "write behind the guard's back")
	wantFailure(t, errs, "permission denied")
}

func TestSandboxHelperWritesHome(t *testing.T) {
	if os.Getenv(guardtest.EnvSandbox) != t.Name() {
		t.Skip("helper for TestSandboxBypassFails; runs only in its sandbox")
	}
	home, _ := os.UserHomeDir()
	if err := os.WriteFile(filepath.Join(home, ".guardtest-x"), nil, 0o644); err != nil {
		t.Fatalf("write behind the guard's back: %v", err)
	}
}

func TestSandboxHelperSkips(t *testing.T) {
	if os.Getenv(guardtest.EnvSandbox) != t.Name() {
		t.Skip("helper for TestSandboxSkipPropagates")
	}
	t.Skip("nothing to do here")
}

func TestSandboxSkipPropagates(t *testing.T) {
	ft := &fakeTB{TB: t, name: "TestSandboxHelperSkips"}
	guardtest.Sandbox(ft)
	if !strings.Contains(ft.skipped, "nothing to do here") && !strings.Contains(ft.skipped, "Landlock is unavailable") {
		t.Errorf("skip not propagated: skipped=%q errs=%q", ft.skipped, ft.finish())
	}
}

func TestSandboxSubtest(t *testing.T) {
	t.Run("inner case", func(t *testing.T) {
		if !guardtest.Sandbox(t) {
			return
		}
		if err := os.WriteFile(filepath.Join(t.TempDir(), "ok"), nil, 0o644); err != nil {
			t.Error(err)
		}
	})
}
