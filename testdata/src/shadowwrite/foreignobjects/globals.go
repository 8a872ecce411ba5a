package foreignobjects

import (
	"net/http"
	"net/url"
	"os"
	"path/filepath"
)

// The package's own URLs in variables: each variable's object is its own.
var (
	status  = &url.URL{Scheme: "http", Host: "localhost:9000", Path: "status"} // ok: never written
	control = &url.URL{Scheme: "unix", Path: filepath.Join(os.TempDir(), "ctl.sock")}
	pidURL  = &url.URL{Scheme: "file", Path: "agent.pid"}
)

func restart() error {
	if _, err := http.Get(status.String()); err != nil {
		return err
	}
	_ = os.Remove(control.Path)                  // ok: temporary
	return os.WriteFile(pidURL.Path, nil, 0o600) // want `os.WriteFile writes "agent.pid" relative to the working directory`
}
