// Command initfieldstore keeps entries in stores whose paths its
// configuration holds: the stores' resolver's result reaches the writes
// through the configuration and the store's field.
package main

import (
	"os"

	"example.com/initfieldstore/internal/config"
	"example.com/initfieldstore/internal/config/legacy"
	"example.com/initfieldstore/internal/store"
)

func main() {
	cfg := config.New()
	if old := legacy.Load(); old != nil && len(os.Args) > 2 && os.Args[1] == "migrate" {
		cfg.SetPath("", old.Path)
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
