package foreignobjects // want package:`artifacts\(unproven\)`

import (
	"net/http"
	"net/url"
	"os"
)

// foreignobjects: the inventory lists a socket's removal whose URL
// url.Parse filled as unproven, not under the path another URL keeps for
// a health check.

type daemon struct {
	listen *url.URL
	probe  *url.URL
}

func start(addr string) (*daemon, error) {
	u, err := url.Parse(addr)
	if err != nil {
		return nil, err
	}
	return &daemon{listen: u, probe: &url.URL{Scheme: "http", Host: "api.agent.localhost", Path: "healthz"}}, nil
}

func (d *daemon) healthy() bool {
	resp, err := http.Get(d.probe.String())
	if err != nil {
		return false
	}
	_ = resp.Body.Close()
	return resp.StatusCode == http.StatusOK
}

func (d *daemon) stop() {
	if d.listen.Scheme == "unix" {
		_ = os.Remove(d.listen.Path)
	}
}

func run() {
	d, err := start(os.Getenv("DAEMON_ADDR"))
	if err != nil || !d.healthy() {
		return
	}
	d.stop()
}
