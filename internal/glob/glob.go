// Package glob matches slash-separated file names and path patterns
// against globs in which a "**" segment stands for any number of
// segments. It answers two different questions:
//
//   - Match: does this file name match a glob? The name is concrete
//     ("/src/app/zz_generated.go"); this is how -exclude picks files.
//   - Covers: does every path a written *pattern* can stand for fit
//     inside a glob? The pattern is itself partly unknown: a "*" segment
//     is a segment the program computes at run time, a "**" tail any
//     number of them ("logs/*/out.txt", "cache/**"); this is how a
//     may-write radius decides whether a write stays inside it.
//
// A name that matches is one answer; a pattern is covered only when all
// the names it may become match, so "*" in a written pattern is covered
// by "*" or "**" in the glob, never by a literal segment.
package glob

import (
	"path"
	"path/filepath"
	"strings"

	"github.com/bmatcuk/doublestar/v4"
)

// Exclude turns an -exclude value into the anchored glob Match takes:
// slashes for the OS's separators, a trailing "/" the whole tree below
// it, and a pattern that starts with neither "/" nor "**" matched at any
// depth ("**/" before it).
func Exclude(p string) string {
	p = filepath.ToSlash(strings.TrimSpace(p))
	if strings.HasSuffix(p, "/") {
		p += "**"
	}
	if !strings.HasPrefix(p, "/") && !strings.HasPrefix(p, "**") {
		p = "**/" + p
	}
	return p
}

// Match reports whether the slash-separated name matches pattern: a "**"
// segment matches zero or more segments, "*" and "?" any characters of
// one segment, "[...]" a class and "{a,b}" either alternative, as
// github.com/bmatcuk/doublestar/v4 defines them. The error is non-nil
// only for a malformed pattern.
func Match(pattern, name string) (bool, error) {
	return doublestar.Match(pattern, name)
}

// Covers reports whether the glob covers every path the written pattern
// can stand for. Both are slash-separated, "" having no segment. In the
// glob, "**" matches zero or more segments and any other segment is a
// path.Match pattern. In the written pattern, a segment holding "*" is
// partly unknown: only a glob segment with a "*" that matches it covers
// it (a bare "*" covers any such segment); a "**" segment, an unknown
// tail, is covered only by "**".
func Covers(glob, pattern string) bool {
	return covers(segments(glob), segments(pattern))
}

func segments(p string) []string {
	if p == "" {
		return nil
	}
	return strings.Split(p, "/")
}

func covers(glob, segs []string) bool {
	if len(glob) == 0 {
		return len(segs) == 0
	}
	if glob[0] == "**" {
		for i := 0; i <= len(segs); i++ {
			if covers(glob[1:], segs[i:]) {
				return true
			}
		}
		return false
	}
	if len(segs) == 0 {
		return false
	}
	switch s := segs[0]; {
	case s == "**":
		return false // an unbounded tail is covered only by "**"
	case glob[0] == "*":
		return covers(glob[1:], segs[1:])
	case strings.Contains(s, "*"):
		ok, _ := path.Match(glob[0], s)
		return ok && strings.Contains(glob[0], "*") && covers(glob[1:], segs[1:])
	default:
		ok, _ := path.Match(glob[0], s)
		return ok && covers(glob[1:], segs[1:])
	}
}
