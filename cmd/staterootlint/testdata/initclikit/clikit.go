// Package clikit is a command-line library in the urfave/cli style: a
// flag is a struct naming the environment variables that may set it and
// the variable its value is stored into.
package clikit

import "os"

// StringFlag is a string flag: the user's text, else the first of its
// EnvVars that is set, else Value, stored into *Destination.
type StringFlag struct {
	Name        string
	EnvVars     []string
	Value       string
	Destination *string
}

// App is a program with its flags.
type App struct {
	Flags  []*StringFlag
	Action func() error
}

// Run fills each flag's destination from the environment (the command
// line is left out of this sketch) and runs the action.
func (a *App) Run(args []string) error {
	for _, f := range a.Flags {
		v := f.Value
		for _, e := range f.EnvVars {
			if s, ok := os.LookupEnv(e); ok {
				v = s
				break
			}
		}
		if f.Destination != nil {
			*f.Destination = v
		}
	}
	return a.Action()
}
