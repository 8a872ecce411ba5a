// Command initenvstruct keeps its directories in the fields of a
// configuration struct that a loader fills from the environment map the
// command is given: its own override, else the XDG bases or the home
// directory, read by helpers that take the map.
package main

import (
	"os"

	"example.com/initenvstruct/internal/cmd"
)

func main() {
	if err := cmd.Main(cmd.GetEnv()); err != nil {
		os.Exit(1)
	}
}
