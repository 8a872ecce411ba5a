// Package madejoin: a path type that joins its elements onto itself
// through a slice it makes: element 0 is the base, the rest are stored at
// indices past it, so the joined path is below the base, and a relative
// element is only a part of it.
package madejoin

import (
	"os"
	"path"
)

// Abs is an absolute path.
type Abs string

// Rel is a path relative to some directory.
type Rel struct{ rel string }

// NewRel returns a new Rel.
func NewRel(s string) Rel { return Rel{rel: s} }

// Join joins rels below p.
func (p Abs) Join(rels ...Rel) Abs {
	strs := make([]string, len(rels)+1)
	strs[0] = string(p)
	for i, r := range rels {
		strs[i+1] = r.rel
	}
	return Abs(path.Join(strs...))
}

// JoinString joins ss below p.
func (p Abs) JoinString(ss ...string) Abs {
	strs := make([]string, len(ss)+1)
	strs[0] = string(p)
	copy(strs[1:len(ss)+1], ss)
	return Abs(path.Join(strs...))
}

func mirror(name string) error {
	tmp, err := os.MkdirTemp("", "diff")
	if err != nil {
		return err
	}
	return os.MkdirAll(string(Abs(tmp).Join(NewRel(name))), 0o755) // ok: a name below a temporary directory
}

func mirrorString(name string) error {
	return os.WriteFile(string(Abs(os.TempDir()).JoinString("dot_"+name)), nil, 0o644) // ok: below the temp dir
}

func homeNotes() error {
	home, _ := os.UserHomeDir()
	return os.WriteFile(string(Abs(home).JoinString(".notes")), nil, 0o644) // want `os.WriteFile writes a path under the home directory`
}

func sync() {
	_ = mirror("dot_bashrc")
	_ = mirrorString("bashrc")
}
