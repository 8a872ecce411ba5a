// Package selfupdate replaces the running binary.
package selfupdate

import "os"

// To replaces the running binary with data, keeping the old one beside
// it.
func To(data []byte) error {
	exe, err := os.Executable()
	if err != nil {
		return err
	}
	return replace(exe, data)
}

func replace(path string, data []byte) error {
	if err := os.Rename(path, path+".old"); err != nil {
		return err
	}
	return os.WriteFile(path, data, 0o755)
}
