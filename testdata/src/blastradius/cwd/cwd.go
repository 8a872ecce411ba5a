// Package cwd holds commands that write files where the program runs:
// a radius names them with cwd: patterns, an allowance declares them
// without restricting anything else.
package cwd

import (
	"os"
	"path/filepath"
)

// scaffold writes its product and nothing else, as its radius says.
//
//staterootlint:may-write cwd:app.toml cwd:deploy/**
func scaffold(data []byte) error { // ok: within the radius
	if err := os.WriteFile("app.toml", data, 0o644); err != nil {
		return err
	}
	return os.WriteFile(filepath.Join("deploy", "run.sh"), data, 0o755)
}

// bundle's radius forgets the bundle's log.
//
//staterootlint:may-write cwd:bundle.zip
func bundle(data []byte) error { // want `bundle may write only cwd:bundle.zip, but it reaches os.WriteFile of "bundle.log" relative to the working directory at cwd.go:\d+`
	if err := os.WriteFile("bundle.zip", data, 0o644); err != nil {
		return err
	}
	return os.WriteFile("bundle.log", data, 0o644)
}

// track declares its product and may write anything else: an allowance
// is not a radius.
//
//staterootlint:allow-write cwd:.gitattributes
func track(data []byte) error { // ok: no radius
	return os.WriteFile(".gitattributes", data, 0o644)
}

// want +2 `invalid allow-write pattern "cwd:../up": the glob must stay below the root`
//
//staterootlint:allow-write cwd:../up
func escape(data []byte) error {
	return os.WriteFile("../up", data, 0o644)
}
