package foreignobjects

import (
	"net"
	"os"
	"strings"
)

// guiConfig is where a web UI listens: a TCP address, or a unix socket's
// absolute path.
type guiConfig struct {
	RawAddress string
}

func (c guiConfig) network() string {
	if strings.HasPrefix(c.RawAddress, "/") {
		return "unix"
	}
	return "tcp"
}

func defaultGUI() guiConfig {
	return guiConfig{RawAddress: "127.0.0.1:8384"} // ok: a TCP address, no file
}

// serveGUI removes a stale socket before listening, only on the unix
// network.
func serveGUI(cfg guiConfig) (net.Listener, error) {
	if cfg.network() == "unix" {
		_ = os.Remove(cfg.RawAddress)
	}
	return net.Listen(cfg.network(), cfg.RawAddress)
}

// dropSocket removes the socket of a network named beside its address.
func dropSocket(network, addr string) {
	if network == "unix" {
		_ = os.Remove(addr)
	}
}

func sockets() {
	_, _ = serveGUI(defaultGUI())
	dropSocket("tcp", "localhost:9090")        // ok: a TCP address, no file
	dropSocket("unix", "agent.sock")           // want `dropSocket receives "agent.sock" relative to the working directory`
	_, _ = net.Listen("tcp", "localhost:7071") // ok: a TCP listener writes nothing
}
