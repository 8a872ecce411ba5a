// Package mademaps: a map the package makes, and keeps to itself, holds
// what the package stores into maps of its type, at any key: a read at a
// key the analysis does not know, or a range over it, is one of those
// values.
package mademaps

import (
	"encoding/json"
	"os"
	"path/filepath"

	"rootflow/rules/made-maps/paths"
)

// runner keeps the temporary directories it made, by purpose.
type runner struct {
	tempDirs map[string]paths.AbsPath
	outputs  map[string]string
}

func newRunner() *runner {
	return &runner{
		tempDirs: make(map[string]paths.AbsPath),
		outputs:  map[string]string{},
	}
}

// tempDir returns the temporary directory for key, made once.
func (r *runner) tempDir(key string) (paths.AbsPath, error) {
	if dir, ok := r.tempDirs[key]; ok {
		return dir, nil
	}
	dir, err := os.MkdirTemp("", key)
	if err != nil {
		return "", err
	}
	r.tempDirs[key] = paths.New(dir)
	return paths.New(dir), nil
}

// scratch writes into the temporary directory for key.
func (r *runner) scratch(key string) error {
	dir, err := r.tempDir(key)
	if err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir.String(), "x"), nil, 0o600) // ok: a temporary directory
}

// close removes every temporary directory made.
func (r *runner) close() {
	for _, dir := range r.tempDirs {
		_ = os.RemoveAll(dir.String()) // ok: a temporary directory
	}
}

// record keeps an output name relative to the working directory.
func (r *runner) record(name string) {
	r.outputs[name] = name + ".out"
}

// flush writes each recorded output where it was recorded.
func (r *runner) flush() {
	for _, p := range r.outputs {
		_ = os.WriteFile(p, nil, 0o600)
	}
}

// names is a map type the package hands to a decoder: another package
// stores into it, unseen.
type names map[string]string

// decoded writes each name a decoder stored: not followed.
func decoded(data []byte) {
	m := names{}
	_ = json.Unmarshal(data, &m)
	for _, p := range m {
		_ = os.WriteFile(p, nil, 0o600) // want `a map element, which the analysis cannot follow`
	}
}

func main() {
	r := newRunner()
	_ = r.scratch("build")
	r.record("report") // want `"report" relative to the working directory`
	r.flush()
	r.close()
	decoded(nil)
}
