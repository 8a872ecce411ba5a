package stateroots

import (
	"fmt"
	"path/filepath"
)

// UserPathError reports a path from the user that [DirContext.UserPath]
// refused.
type UserPathError struct {
	// Path is the path as the user gave it.
	Path string
	// Resolved is where it leads: absolute, and symlink-resolved when the
	// path got that far.
	Resolved string
	// Project is the project root it had to stay in.
	Project string
	// Reason says what is wrong.
	Reason string
}

// Error reads `path "<path>": <reason>; name a path inside the project <root>`.
func (e *UserPathError) Error() string {
	where := ""
	if e.Resolved != "" && e.Resolved != e.Path {
		where = " (" + e.Resolved + ")"
	}
	return fmt.Sprintf("path %q%s: %s; name a path inside the project %s", e.Path, where, e.Reason, e.Project)
}

// UserPath resolves a path the user gave (a flag value, an argument)
// against the context: a relative path is relative to the invoked
// directory, as a shell user expects, not to the target directory. The
// result is absolute and clean. It must lie inside the project root,
// after resolving symlinks ([WithinResolved]), so neither "..", an
// absolute path nor a symlink inside the project can lead out of it;
// otherwise the error is a [*UserPathError]. An empty path or one holding
// a NUL byte is refused too.
//
// The check is made when UserPath is called: a symlink created later can
// still redirect a write. Write through an [os.Root] on the project root
// where that matters.
//
//staterootlint:authority user
func (c *DirContext) UserPath(p string) (string, error) {
	switch {
	case p == "":
		return "", &UserPathError{Path: p, Project: c.project, Reason: "is empty"}
	case containsNUL(p):
		return "", &UserPathError{Path: p, Project: c.project, Reason: "contains a NUL byte"}
	}
	abs := against(c.invoked, p)
	in, err := WithinResolved(c.project, abs)
	if err != nil {
		return "", &UserPathError{Path: p, Resolved: abs, Project: c.project, Reason: "cannot be resolved: " + err.Error()}
	}
	if !in {
		reason := "leaves the project"
		if Within(c.project, abs) {
			reason = "leads out of the project through a symlink"
		}
		return "", &UserPathError{Path: p, Resolved: abs, Project: c.project, Reason: reason}
	}
	return filepath.Clean(abs), nil
}
