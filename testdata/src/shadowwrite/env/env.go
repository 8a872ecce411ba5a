package env

import (
	"os"
	"path/filepath"
)

func writes(data []byte) {
	if root := os.Getenv("MYAPP_GLOBAL_STATE_ROOT"); root != "" {
		os.WriteFile(filepath.Join(root, "x"), data, 0o644) // ok: the configured root override
	}
	os.WriteFile(filepath.Join(os.Getenv("MYAPP_DATA"), "x"), data, 0o644) // want `os.WriteFile writes a path from the environment variable MYAPP_DATA`
}
