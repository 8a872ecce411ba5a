package guardtest

import (
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// entry is what the snapshot keeps of one directory entry: enough to see a
// write, a chmod, a chown, a rename or a hard link (the last three through
// the change time).
type entry struct {
	mode     uint32 // as the platform reports it
	dir      bool
	size     int64
	mtime    int64
	ctime    int64
	ino      uint64
	uid, gid uint32
	excluded bool // inside a root or ignored: recorded, never reported
}

// snapshot is a bounded breadth-first record of one watched tree.
type snapshot struct {
	dir      string
	entries  map[string]entry
	complete map[string]bool // directories whose every child was recorded
	partial  bool            // the walk hit its budget
}

// take walks dir breadth first, so the shallow levels where ad hoc state
// appears (~/.app, ~/.config/app, ./state.json) are always covered, and
// stops after budget entries. skip marks paths that are recorded (so a
// change in their parent is explained) but neither reported nor descended.
func take(dir string, budget int, skip func(string) bool) *snapshot {
	s := &snapshot{dir: dir, entries: make(map[string]entry, 1024), complete: map[string]bool{}}
	fi, err := os.Lstat(dir)
	if err != nil {
		return s
	}
	s.entries[dir] = entryOf(fi)
	if !s.entries[dir].dir {
		return s
	}
	queue := []string{dir}
	for len(queue) > 0 {
		d := queue[0]
		queue = queue[1:]
		f, err := os.Open(d)
		if err != nil {
			continue
		}
		names, err := f.Readdirnames(-1)
		if err != nil || len(s.entries)+len(names) > budget {
			s.partial = s.partial || err == nil
			f.Close()
			continue // a later, smaller directory may still fit
		}
		s.complete[d] = true
		statAll(f, names, func(n string, e entry) {
			p := d + string(filepath.Separator) + n
			if skip(p) {
				e.excluded = true
			} else if e.dir {
				queue = append(queue, p)
			}
			s.entries[p] = e
		})
		f.Close()
	}
	return s
}

// change is one difference between two snapshots.
type change struct {
	path string
	what string // "created", "removed", "modified", "changed entries in"
}

// diff lists what changed from a to b that is not excluded. A directory
// whose times changed with no recorded child changing is reported too: it
// catches a file created and removed during the test, and changes deeper
// than the budget allowed to look.
func diff(a, b *snapshot, skip func(string) bool) []change {
	var out []change
	explained := map[string]bool{}
	report := func(p, what string) {
		explained[filepath.Dir(p)] = true
		if a.entries[p].excluded || b.entries[p].excluded || skip(p) {
			return
		}
		out = append(out, change{p, what})
	}
	for p, eb := range b.entries {
		ea, ok := a.entries[p]
		switch {
		case !ok:
			if a.complete[filepath.Dir(p)] {
				report(p, "created")
			}
		case eb.dir && ea.dir:
			if ea.ino != eb.ino || ea.mode != eb.mode || ea.uid != eb.uid || ea.gid != eb.gid {
				report(p, "modified")
			}
		case ea != eb:
			report(p, "modified")
		}
	}
	for p := range a.entries {
		if _, ok := b.entries[p]; !ok && b.complete[filepath.Dir(p)] {
			report(p, "removed")
		}
	}
	for p, eb := range b.entries {
		ea, ok := a.entries[p]
		if !ok || !ea.dir || !eb.dir || explained[p] || ea.excluded || skip(p) {
			continue
		}
		if ea.mtime != eb.mtime {
			out = append(out, change{p, "changed entries in"})
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].path < out[j].path })
	return out
}

// under reports whether p is dir or lies beneath it, lexically.
func under(p, dir string) bool {
	if dir == "" {
		return false
	}
	if p == dir {
		return true
	}
	if dir == string(filepath.Separator) {
		return true
	}
	return strings.HasPrefix(p, dir) && p[len(dir)] == filepath.Separator
}
