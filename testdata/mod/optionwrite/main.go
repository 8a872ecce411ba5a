// Command app serves with a host key kept by a library two modules
// down: server.KeyFile hands its path to keys.New, which keeps it in a
// field of the key it makes, applies its options through function values
// (keys.Saved sets the flag that asks for the save) and writes the field
// in its own method, read through methods with value receivers. The path
// the program passes is checked at its call.
package main

import (
	"encoding/json"
	"flag"
	"os"
	"path/filepath"

	"example.com/keys"
	"example.com/server"
)

// config is the server's configuration, decoded from the environment.
type config struct {
	KeyPath string `json:"key_path"`
	Addr    string `json:"addr"`
}

var hostKey = flag.String("host-key", "", "where the server keeps its host key")

// serve keeps the host key at the configured path, else at a name of its
// own relative to the working directory: the program's state.
func serve() error {
	var cfg config
	if err := json.Unmarshal([]byte(os.Getenv("APP_SERVER_CONFIG")), &cfg); err != nil {
		return err
	}
	key := cfg.KeyPath
	if key == "" {
		key = filepath.Join(".ssh", "host_ed25519")
	}
	_, err := server.New(server.Addr(cfg.Addr), server.KeyFile(key)) // want `server.KeyFile receives .*".ssh/host_ed25519" relative to the working directory`
	return err
}

// serveFlag keeps it where --host-key says.
func serveFlag() error {
	_, err := server.New(server.KeyFile(*hostKey)) // ok: the user's --host-key
	return err
}

// makeKey saves a key of its own below the working directory.
func makeKey() error {
	_, err := keys.New(filepath.Join("keys", "id_ed25519"), keys.Saved()) // want `keys.New receives "keys/id_ed25519" relative to the working directory`
	return err
}

// makeCachedKey saves it below the user's cache directory.
func makeCachedKey() error {
	dir, err := os.UserCacheDir()
	if err != nil {
		return err
	}
	_, err = keys.New(filepath.Join(dir, "app", "id_ed25519"), keys.Saved()) // ok: under the cache directory
	return err
}

func main() {
	flag.Parse()
	_ = serve()
	_ = serveFlag()
	_ = makeKey()
	_ = makeCachedKey()
}
