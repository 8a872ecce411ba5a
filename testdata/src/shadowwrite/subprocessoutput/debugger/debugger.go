// Package debugger: the recorder's run function crosses a package and is
// handed to a helper as a parameter before it is called. The helper is
// unexported and every call of it is in sight, so the call through its
// parameter is the recorder's function literal, summarized in the other
// package; a helper anyone may call with any function stays reported.
package debugger

import "shadowwrite/subprocessoutput"

type Debugger struct{ cleanup bool }

func (d *Debugger) recordingRun(run func() (string, error)) error {
	tracedir, err := run()
	if err != nil && tracedir == "" {
		return err
	}
	subprocessoutput.Replay(tracedir, d.cleanup) // ok: the recorder's own trace directory
	return nil
}

// Launch records and replays.
func (d *Debugger) Launch(args []string) error {
	run, err := subprocessoutput.Record(args)
	if err != nil {
		return err
	}
	return d.recordingRun(run)
}

// Restart replays what an unknown function returns.
func Restart(run func() (string, error)) {
	tracedir, _ := run()
	subprocessoutput.Replay(tracedir, true) // ok: not proven rooted: the unproven analyzer lists it
}

// replayFrom is only ever handed a function returning a fixed name.
func replayFrom(run func() (string, error)) {
	tracedir, _ := run()
	subprocessoutput.Replay(tracedir, true) // want `subprocessoutput.Replay receives "traces/last" relative to the working directory`
}

func replayLast() {
	replayFrom(func() (string, error) { return "traces/last", nil })
}
