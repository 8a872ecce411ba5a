// Command app keeps a copy of its settings in the home directory through
// a configuration library that writes through a file system interface.
package main

import (
	"fmt"
	"os"
	"path/filepath"

	"example.com/cfglib"
)

func main() {
	home, err := os.UserHomeDir()
	if err != nil {
		return
	}
	c := cfglib.New()
	c.Set("style", "dark")
	c.SetConfigFile(filepath.Join(home, ".app.yml")) // written: shadow
	_ = c.WriteConfig()

	// Objects of the same type that never write: only read, or shown.
	r := cfglib.New()
	r.SetConfigFile(filepath.Join(home, ".apprc"))
	_ = r.ReadConfig()
	shown := cfglib.New()
	shown.SetConfigFile(filepath.Join(home, ".shown.yml"))
	fmt.Println(shown)
}
