package origins

import (
	"os"
	"os/user"
	"path/filepath"
)

func home(data []byte) error {
	h, err := os.UserHomeDir()
	if err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(h, ".other", "x"), data, 0o644) // want `os.WriteFile writes a path under the home directory from os.UserHomeDir \(origins.go:10\), outside every state root`
}

func config(data []byte) {
	c, _ := os.UserConfigDir()
	os.WriteFile(filepath.Join(c, "app", "x"), data, 0o644) // want `os.WriteFile writes a path under the user config directory from os.UserConfigDir`
}

func current(data []byte) {
	u, _ := user.Current()
	os.WriteFile(filepath.Join(u.HomeDir, ".app"), data, 0o644) // want `user.Current\(\).HomeDir, which even ignores \$HOME`
}

func wd(data []byte) {
	w, _ := os.Getwd()
	os.WriteFile(filepath.Join(w, "x"), data, 0o644) // want `os.Getwd`
}

func exe(data []byte) {
	e, _ := os.Executable()
	os.WriteFile(filepath.Join(filepath.Dir(e), "x.lock"), data, 0o644) // want `next to the executable`
}

func env(data []byte) {
	os.WriteFile(os.Getenv("APP_DB_PATH"), data, 0o644) // want `os.WriteFile writes a path from the environment variable APP_DB_PATH`
}
