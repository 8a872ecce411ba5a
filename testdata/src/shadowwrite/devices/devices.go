// Package devices: a device (a terminal, the null device) keeps no state,
// and a value kept in a sync/atomic.Value is what was stored there.
package devices

import (
	"os"
	"sync/atomic"
)

var prefixes = [...]string{"/dev/pts/", "/dev/"}

var cached atomic.Value

func ttyName(n string) string {
	if v := cached.Load(); v != nil {
		return v.(string)
	}
	name := prefixes[0] + n
	cached.Store(name)
	return name
}

func openTty(n string) (*os.File, error) {
	if f, err := os.OpenFile(ttyName(n), os.O_RDWR, 0); err == nil { // ok: a terminal device
		return f, nil
	}
	return os.OpenFile("/dev/tty", os.O_WRONLY, 0) // ok: a device
}

var lastLog atomic.Value

func logTo(data []byte) {
	lastLog.Store("app.log")                           // want `variable devices.lastLog is assigned "app.log" relative to the working directory`
	os.WriteFile(lastLog.Load().(string), data, 0o644) // the finding lands at the store
}

// Run opens the terminal and logs data.
func Run(data []byte) {
	if f, err := openTty("0"); err == nil {
		f.Close()
	}
	logTo(data)
}
