// Package unixsocket: a server listens on a TCP address or a unix socket,
// and removes a stale socket before it listens, only where the network
// is unix. The TCP address its configuration defaults to is no file.
package unixsocket

import (
	"net"
	"os"
	"strings"
)

// listenConfig is where the control server listens.
type listenConfig struct {
	Address string
}

// network is "unix" for an absolute path, "tcp" for anything else.
func (c listenConfig) network() string {
	if strings.HasPrefix(c.Address, "/") {
		return "unix"
	}
	return "tcp"
}

func defaults() *listenConfig {
	return &listenConfig{Address: "127.0.0.1:8384"} // want `a TCP address \("127.0.0.1:8384"\) where the write runs only for the unix network`
}

func serve(c *listenConfig) (net.Listener, error) {
	if c.network() == "unix" {
		_ = os.Remove(c.Address) // the socket
	}
	return net.Listen(c.network(), c.Address)
}

// cleanup removes the socket of a network named beside its address.
func cleanup(network, addr string) {
	if network == "unix" {
		_ = os.Remove(addr)
	}
}

func main() {
	_, _ = serve(defaults())
	cleanup("unix", "ctl.sock")       // want `"ctl.sock" relative to the working directory`
	cleanup("tcp", "localhost:9090")  // want `a TCP address \("localhost:9090"\) where the write runs only for the unix network`
	_, _ = net.Listen("tcp", ":8080") // ok: a TCP listener writes nothing
}
