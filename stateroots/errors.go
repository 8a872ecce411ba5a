package stateroots

import (
	"fmt"
	"path/filepath"
	"strings"
)

// ExitConfig is the process exit code for configuration errors: EX_CONFIG
// from BSD sysexits.h. [NotFoundError] and [ConfigError] report it from their
// ExitCode methods.
const ExitConfig = 78

// NotFoundError reports that project-root discovery walked up to the
// filesystem root without finding any marker.
type NotFoundError struct {
	// Start is the absolute, symlink-resolved directory the walk began in.
	Start string
	// Markers are the names that were looked for.
	Markers []string
	// Searched are the directories examined, from Start up to the
	// filesystem root.
	Searched []string
}

// Error describes what was looked for, where, and how to fix it.
func (e *NotFoundError) Error() string {
	return fmt.Sprintf("no project root: none of %v found in %s or any parent directory; run inside the project, or start the search from a directory in it",
		e.Markers, e.Start)
}

// ExitCode returns [ExitConfig].
func (e *NotFoundError) ExitCode() int { return ExitConfig }

// ConfigError reports an unusable setting: a bad override of a root, a start
// directory that does not exist, an invalid application name.
type ConfigError struct {
	// Setting names what was configured: an environment variable such as
	// "MYAPP_GLOBAL_STATE_ROOT", an option such as "WithGlobalRoot", or a
	// parameter such as "start directory".
	Setting string
	// Value is the value that was given.
	Value string
	// Problem says what is wrong with Value.
	Problem string
	// Fix says what to do instead.
	Fix string
	// Err is the underlying error, if any.
	Err error
}

// Error reads "<setting> <value>: <problem>; <fix>".
func (e *ConfigError) Error() string {
	return fmt.Sprintf("%s %q: %s; %s", e.Setting, e.Value, e.Problem, e.Fix)
}

// Unwrap returns the underlying error, so errors.Is(err, fs.ErrNotExist)
// holds for a start directory that does not exist.
func (e *ConfigError) Unwrap() error { return e.Err }

// ExitCode returns [ExitConfig].
func (e *ConfigError) ExitCode() int { return ExitConfig }

// JoinError reports a path element that [Join] refused.
type JoinError struct {
	// Root is the root the element was to be joined onto.
	Root string
	// Elem is the offending element (the root itself when the root is bad).
	Elem string
	// Reason says why it was refused.
	Reason string
}

// Error reads `join "<elem>" onto <root>: <reason>`.
func (e *JoinError) Error() string {
	return fmt.Sprintf("join %q onto %s: %s", e.Elem, e.Root, e.Reason)
}

// checkApp validates an application name: it becomes a directory name, so
// it must be one plain path component.
func checkApp(app string) error {
	const fix = `use a plain name such as "myapp"`
	switch {
	case app == "":
		return &ConfigError{Setting: "app name", Value: app, Problem: "is empty", Fix: fix}
	case app == "." || app == "..":
		return &ConfigError{Setting: "app name", Value: app, Problem: "is a relative directory reference", Fix: fix}
	case containsSeparator(app):
		return &ConfigError{Setting: "app name", Value: app, Problem: "contains a path separator", Fix: fix}
	case containsNUL(app):
		return &ConfigError{Setting: "app name", Value: app, Problem: "contains a NUL byte", Fix: fix}
	}
	return nil
}

func containsSeparator(s string) bool {
	// Both slashes count on every platform, so a name valid on Linux is
	// valid on Windows too.
	return strings.ContainsAny(s, `/\`+string(filepath.Separator))
}

func containsNUL(s string) bool { return strings.IndexByte(s, 0) >= 0 }
