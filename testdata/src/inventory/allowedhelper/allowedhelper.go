package allowedhelper // want package:`artifacts\(cwd:cpu.pprof, exe\)`

// The package declares a command's writes with allow-write on
// helpers whose paths a caller makes concrete: the inventory lists them
// as declared (cwd, exe), as the lint takes them, not as shadow writes.

import (
	"os"
	"path/filepath"
)

// writeBinary stages the new binary beside the running one and renames
// it onto it.
//
//staterootlint:allow-write exe
func writeBinary(exe string, data []byte) error {
	f, err := os.CreateTemp(filepath.Dir(exe), ".upgrade-*")
	if err != nil {
		return err
	}
	f.Close()
	return os.Rename(f.Name(), exe)
}

// upgrade replaces the running binary.
func upgrade(data []byte) error {
	exe, err := os.Executable()
	if err != nil {
		return err
	}
	return writeBinary(exe, data)
}

// saveProfile writes a profile the user asked for where the program runs.
//
//staterootlint:allow-write cwd:*.pprof
func saveProfile(name string, data []byte) error { return os.WriteFile(name, data, 0o644) }

func profile(data []byte) error { return saveProfile("cpu.pprof", data) }
