package iface

import (
	"os"
	"path/filepath"

	"github.com/staterootlint/staterootlint/stateroots"

	"shadowwrite/iface/store"
)

// saver is an interface of this package with one implementation here.
type saver interface {
	save(path string, data []byte) error
}

type local struct{}

func (local) save(path string, data []byte) error { return os.WriteFile(path, data, 0o600) }

// namer returns a path; its implementations decide where.
type namer interface{ name() string }

type scratch struct{}

func (scratch) name() string { return filepath.Join(os.TempDir(), "scratch") }

type legacy struct{}

func (legacy) name() string { return "legacy.db" }

func use(project string, s saver, st store.Store, data []byte) {
	root, _ := stateroots.RepoStateRoot(project, "myapp")
	s.save(filepath.Join(root, "a.json"), data) // ok: rooted
	s.save("a.json", data)                      // want `\(iface.local\).save receives "a.json" relative to the working directory for a path it writes \(os.WriteFile at iface.go:19\)`
	st.Save(filepath.Join(root, "b.json"), data) // ok: rooted
	st.Save("b.json", data)                      // want `\(store.Files\).Save receives "b.json" relative to the working directory for a path it writes \(os.WriteFile at store.go:17\)`
}

func results(n namer, data []byte) {
	var tmp namer = scratch{}
	os.WriteFile(tmp.name(), data, 0o600) // ok: the receiver is a scratch, whose name is temporary
	os.WriteFile(n.name(), data, 0o600)   // want `os.WriteFile writes "legacy.db" relative to the working directory`
}

// sink has two implementations and only one writes: which one runs is not
// known at the call, so the call is not blamed for the other's write.
type sink interface{ put(key string) error }

type fileSink struct{}

func (fileSink) put(key string) error { return os.WriteFile(key, nil, 0o600) }

type memSink struct{ m map[string]bool }

func (s memSink) put(key string) error { s.m[key] = true; return nil }

func puts(s sink) error { return s.put("mem-key") } // ok: the receiver may be a memSink
