package guard

import (
	"errors"
	"fmt"
	"io/fs"
	"runtime"
	"strings"
)

// ViolationError reports a write the Guard refused because it would land
// outside every allowed root. errors.Is(err, fs.ErrPermission) holds for it.
type ViolationError struct {
	Op     string   // the Guard method, named like the os function: "WriteFile"
	Path   string   // the path as the caller gave it
	Target string   // where the path resolves, when that differs from Path and is known
	Roots  []string // the allowed roots
	Err    error    // the underlying refusal (such as os.Root's escape error), if any

	pcs []uintptr
}

// Error describes the refused write: op, path, resolved target, roots, cause.
func (e *ViolationError) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "guard: %s %q", e.Op, e.Path)
	if e.Target != "" && e.Target != e.Path {
		fmt.Fprintf(&b, " (resolves to %q)", e.Target)
	}
	fmt.Fprintf(&b, " is outside every allowed root %v", e.Roots)
	if e.Err != nil {
		fmt.Fprintf(&b, ": %v", e.Err)
	}
	return b.String()
}

// Is reports whether target is fs.ErrPermission, so callers that already
// handle permission errors treat a violation as one.
func (e *ViolationError) Is(target error) bool { return target == fs.ErrPermission }

// Unwrap returns the underlying refusal, if any.
func (e *ViolationError) Unwrap() error { return e.Err }

// Stack returns the call stack of the refused call, starting at the caller
// of the Guard method, one "function\n\tfile:line" pair per frame.
func (e *ViolationError) Stack() string {
	if len(e.pcs) == 0 {
		return ""
	}
	var b strings.Builder
	frames := runtime.CallersFrames(e.pcs)
	for {
		f, more := frames.Next()
		if !strings.HasPrefix(f.Function, guardPkg+".") && !strings.HasPrefix(f.Function, "runtime.") {
			fmt.Fprintf(&b, "%s\n\t%s:%d\n", f.Function, f.File, f.Line)
		}
		if !more {
			break
		}
	}
	return b.String()
}

// guardPkg is this package's import path, used to drop its own frames.
const guardPkg = "github.com/staterootlint/staterootlint/runtime/guard"

// refused turns err into a recorded violation when it is the refusal of
// a root that appeared as a symlink (errRootReplaced), and returns it
// unchanged otherwise.
func (g *Guard) refused(op, path string, err error) error {
	if errors.Is(err, errRootReplaced) {
		return g.violation(op, path, "", errRootReplaced)
	}
	return err
}

// violation records and returns a ViolationError for op on path.
func (g *Guard) violation(op, path, target string, cause error) error {
	pcs := make([]uintptr, 32)
	n := runtime.Callers(2, pcs)
	v := &ViolationError{Op: op, Path: path, Target: target, Roots: g.Roots(), Err: cause, pcs: pcs[:n]}
	g.mu.Lock()
	g.violations = append(g.violations, v)
	g.mu.Unlock()
	return v
}
