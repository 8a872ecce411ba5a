// Package pflag is a stub of github.com/spf13/pflag for the fixtures.
package pflag

// FlagSet is a set of flags.
type FlagSet struct{}

// String defines a string flag.
func String(name, value, usage string) *string { return new(string) }

// StringVarP binds p to a string flag with a shorthand.
func StringVarP(p *string, name, shorthand, value, usage string) {}

// StringVar binds p to a string flag on the set.
func (f *FlagSet) StringVar(p *string, name, value, usage string) {}

// Args returns the positional arguments.
func Args() []string { return nil }
