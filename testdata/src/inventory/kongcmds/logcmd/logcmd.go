package logcmd

// The command's Run method is in another package than the struct that
// declares the command: its rows reach the declaring package as a fact.

import "os"

// Options are the flags of the log command.
type Options struct {
	File   string `help:"append the entry to this file" type:"path"`
	Level  string `help:"the level" default:"info"`
	Rotate bool   `help:"rotate the file after writing"`
}

// Run appends an entry to the file of --file.
func (o Options) Run() error { // want Run:`kong run\(user\)`
	if o.File == "" {
		return nil
	}
	f, err := os.OpenFile(o.File, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		return err
	}
	if o.Rotate { // a flag read inside Run guards the write
		os.Rename(o.File, o.File+".1")
	}
	return f.Close()
}

// Print is no command's: it returns no error.
func (o Options) Print() {}
