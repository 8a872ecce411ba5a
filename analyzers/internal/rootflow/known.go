package rootflow

// This file is the engine's knowledge of the standard library and of the
// common flag packages, as tables keyed by the callee's full name
// (types.Func.FullName of the generic origin).

// sinkSpec describes a write sink.
type sinkSpec struct {
	paths       []int // indices, in the SSA argument list (receiver first), of written paths
	flag        int   // index of an os.OpenFile-style flag argument, or -1
	emptyIsTemp bool  // an empty directory argument means os.TempDir
	extra       []int // configured path indices (-sinks): Go parameters, receiver not counted
}

// builtinSinks are the filesystem writes of SPEC §4.1.
var builtinSinks = map[string]sinkSpec{
	"os.WriteFile":        {paths: []int{0}, flag: -1},
	"os.Create":           {paths: []int{0}, flag: -1},
	"os.OpenFile":         {paths: []int{0}, flag: 1},
	"os.Mkdir":            {paths: []int{0}, flag: -1},
	"os.MkdirAll":         {paths: []int{0}, flag: -1},
	"os.MkdirTemp":        {paths: []int{0}, flag: -1, emptyIsTemp: true},
	"os.CreateTemp":       {paths: []int{0}, flag: -1, emptyIsTemp: true},
	"os.Rename":           {paths: []int{0, 1}, flag: -1},
	"os.Remove":           {paths: []int{0}, flag: -1},
	"os.RemoveAll":        {paths: []int{0}, flag: -1},
	"os.Symlink":          {paths: []int{1}, flag: -1},
	"os.Link":             {paths: []int{1}, flag: -1},
	"os.Chmod":            {paths: []int{0}, flag: -1},
	"os.Chown":            {paths: []int{0}, flag: -1},
	"os.Lchown":           {paths: []int{0}, flag: -1},
	"os.Chtimes":          {paths: []int{0}, flag: -1},
	"os.Truncate":         {paths: []int{0}, flag: -1},
	"os.CopyFS":           {paths: []int{0}, flag: -1},
	"io/ioutil.WriteFile": {paths: []int{0}, flag: -1},
	"io/ioutil.TempDir":   {paths: []int{0}, flag: -1, emptyIsTemp: true},
	"io/ioutil.TempFile":  {paths: []int{0}, flag: -1, emptyIsTemp: true},

	// Writes through an *os.Root land under the directory it was opened
	// on: the receiver's value is that directory.
	"(*os.Root).Create":    {paths: []int{0}, flag: -1},
	"(*os.Root).OpenFile":  {paths: []int{0}, flag: 2},
	"(*os.Root).Mkdir":     {paths: []int{0}, flag: -1},
	"(*os.Root).MkdirAll":  {paths: []int{0}, flag: -1},
	"(*os.Root).Remove":    {paths: []int{0}, flag: -1},
	"(*os.Root).RemoveAll": {paths: []int{0}, flag: -1},
	"(*os.Root).WriteFile": {paths: []int{0}, flag: -1},
	"(*os.Root).Rename":    {paths: []int{0}, flag: -1},
	"(*os.Root).Symlink":   {paths: []int{0}, flag: -1},
	"(*os.Root).Link":      {paths: []int{0}, flag: -1},
	"(*os.Root).Chmod":     {paths: []int{0}, flag: -1},
	"(*os.Root).Chown":     {paths: []int{0}, flag: -1},
	"(*os.Root).Lchown":    {paths: []int{0}, flag: -1},
	"(*os.Root).Chtimes":   {paths: []int{0}, flag: -1},
}

// writeFlags are the os.O_* bits that make an open write.
const writeFlags = 0x1 | 0x2 | 0x40 | 0x200 | 0x400 // O_WRONLY|O_RDWR|O_CREATE|O_TRUNC|O_APPEND (same on every Unix Go supports and on Windows' emulation)

