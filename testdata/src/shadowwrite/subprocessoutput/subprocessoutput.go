// Package subprocessoutput: a recorder subprocess prints the directory it
// stored its trace in; the program reads it from a pipe in a goroutine,
// hands it over a channel and returns it through a function value, and
// removes the directory when the user asked for cleanup. The path is the
// other tool's (the label is USER: not a path this program builds); an
// engine that stops at the channel receive or the function value cannot
// say so. A directory the program names itself is still reported.
package subprocessoutput

import (
	"flag"
	"io"
	"os"
	"os/exec"
	"strings"
)

var cleanup = flag.Bool("cleanup", true, "remove the trace on exit")

func record(args []string) (run func() (string, error), err error) {
	r, w, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	cmd := exec.Command("recorder", append([]string{"--print-trace-dir=3"}, args...)...)
	cmd.ExtraFiles = []*os.File{w}
	ch := make(chan string)
	go func() {
		b, _ := io.ReadAll(r)
		ch <- strings.TrimSpace(string(b))
	}()
	return func() (string, error) {
		err := cmd.Run()
		w.Close()
		return <-ch, err
	}, nil
}

func replay(tracedir string, del bool) {
	if del {
		os.RemoveAll(tracedir)
	}
}

func recordAndReplay(args []string) error {
	run, err := record(args)
	if err != nil {
		return err
	}
	dir, err := run()
	if err != nil {
		return err
	}
	replay(dir, *cleanup) // ok: the recorder's own trace directory
	return nil
}

func replayLocal() {
	replay("traces/latest", true) // want `relative to the working directory`
}

// Record starts a recording for other packages: its run function is a
// function literal of this package.
func Record(args []string) (run func() (string, error), err error) { return record(args) }

// Replay replays a trace, removing it when del is set.
func Replay(tracedir string, del bool) { replay(tracedir, del) }
