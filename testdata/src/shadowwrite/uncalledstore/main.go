// Command uncalledstore: a store in a function nothing calls never runs,
// so what it stores is the origin of nothing the program writes; a store
// in a function that is called, used as a value, or that other packages
// or interfaces may reach still is.
package main

import (
	"flag"
	"os"

	"shadowwrite/uncalledstore/lib"
)

// LogOptions says where a session's log goes.
type LogOptions struct{ File string }

type options struct{ Log LogOptions }

type recorder struct{ opts options }

var logFile = flag.String("log", "", "where to keep the session log")

// defaultLogOptions is the old default, kept but no longer called.
func defaultLogOptions() LogOptions {
	return LogOptions{File: "session.log"} // ok: nothing calls defaultLogOptions
}

// DefaultLogOptions is exported, but a command's exported functions are
// called by no other package.
func DefaultLogOptions() LogOptions {
	return LogOptions{File: "default.log"} // ok: nothing calls DefaultLogOptions
}

// retry only calls itself.
func retry(n int) LogOptions {
	if n > 0 {
		return retry(n - 1)
	}
	return LogOptions{File: "retry.log"} // ok: retry calls itself only
}

// replay's closure runs only when replay does.
func replay(r *recorder) {
	set := func() { r.opts.Log.File = "replay.log" } // ok: inside a function nothing calls
	set()
}

func fallbackLogOptions() LogOptions {
	return LogOptions{File: "fallback.log"} // want `"fallback.log" relative to the working directory`
}

func traceLogOptions() LogOptions {
	return LogOptions{File: "trace.log"} // want `"trace.log" relative to the working directory`
}

// presets takes traceLogOptions as a value: it is used.
var presets = map[string]func() LogOptions{"trace": traceLogOptions}

// reset is a method: an interface may reach it.
func (o *LogOptions) reset() {
	o.File = "reset.log" // want `"reset.log" relative to the working directory`
}

func (r *recorder) flush(text string) error {
	f, err := os.Create(r.opts.Log.File)
	if err != nil {
		return err
	}
	defer f.Close()
	_, err = f.WriteString(text)
	return err
}

func main() {
	flag.Parse()
	r := &recorder{}
	r.opts.Log.File = *logFile
	if *logFile == "" {
		r.opts.Log = fallbackLogOptions()
	}
	if p, ok := presets[flag.Arg(0)]; ok {
		r.opts.Log = p()
	}
	_ = r.flush("session")
	_ = lib.Record("session")
}
