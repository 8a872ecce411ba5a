// Package bbolt is a stub of go.etcd.io/bbolt for the fixtures.
package bbolt

import "os"

// DB is a database.
type DB struct{}

// Open opens (creating) the database at path.
func Open(path string, mode os.FileMode, options any) (*DB, error) { return &DB{}, nil }
