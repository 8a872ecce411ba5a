// Package methodfacts: the summaries of methods with unexported names are
// not exported, unless the package takes their value.
package methodfacts

import "os"

// Log writes the files it is given.
type Log struct{ dir string }

// Write can be called from other packages: its summary is a fact.
func (l *Log) Write(name string) error { // want Write:`^requires=\[1→\(\*methodfacts\.Log\)\.flush→os\.WriteFile\]; writes=\[os\.WriteFile\(\{param1\}\)\]$`
	return l.flush(name)
}

// flush can be called only in this package: no fact.
func (l *Log) flush(name string) error { return os.WriteFile(name, nil, 0o644) }

// sync's value leaves the package (Syncer): it keeps its fact.
func (l *Log) sync(name string) error { // want sync:`^requires=\[1→os\.WriteFile\]; writes=\[os\.WriteFile\(\{param1\}\)\]$`
	return os.WriteFile(name, nil, 0o644)
}

// Syncer returns l's sync method as a func value.
func Syncer(l *Log) func(string) error { return l.sync }
