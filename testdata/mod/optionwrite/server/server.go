// Package server serves requests with a host key: KeyFile makes the key
// through package keys (saved when missing) and returns the option that
// loads it.
package server

import (
	"os"

	"example.com/keys"
)

// Server answers requests under its host key.
type Server struct {
	keyFile string
	addr    string
}

// Option sets up a Server.
type Option func(*Server) error

// KeyFile has the server use the host key at file, made and saved there
// when it is missing.
func KeyFile(file string) Option {
	if _, err := os.Stat(file); os.IsNotExist(err) {
		if _, err := keys.New(file, keys.Bits(255), keys.Saved()); err != nil {
			return func(*Server) error { return err }
		}
	}
	return func(s *Server) error {
		s.keyFile = file
		return nil
	}
}

// Addr has the server listen on addr.
func Addr(addr string) Option {
	return func(s *Server) error {
		s.addr = addr
		return nil
	}
}

// New applies the options to a new Server.
func New(opts ...Option) (*Server, error) {
	s := &Server{}
	for _, opt := range opts {
		if err := opt(s); err != nil {
			return nil, err
		}
	}
	return s, nil
}
