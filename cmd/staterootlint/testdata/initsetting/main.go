// Command initsetting builds a project into the output directory the
// user's project file names, or its default (goreleaser's shape:
// config.Project.Dist, defaulted to "dist" by a pipe): the user's
// choice, as a flag's default is. A name the program makes itself in the
// working directory when the file names none (delve's __debug_bin), and
// its cache in a fixed directory there, are not the user's.
package main

import (
	"flag"

	"example.com/initsetting/config"
	"example.com/initsetting/pipe"
)

var file = flag.String("config", "project.json", "the project file")

func main() {
	flag.Parse()
	p, err := config.Load(*file)
	if err != nil {
		return
	}
	_ = pipe.Clean(&p)
	_ = pipe.Build(&p)
	_ = pipe.Cache()
	_ = pipe.Debug(&p)
}
