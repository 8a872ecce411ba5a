// Package foreignobjects: a field of a url.URL that the analysis cannot
// tie to where its object was made (one url.Parse filled) is a path it
// cannot follow, listed by unproven, not the hosts and paths the program
// stores into other URLs.
package foreignobjects

import (
	"net/http"
	"net/url"
	"os"
)

// agent keeps its control socket's address and its health check's URL.
type agent struct {
	ctl    *url.URL
	health *url.URL
}

func newAgent(addr string) (*agent, error) {
	u, err := url.Parse(addr)
	if err != nil {
		return nil, err
	}
	return &agent{ctl: u, health: &url.URL{Scheme: "http", Host: "api.agent.localhost", Path: "/health"}}, nil // want `field url.URL.Path is assigned the field of a url.URL the analysis cannot tie to where it was made \(a type the program does not own\), and it is written \(.*os.Remove at foreignobjects.go:38\): not proven rooted`
}

func (a *agent) ping() error {
	resp, err := http.Get(a.health.String())
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// close removes the control socket.
func (a *agent) close() {
	if a.ctl.Scheme == "unix" {
		_ = os.Remove(a.ctl.Path) // listed where the object is stored
	}
}

func run() {
	a, err := newAgent(os.Getenv("AGENT_ADDR"))
	if err != nil {
		return
	}
	_ = a.ping()
	a.close()
}
