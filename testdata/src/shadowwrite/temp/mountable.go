package temp

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
)

// On macOS the temporary directory is under /var, which a container
// cannot mount; /private/var is the same directory under a mountable
// name. A helper that makes a temporary directory and returns that name
// still returns a temporary directory.

func mountableTempDir(dir, prefix string) (string, error) {
	name, err := os.MkdirTemp(dir, prefix)
	if err != nil {
		return "", err
	}
	if runtime.GOOS == "darwin" && strings.HasPrefix(name, "/var/") {
		name = filepath.Join("/private", name)
	}
	return name, nil
}

func buildInContainer(data []byte) error {
	dir, err := mountableTempDir("", "node-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)                                        // ok: the temporary directory
	return os.WriteFile(filepath.Join(dir, "config"), data, 0o644) // ok: inside it
}

// Anything else below /private is a fixed path of the program's own, and
// the helper given another directory than the temporary one makes its
// directory there.
func privateState(data []byte) {
	os.WriteFile(filepath.Join("/private", "myapp", "state"), data, 0o644) // want `os.WriteFile writes the fixed path "/private/myapp/state"`
	home, _ := os.UserHomeDir()
	os.WriteFile(filepath.Join("/private", home, ".myapp"), data, 0o644) // want `os.WriteFile writes the fixed path "/private/\*/.myapp"`
	dir, _ := mountableTempDir(home, "node-")                            // want `temp.mountableTempDir receives a path under the home directory`
	os.WriteFile(filepath.Join(dir, "state"), data, 0o644)               // want `os.WriteFile writes a path under the home directory`
}
