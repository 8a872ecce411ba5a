// Package foreignobjects: objects of a type the program does not own (a
// url.URL) are told apart. A host stored into one URL for a health check
// is not the path of the socket another URL, parsed from an address,
// names; a read of a URL the analysis can tie to where it was made sees
// that object's stores only.
package foreignobjects

import (
	"fmt"
	"net"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
)

// server keeps the URL it serves on and the one it checks its health at.
type server struct {
	addr   *url.URL
	health *url.URL
}

func newServer(addr string) *server {
	u, err := url.Parse(addr)
	if err != nil {
		u = &url.URL{Scheme: "unix", Path: addr}
	}
	return &server{addr: u, health: &url.URL{Scheme: "http", Host: "api.agent.localhost", Path: "/health"}} // ok: a host, never a path
}

// check asks the health endpoint.
func (s *server) check() error {
	resp, err := http.Get(s.health.String())
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// cleanup removes the socket the server listened on: its address was
// parsed by url.Parse, whose stores the analysis does not see.
func (s *server) cleanup() {
	if s.addr.Scheme == "unix" {
		_ = os.Remove(s.addr.Host + s.addr.Path)
	}
}

// listen listens where the URL says: a unix socket's path, or a TCP
// address, which writes nothing.
func listen(u *url.URL) (net.Listener, error) {
	if u.Scheme == "unix" {
		_ = os.Remove(u.Path)
		return net.Listen("unix", u.Path)
	}
	return net.Listen("tcp", u.Host)
}

// twoObjects keeps two URLs apart: the page's relative path is not the
// socket's.
func twoObjects() {
	sock := &url.URL{Scheme: "unix", Path: filepath.Join(os.TempDir(), "agent.sock")}
	page := &url.URL{Scheme: "http", Host: "localhost", Path: "status.html"} // ok: this object is never written
	_, _ = http.Get(page.String())
	fmt.Println(sock.String())
	_ = os.Remove(sock.Path) // ok: this object's own path, temporary

	rel := &url.URL{Scheme: "unix", Path: "agent.sock"}
	fmt.Println(rel.String())
	_ = os.Remove(rel.Path) // want `os.Remove writes "agent.sock" relative to the working directory`
}

func run(addr string) {
	s := newServer(addr)
	_ = s.check()
	s.cleanup()
	probe := &url.URL{Scheme: "tcp", Host: "localhost:8080"} // ok: a TCP address
	_, _ = listen(probe)
	_, _ = http.Get(probe.String())
	_, _ = net.Listen("tcp", "localhost:7070") // ok: a TCP address writes nothing
	twoObjects()
}
