// Command initworkdir reruns the project in the working directory (or
// $wdtool_wd) on every change, its scratch files in a directory below
// the project: the method handing out that directory is a repo root.
package main

import (
	"os"

	"example.com/initworkdir/runner"
)

func main() {
	cfg, err := runner.Load(".wdtool.json")
	if err != nil {
		os.Exit(1)
	}
	if runner.New(cfg).Run() != nil {
		os.Exit(1)
	}
}