// identityTransfers return a path derived from their first argument
// without changing where it points (argument index -> result 0).
var identityTransfers = map[string]bool{
	"path/filepath.Clean":        true,
	"path/filepath.Abs":          true,
	"path/filepath.FromSlash":    true,
	"path/filepath.ToSlash":      true,
	"path/filepath.EvalSymlinks": true,
	"path.Clean":                 true,
	"strings.TrimSuffix":         true,
	"strings.TrimPrefix":         true,
	"strings.TrimRight":          true,
	"strings.TrimSpace":          true,
	"path/filepath.Glob":         true, // the matches share the pattern's origin
	"os.OpenRoot":                true, // an *os.Root stands for its directory
	"(*os.Root).OpenRoot":        true, // a root opened in a root cannot leave it
	"os.Create":                  true, // an *os.File stands for its path
	"os.Open":                    true,
	"os.OpenFile":                true,
	"(*os.File).Name":            true,
	"(*os.Root).Name":            true,
	"os.DirFS":                   true,
}

// splits take a string apart or put parts back together; the first n of
// their results (a part, or a slice of parts) keep the origin of their
// first argument: a user's argument split on "," stays user-chosen, a
// root-override variable's list stays rooted.
var splits = map[string]int{
	"strings.Cut":             2, // func Cut(s, sep string) (before, after string, found bool)
	"strings.CutPrefix":       1, // func CutPrefix(s, prefix string) (after string, found bool)
	"strings.CutSuffix":       1, // func CutSuffix(s, suffix string) (before string, found bool)
	"strings.Split":           1, // func Split(s, sep string) []string
	"strings.SplitN":          1, // func SplitN(s, sep string, n int) []string
	"strings.SplitAfter":      1, // func SplitAfter(s, sep string) []string
	"strings.Fields":          1, // func Fields(s string) []string
	"strings.FieldsFunc":      1, // func FieldsFunc(s string, f func(rune) bool) []string
	"strings.Join":            1, // func Join(elems []string, sep string) string
	"strings.Trim":            1, // func Trim(s, cutset string) string
	"strings.TrimLeft":        1, // func TrimLeft(s, cutset string) string
	"strings.TrimFunc":        1, // func TrimFunc(s string, f func(rune) bool) string
	"strings.ReplaceAll":      1, // func ReplaceAll(s, old, new string) string
	"strings.Replace":         1, // func Replace(s, old, new string, n int) string
	"path/filepath.SplitList": 1, // func SplitList(path string) []string
}

// pathSplits split a path into its directory and its file name.
var pathSplits = map[string]bool{
	"path/filepath.Split": true, // func Split(path string) (dir, file string)
	"path.Split":          true, // func Split(path string) (dir, file string)
}

// joins join their (variadic) arguments.
var joins = map[string]bool{
	"path/filepath.Join": true,
	"path.Join":          true,
}

// safeJoin is the authority library's traversal-safe join: a join of its
// variadic elements onto its first argument (and an error).
const safeJoin = "github.com/staterootlint/staterootlint/stateroots.Join"

// parents return the parent directory of their argument.
var parents = map[string]bool{
	"path/filepath.Dir": true,
	"path.Dir":          true,
}

// outsideSource describes a function whose result is a path outside every
// root: the words that say so, its cause, and whether it is relative to
// the working directory.
type outsideSource struct {
	why   string
	cause Cause
	rel   bool
}

// outsideSources are the functions whose result is a path outside every root.
var outsideSources = map[string]outsideSource{
	"os.UserHomeDir":     {why: "a path under the home directory from os.UserHomeDir", cause: CauseHome},
	"os.UserConfigDir":   {why: "a path under the user config directory from os.UserConfigDir", cause: CauseHome},
	"os.Getwd":           {why: "a path under the working directory from os.Getwd", cause: CauseCwd},
	"os.Executable":      {why: "a path next to the executable from os.Executable", cause: CauseExecutable},
	"path/filepath.Base": {why: "a bare file name from filepath.Base, relative to the working directory", cause: CauseCwd, rel: true},
	"path/filepath.Rel":  {why: "a relative path from filepath.Rel, resolved against the working directory", cause: CauseCwd, rel: true},
	"os.ExpandEnv":       {why: "a path expanded from environment variables by os.ExpandEnv", cause: CauseEnv},
}

// getenvs read an environment variable named by their first argument.
var getenvs = map[string]bool{
	"os.Getenv":      true,
	"os.LookupEnv":   true,
	"syscall.Getenv": true,
}

