// Package envs: an execution environment interface with a host
// implementation that writes its paths and a container one that does
// not; New returns either, as the interface.
package envs

import "os"

// Env is where a job runs.
type Env interface {
	Copy(dest string) error
	// ActPath is where the job's files go, in the environment's own
	// namespace.
	ActPath() string
}

// Host runs jobs on this machine.
type Host struct{ Dir string }

// Copy writes below dest on this machine.
func (h *Host) Copy(dest string) error { return os.MkdirAll(dest, 0o755) }

// ActPath is the host's directory.
func (h *Host) ActPath() string { return h.Dir }

type container struct{}

func (container) Copy(string) error { return nil }

func (container) ActPath() string { return "/var/run/act" }

// New returns a container environment.
func New() Env { return container{} }
