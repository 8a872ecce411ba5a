// Package keys makes a signing key and, when asked by an option, saves it:
// New keeps its path in an unexported field, applies the options through
// function values (one of them sets the flag that asks for the save), and
// its own method writes the field, read through methods with value
// receivers.
package keys

import (
	"os"
	"path/filepath"
)

// Key is a signing key and where it is kept.
type Key struct {
	file string
	save bool
	bits int
}

// Option changes how New makes a key.
type Option func(*Key)

// Saved asks New to save the key at its path.
func Saved() Option {
	return func(k *Key) {
		k.save = true
	}
}

// Bits sets the key's size.
func Bits(n int) Option {
	return func(k *Key) {
		k.bits = n
	}
}

// New makes the key kept at file, saving it when an option says so.
func New(file string, opts ...Option) (*Key, error) {
	k := &Key{file: tilde(file), bits: 256} // want `field keys.Key.file is assigned a path under the home directory`
	for _, opt := range opts {
		opt(k)
	}
	if _, err := os.Stat(k.file); err == nil {
		return k, nil
	}
	if k.save {
		return k, k.Store()
	}
	return k, nil
}

// Store writes the key and its public half, making their directory.
func (k *Key) Store() error {
	if err := k.prepare(); err != nil {
		return err
	}
	if err := put(k.private(), []byte("private")); err != nil {
		return err
	}
	return put(k.public(), []byte("public"))
}

// private and public name the key's files; their value receivers are
// copies of the key Store writes.
func (k Key) private() string { return k.file }

func (k Key) public() string { return k.private() + ".pub" }

func (k *Key) prepare() error {
	dir := filepath.Dir(k.file)
	if _, err := os.Stat(dir); os.IsNotExist(err) {
		return os.MkdirAll(dir, 0o700)
	}
	return os.Chmod(dir, 0o700)
}

func put(name string, data []byte) error {
	return os.WriteFile(name, data, 0o600)
}

// tilde puts a leading ~ under the home directory.
func tilde(name string) string {
	if len(name) > 0 && name[0] == '~' {
		home, err := os.UserHomeDir()
		if err != nil {
			return name
		}
		name = filepath.Join(home, name[1:])
	}
	return os.ExpandEnv(name)
}
