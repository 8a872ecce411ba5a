package stateroots

import "path/filepath"

// RelativeSafe checks that name, typically read from configuration (a run
// or agent id, a file name in a settings file), is one safe relative path
// component, fit to be joined onto a root with [Join] without naming
// anything but a direct child of it. It returns nil or a [*ConfigError]
// saying what is wrong. A safe name:
//
//  1. is not empty;
//  2. is not "." or "..";
//  3. holds no path separator, "/" or "\" on every platform, so a name
//     that is valid on Linux is valid on Windows;
//  4. holds no NUL byte;
//  5. does not start with a drive letter and a colon ("C:x", "C:"), on
//     every platform: Windows reads such a name as a path relative to the
//     current directory of drive C, outside the root;
//  6. is local in the sense of [filepath.IsLocal] on this platform (on
//     Windows, not a reserved device name such as "NUL" or "COM1").
//
// RelativeSafe is lexical: it does not look at the filesystem.
func RelativeSafe(name string) error {
	return checkComponent("name", name)
}

// checkComponent applies RelativeSafe's rules to a value named setting.
func checkComponent(setting, name string) error {
	const fix = `use one plain path component, such as "agent-1" or "notes.md"`
	problem := ""
	switch {
	case name == "":
		problem = "is empty"
	case name == "." || name == "..":
		problem = "is a relative directory reference, not a name"
	case containsSeparator(name):
		problem = "contains a path separator"
	case containsNUL(name):
		problem = "contains a NUL byte"
	case driveRelative(name):
		problem = "starts with a drive letter and a colon, which Windows reads as a path on that drive"
	case !filepath.IsLocal(name):
		problem = "is not a local name on this platform"
	default:
		return nil
	}
	return &ConfigError{Setting: setting, Value: name, Problem: problem, Fix: fix}
}

// driveRelative reports whether name starts with a drive letter and a
// colon: "C:x" names x in drive C's current directory on Windows, "C:"
// that directory itself.
func driveRelative(name string) bool {
	if len(name) < 2 || name[1] != ':' {
		return false
	}
	c := name[0] | 0x20 // lower case
	return 'a' <= c && c <= 'z'
}
