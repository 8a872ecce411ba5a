package knowledge

// The flag packages' APIs are large and regular: their entries are built
// from the families below rather than spelled out one by one.

// flagFuncs are the standard flag package's and spf13/pflag's functions
// and FlagSet methods that return or bind values the user chose.
func flagFuncs() []Func {
	var out []Func
	for _, pkg := range []string{"flag", "github.com/spf13/pflag"} {
		// func String(name string, value string, usage string) *string,
		// StringP(name, shorthand, value, usage string) *string,
		// Arg(i int) string, Args() []string, StringSlice..., GetString(name string) (string, error)
		// func Bool(name string, value bool, usage string) *bool, BoolP, GetBool: a condition the user chose
		for _, fn := range []string{"String", "StringP", "Arg", "Args", "StringSlice", "StringSliceP", "StringArray", "StringArrayP", "GetString", "Bool", "BoolP", "GetBool"} {
			out = append(out,
				Func{Name: pkg + "." + fn, Roles: UserChosen},
				Func{Name: "(*" + pkg + ".FlagSet)." + fn, Roles: UserChosen})
		}
		// func StringVar(p *string, name string, value string, usage string) and the P, Slice and Array variants
		// func BoolVar(p *bool, name string, value bool, usage string) and BoolVarP: a condition the user chose
		// func Var(value Value, name string, usage string), VarP and pflag's VarPF: a
		// flag.Value the address of a variable implements, which its Set fills
		for _, fn := range []string{"StringVar", "StringVarP", "StringSliceVar", "StringSliceVarP", "StringArrayVar", "StringArrayVarP", "BoolVar", "BoolVarP", "Var", "VarP", "VarPF"} {
			out = append(out,
				Func{Name: pkg + "." + fn, Roles: FlagBinder},
				Func{Name: "(*" + pkg + ".FlagSet)." + fn, Roles: FlagBinder})
		}
		// func Func(name, usage string, fn func(string) error), and TextVar's cousin on FlagSet
		out = append(out,
			Func{Name: pkg + ".Func", Roles: FlagCallback},
			Func{Name: "(*" + pkg + ".FlagSet).Func", Roles: FlagCallback})
	}
	return out
}

// cliFuncs are urfave/cli's accessors of a command's flag values and
// positional arguments (v1, v2 and v3).
func cliFuncs() []Func {
	var out []Func
	for _, pkg := range []string{"github.com/urfave/cli", "github.com/urfave/cli/v2"} {
		// func (c *Context) String(name string) string, StringSlice, Path, GlobalString, GlobalPath
		for _, fn := range []string{"String", "StringSlice", "Path", "GlobalString", "GlobalPath"} {
			out = append(out, Func{Name: "(*" + pkg + ".Context)." + fn, Roles: UserChosen})
		}
		// func (a Args) First() string, Get(n int) string, Tail() []string, Slice() []string
		for _, fn := range []string{"First", "Get", "Tail", "Slice"} {
			out = append(out, Func{Name: "(" + pkg + ".Args)." + fn, Roles: UserChosen})
		}
	}
	// func (cmd *Command) String(name string) string, StringSlice, StringArgs, StringArg
	for _, fn := range []string{"String", "StringSlice", "StringArgs", "StringArg"} {
		out = append(out, Func{Name: "(*github.com/urfave/cli/v3.Command)." + fn, Roles: UserChosen})
	}
	// func (a Args) First() string, Get, Tail, Slice (an interface in v3)
	for _, fn := range []string{"First", "Get", "Tail", "Slice"} {
		out = append(out, Func{Name: "(github.com/urfave/cli/v3.Args)." + fn, Roles: UserChosen})
	}
	return out
}
