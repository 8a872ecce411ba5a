// Command initfieldstore keeps entries in stores whose paths its
// configuration holds: the stores' resolver's result reaches the writes
// through the configuration and the store's field. Its migrate command
// writes the old configuration's store path into the new configuration
// file.
package main

import (
	"encoding/json"
	"os"

	"example.com/initfieldstore/internal/config"
	"example.com/initfieldstore/internal/config/legacy"
	"example.com/initfieldstore/internal/store"
)

func main() {
	cfg := config.New()
	if len(os.Args) > 2 && os.Args[1] == "migrate" {
		data, err := json.Marshal(map[string]string{"path": legacy.Load().Path})
		if err != nil || os.WriteFile(os.Args[2], data, 0o600) != nil {
			os.Exit(1)
		}
		return
	}
	if len(os.Args) > 2 && os.Args[1] == "mount" {
		cfg.SetPath(os.Args[2], config.StoreDir(os.Args[2]))
	}
	s := store.New(cfg.Path(""))
	if err := s.Init(); err != nil {
		os.Exit(1)
	}
	if err := s.Set("entry", []byte("x")); err != nil {
		os.Exit(1)
	}
}
