// Package alsonamed: one variable, three writes. The directory's writes
// ask that the path stay rooted with ".." appended; the file's write asks
// less, so its requirement arrives where the first already checks all it
// would. The one finding, at the store, names every write it stands for.
package alsonamed

import (
	"os"
	"path/filepath"
)

var configFile string

func ensureConfigFile() error {
	if configFile == "" {
		configFile = "app.yml" // want `variable alsonamed.configFile is assigned "app.yml" relative to the working directory, and it is written \(os.MkdirAll at alsonamed.go:17; also os.MkdirAll at alsonamed.go:21, os.Create at alsonamed.go:24\)`
		if err := os.MkdirAll(filepath.Dir(configFile), 0o755); err != nil {
			return err
		}
	}
	if err := os.MkdirAll(filepath.Dir(configFile), 0o700); err != nil {
		return err
	}
	f, err := os.Create(configFile)
	if err != nil {
		return err
	}
	return f.Close()
}