// tempSources return temporary directories.
var tempSources = map[string]bool{
	"os.TempDir":                true,
	"(*testing.T).TempDir":      true,
	"(*testing.B).TempDir":      true,
	"(*testing.F).TempDir":      true,
	"(*testing.common).TempDir": true,
	"(testing.TB).TempDir":      true,
}

// tempMakers create a temporary file or directory under their first
// argument (os.TempDir when it is empty) and return it (or its path).
var tempMakers = map[string]bool{
	"os.MkdirTemp":       true,
	"os.CreateTemp":      true,
	"io/ioutil.TempDir":  true,
	"io/ioutil.TempFile": true,
}

// cacheSources return cache directories.
var cacheSources = map[string]bool{
	"os.UserCacheDir": true,
}

// userSources return values the user chose on the command line;
// userBinders bind the string variable their first argument points to to a
// command-line flag, so it holds the default or the user's value.
var userSources, userBinders = flagTables()

// flagTables lists the flag and pflag APIs, which are large and regular.
func flagTables() (sources, binders map[string]bool) {
	sources, binders = map[string]bool{}, map[string]bool{}
	// A file of the parsed sources is one of the user's files: the
	// packages they gave (a formatter or --fix rewriting them in place).
	sources["(*go/token.File).Name"] = true
	// urfave/cli: a command's flag values and positional arguments.
	for _, pkg := range []string{"github.com/urfave/cli", "github.com/urfave/cli/v2"} {
		for _, fn := range []string{"String", "StringSlice", "Path", "GlobalString", "GlobalPath"} {
			sources["(*"+pkg+".Context)."+fn] = true
		}
		for _, fn := range []string{"First", "Get", "Tail", "Slice"} {
			sources["("+pkg+".Args)."+fn] = true
		}
	}
	for _, fn := range []string{"String", "StringSlice", "StringArgs", "StringArg"} {
		sources["(*github.com/urfave/cli/v3.Command)."+fn] = true
	}
	for _, fn := range []string{"First", "Get", "Tail", "Slice"} {
		sources["(github.com/urfave/cli/v3.Args)."+fn] = true
	}
	for _, pkg := range []string{"flag", "github.com/spf13/pflag"} {
		for _, fn := range []string{"String", "StringP", "Arg", "Args", "StringSlice", "StringSliceP", "StringArray", "StringArrayP", "GetString"} {
			sources[pkg+"."+fn] = true
			sources["(*"+pkg+".FlagSet)."+fn] = true
		}
		for _, fn := range []string{"StringVar", "StringVarP", "StringSliceVar", "StringSliceVarP", "StringArrayVar", "StringArrayVarP"} {
			binders[pkg+"."+fn] = true
			binders["(*"+pkg+".FlagSet)."+fn] = true
		}
	}
	return sources, binders
}

// noReturns are the functions that do not return.
var noReturns = noReturnTable()

func noReturnTable() map[string]bool {
	m := map[string]bool{"os.Exit": true, "syscall.Exit": true, "runtime.Goexit": true}
	for _, fn := range []string{"Fatal", "Fatalf", "Fatalln", "Panic", "Panicf", "Panicln"} {
		m["log."+fn] = true
		m["(*log.Logger)."+fn] = true
	}
	for _, fn := range []string{"Fatal", "Fatalf", "FailNow", "Skip", "Skipf", "SkipNow"} {
		m["(*testing.common)."+fn] = true
		m["(testing.TB)."+fn] = true
	}
	return m
}

// userGlobals are package variables holding user-chosen values.
var userGlobals = map[string]bool{
	"os.Args": true,
}

// badCells are fields whose values are paths outside every root.
var badCells = map[string]string{
	"os/user.User.HomeDir": "the home directory from user.Current().HomeDir, which even ignores $HOME",
}

// cobraCommand is the type whose Run-style handlers receive user-chosen
// positional arguments.
const cobraCommand = "github.com/spf13/cobra.Command"

// atomicStore and atomicLoad are sync/atomic.Value's Store and Load: a
// value stored through a pointer to a field or variable and loaded back,
// which the engine treats as a store into and a read of that cell.
const (
	atomicStore = "(*sync/atomic.Value).Store" // func (v *Value) Store(val any)
	atomicLoad  = "(*sync/atomic.Value).Load"  // func (v *Value) Load() (val any)
)
