package guardtest

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

// EnvSandbox is set in the environment of the child process Sandbox starts;
// its value is the name of the test the child runs.
const EnvSandbox = "GUARDTEST_SANDBOX"

// Sandbox runs the calling test again in a child process (the same test
// binary, -test.run selecting just this test) whose writes the kernel
// confines with Landlock to a fresh temp directory and the writable
// directories given; everything else stays readable but not writable, from
// the child's first instruction on. Use it as the test's first statement:
//
//	func TestSave(t *testing.T) {
//		if !guardtest.Sandbox(t) {
//			return // ran confined in a child process; its result is this test's
//		}
//		root := t.TempDir()
//		g := guardtest.Enforce(t, root)
//		...
//	}
//
// In the parent Sandbox waits for the child, fails t if the child failed
// (with the child's output), and returns false. In the child it returns
// true. Where the kernel has no Landlock (ABI 0) it skips t with the reason.
// A write the kernel refuses fails with EACCES inside the child: the test
// sees it only if the code under test reports the error, so pair Sandbox
// with Enforce and check errors. The Go build cache is not writable in the
// child: a test that runs the go command must pass its GOCACHE (and any
// other directory it legitimately writes) in writable.
func Sandbox(t testing.TB, writable ...string) bool {
	t.Helper()
	if os.Getenv(EnvSandbox) != "" {
		return true
	}
	abi, err := landlockABI()
	if abi == 0 {
		t.Skipf("guardtest: Landlock is unavailable here (ABI 0: %v); the kernel cannot confine %s", err, t.Name())
		return false
	}

	dir := t.TempDir()
	tmp := filepath.Join(dir, "tmp")
	if err := os.Mkdir(tmp, 0o700); err != nil {
		t.Fatalf("guardtest: sandbox temp dir: %v", err)
	}
	exe, err := os.Executable()
	if err != nil {
		t.Fatalf("guardtest: find the test binary: %v", err)
	}
	args := []string{"-test.run=" + runPattern(t.Name()), "-test.v=true", "-test.count=1"}
	for _, name := range []string{"test.short", "test.timeout"} {
		if f := flag.Lookup(name); f != nil {
			args = append(args, "-"+name+"="+f.Value.String())
		}
	}
	ctx := context.Background()
	if d, ok := t.(interface{ Deadline() (time.Time, bool) }); ok {
		if deadline, ok := d.Deadline(); ok {
			var cancel context.CancelFunc
			ctx, cancel = context.WithDeadline(ctx, deadline)
			defer cancel()
		}
	}
	cmd := exec.CommandContext(ctx, exe, args...)
	cmd.Env = append(os.Environ(), EnvSandbox+"="+t.Name(), "TMPDIR="+tmp)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out

	dirs := append([]string{dir}, writable...)
	if d := os.Getenv("GOCOVERDIR"); d != "" {
		dirs = append(dirs, d)
	}
	start := time.Now()
	if err := startConfined(cmd, abi, dirs, writableDevices); err != nil {
		t.Fatalf("guardtest: start %s confined by Landlock: %v", t.Name(), err)
		return false
	}
	werr := cmd.Wait()
	output := out.String()
	switch {
	case werr != nil:
		t.Errorf("guardtest: %s failed in its Landlock sandbox (writable: %s): %v\n%s", t.Name(), strings.Join(dirs, ", "), werr, indent(output))
	case strings.Contains(output, "--- SKIP: "+t.Name()+" "):
		t.Skipf("guardtest: skipped in its Landlock sandbox:\n%s", indent(output))
	case !strings.Contains(output, "=== RUN   "+t.Name()+"\n"):
		t.Errorf("guardtest: the sandboxed run of %s did not run it (pattern %s):\n%s", t.Name(), runPattern(t.Name()), indent(output))
	case testing.Verbose():
		t.Logf("guardtest: passed in its Landlock sandbox (ABI %d, %v):\n%s", abi, time.Since(start).Round(time.Millisecond), indent(output))
	}
	return false
}

// writableDevices are the character devices tests write to without storing
// anything (os/exec opens /dev/null read-write for a nil Stdin).
var writableDevices = []string{os.DevNull, "/dev/zero", "/dev/full", "/dev/tty"}

// runPattern is the -test.run pattern that selects exactly the test name
// (a subtest's parts matched level by level).
func runPattern(name string) string {
	parts := strings.Split(name, "/")
	for i, p := range parts {
		parts[i] = "^" + regexp.QuoteMeta(p) + "$"
	}
	return strings.Join(parts, "/")
}

// errNoLandlock is the reason given where the platform has no Landlock.
var errNoLandlock = fmt.Errorf("landlock is linux-only")
