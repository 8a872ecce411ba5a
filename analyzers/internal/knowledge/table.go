package knowledge

import (
	"go/constant"
	"go/types"
	"os"
)

// writes is the sink spec of a function writing the paths at the given
// argument indices.
func writes(paths ...int) SinkSpec { return SinkSpec{Paths: paths, Flag: -1} }

// sinks write files and directories: every analyzer that follows paths
// checks their path arguments (runtime/guard has a method for each one in
// package os; see guard_test.go).
var sinks = []Func{
	// func WriteFile(name string, data []byte, perm FileMode) error
	{Name: "os.WriteFile", Roles: Sink, Sink: writes(0)},
	// func Create(name string) (*File, error)
	{Name: "os.Create", Roles: Sink | Identity, Sink: writes(0)},
	// func OpenFile(name string, flag int, perm FileMode) (*File, error)
	{Name: "os.OpenFile", Roles: Sink | Identity, Sink: SinkSpec{Paths: []int{0}, Flag: 1}},
	// func Mkdir(name string, perm FileMode) error
	{Name: "os.Mkdir", Roles: Sink, Sink: writes(0)},
	// func MkdirAll(path string, perm FileMode) error
	{Name: "os.MkdirAll", Roles: Sink | MakesParents, Sink: writes(0)},
	// func MkdirTemp(dir, pattern string) (string, error)
	{Name: "os.MkdirTemp", Roles: Sink | TempMaker, Sink: SinkSpec{Paths: []int{0}, Flag: -1, EmptyIsTemp: true}},
	// func CreateTemp(dir, pattern string) (*File, error)
	{Name: "os.CreateTemp", Roles: Sink | TempMaker, Sink: SinkSpec{Paths: []int{0}, Flag: -1, EmptyIsTemp: true}},
	// func Rename(oldpath, newpath string) error
	{Name: "os.Rename", Roles: Sink, Sink: writes(0, 1)},
	// func Remove(name string) error
	{Name: "os.Remove", Roles: Sink, Sink: writes(0)},
	// func RemoveAll(path string) error
	{Name: "os.RemoveAll", Roles: Sink, Sink: writes(0)},
	// func Symlink(oldname, newname string) error
	{Name: "os.Symlink", Roles: Sink, Sink: writes(1)},
	// func Link(oldname, newname string) error
	{Name: "os.Link", Roles: Sink, Sink: writes(1)},
	// func Chmod(name string, mode FileMode) error
	{Name: "os.Chmod", Roles: Sink, Sink: writes(0)},
	// func Chown(name string, uid, gid int) error
	{Name: "os.Chown", Roles: Sink, Sink: writes(0)},
	// func Lchown(name string, uid, gid int) error
	{Name: "os.Lchown", Roles: Sink, Sink: writes(0)},
	// func Chtimes(name string, atime time.Time, mtime time.Time) error
	{Name: "os.Chtimes", Roles: Sink, Sink: writes(0)},
	// func Truncate(name string, size int64) error
	{Name: "os.Truncate", Roles: Sink, Sink: writes(0)},
	// func CopyFS(dir string, fsys fs.FS) error
	{Name: "os.CopyFS", Roles: Sink, Sink: writes(0)},
	// func WriteFile(filename string, data []byte, perm fs.FileMode) error
	{Name: "io/ioutil.WriteFile", Roles: Sink, Sink: writes(0)},
	// func TempDir(dir, pattern string) (name string, err error)
	{Name: "io/ioutil.TempDir", Roles: Sink | TempMaker, Sink: SinkSpec{Paths: []int{0}, Flag: -1, EmptyIsTemp: true}},
	// func TempFile(dir, pattern string) (f *os.File, err error)
	{Name: "io/ioutil.TempFile", Roles: Sink | TempMaker, Sink: SinkSpec{Paths: []int{0}, Flag: -1, EmptyIsTemp: true}},

	// afero's Fs is the file system interface configuration libraries
	// (viper) write through; its implementation is the disk unless a
	// program swaps it (afero.NewOsFs), so a call of its methods writes
	// the path it is passed, whichever implementation runs. The receiver
	// is argument 0. Unsound (over-reporting) for an in-memory Fs.
	// func (Fs) Create(name string) (File, error)
	{Name: "(github.com/spf13/afero.Fs).Create", Roles: Sink, Sink: writes(1)},
	// func (Fs) Mkdir(name string, perm os.FileMode) error
	{Name: "(github.com/spf13/afero.Fs).Mkdir", Roles: Sink, Sink: writes(1)},
	// func (Fs) MkdirAll(path string, perm os.FileMode) error
	{Name: "(github.com/spf13/afero.Fs).MkdirAll", Roles: Sink | MakesParents, Sink: writes(1)},
	// func (Fs) OpenFile(name string, flag int, perm os.FileMode) (File, error)
	{Name: "(github.com/spf13/afero.Fs).OpenFile", Roles: Sink, Sink: SinkSpec{Paths: []int{1}, Flag: 2}},
	// func (Fs) Remove(name string) error
	{Name: "(github.com/spf13/afero.Fs).Remove", Roles: Sink, Sink: writes(1)},
	// func (Fs) RemoveAll(path string) error
	{Name: "(github.com/spf13/afero.Fs).RemoveAll", Roles: Sink, Sink: writes(1)},
	// func (Fs) Rename(oldname, newname string) error
	{Name: "(github.com/spf13/afero.Fs).Rename", Roles: Sink, Sink: writes(1, 2)},
	// func (Fs) Chmod(name string, mode os.FileMode) error
	{Name: "(github.com/spf13/afero.Fs).Chmod", Roles: Sink, Sink: writes(1)},
	// func (Fs) Chtimes(name string, atime time.Time, mtime time.Time) error
	{Name: "(github.com/spf13/afero.Fs).Chtimes", Roles: Sink, Sink: writes(1)},

	// Writes through an *os.Root land under the directory it was opened
	// on: the receiver (argument 0) stands for that directory, and the
	// written name (argument 1) is below it.

	// func (r *Root) Create(name string) (*File, error)
	{Name: "(*os.Root).Create", Roles: Sink, Sink: writes(0)},
	// func (r *Root) OpenFile(name string, flag int, perm FileMode) (*File, error)
	{Name: "(*os.Root).OpenFile", Roles: Sink, Sink: SinkSpec{Paths: []int{0}, Flag: 2}},
	// func (r *Root) Mkdir(name string, perm FileMode) error
	{Name: "(*os.Root).Mkdir", Roles: Sink, Sink: writes(0)},
	// func (r *Root) MkdirAll(name string, perm FileMode) error
	{Name: "(*os.Root).MkdirAll", Roles: Sink | MakesParents, Sink: writes(0)},
	// func (r *Root) Remove(name string) error
	{Name: "(*os.Root).Remove", Roles: Sink, Sink: writes(0)},
	// func (r *Root) RemoveAll(name string) error
	{Name: "(*os.Root).RemoveAll", Roles: Sink, Sink: writes(0)},
	// func (r *Root) WriteFile(name string, data []byte, perm FileMode) error
	{Name: "(*os.Root).WriteFile", Roles: Sink, Sink: writes(0)},
	// func (r *Root) Rename(oldname, newname string) error
	{Name: "(*os.Root).Rename", Roles: Sink, Sink: writes(0)},
	// func (r *Root) Symlink(oldname, newname string) error
	{Name: "(*os.Root).Symlink", Roles: Sink, Sink: writes(0)},
	// func (r *Root) Link(oldname, newname string) error
	{Name: "(*os.Root).Link", Roles: Sink, Sink: writes(0)},
	// func (r *Root) Chmod(name string, mode FileMode) error
	{Name: "(*os.Root).Chmod", Roles: Sink, Sink: writes(0)},
	// func (r *Root) Chown(name string, uid, gid int) error
	{Name: "(*os.Root).Chown", Roles: Sink, Sink: writes(0)},
	// func (r *Root) Lchown(name string, uid, gid int) error
	{Name: "(*os.Root).Lchown", Roles: Sink, Sink: writes(0)},
	// func (r *Root) Chtimes(name string, atime time.Time, mtime time.Time) error
	{Name: "(*os.Root).Chtimes", Roles: Sink, Sink: writes(0)},
}

// paths are the path functions of package os and path/filepath.
var paths = []Func{
	// func Clean(path string) string
	{Name: "path/filepath.Clean", Roles: Identity},
	// func Abs(path string) (string, error)
	{Name: "path/filepath.Abs", Roles: Identity},
	// func FromSlash(path string) string
	{Name: "path/filepath.FromSlash", Roles: Identity},
	// func ToSlash(path string) string
	{Name: "path/filepath.ToSlash", Roles: Identity},
	// func EvalSymlinks(path string) (string, error)
	{Name: "path/filepath.EvalSymlinks", Roles: Identity},
	// func Glob(pattern string) (matches []string, err error): the matches share the pattern's origin
	{Name: "path/filepath.Glob", Roles: Identity},
	// func Clean(path string) string
	{Name: "path.Clean", Roles: Identity},
	// func OpenRoot(name string) (*Root, error): an *os.Root stands for its directory
	{Name: "os.OpenRoot", Roles: Identity},
	// func (r *Root) OpenRoot(name string) (*Root, error): a root opened in a root cannot leave it
	{Name: "(*os.Root).OpenRoot", Roles: Identity},
	// func Open(name string) (*File, error): an *os.File stands for its path
	{Name: "os.Open", Roles: Identity},
	// func (f *File) Name() string
	{Name: "(*os.File).Name", Roles: Identity},
	// func (r *Root) Name() string
	{Name: "(*os.Root).Name", Roles: Identity},
	// func DirFS(dir string) fs.FS
	{Name: "os.DirFS", Roles: Identity},

	// func Join(elem ...string) string
	{Name: "path/filepath.Join", Roles: Join},
	// func Join(elem ...string) string
	{Name: "path.Join", Roles: Join},
	// func Dir(path string) string
	{Name: "path/filepath.Dir", Roles: Parent},
	// func Dir(path string) string
	{Name: "path.Dir", Roles: Parent},
	// func Split(path string) (dir, file string)
	{Name: "path/filepath.Split", Roles: PathSplit},
	// func Split(path string) (dir, file string)
	{Name: "path.Split", Roles: PathSplit},
	// func SplitList(path string) []string
	{Name: "path/filepath.SplitList", Roles: Split, Keep: 1},
	// func Walk(root string, fn WalkFunc) error: fn's path is root or below it
	{Name: "path/filepath.Walk", Roles: WalkCallback},
	// func WalkDir(root string, fn fs.WalkDirFunc) error: the same (fs.WalkDir's
	// paths are names inside an fs.FS, not the process's paths: not modelled)
	{Name: "path/filepath.WalkDir", Roles: WalkCallback},
	// func Base(path string) string
	{Name: "path/filepath.Base", Roles: Outside, Why: "a bare file name from filepath.Base, relative to the working directory", Cause: CauseCwd, Rel: true},
	// Name() string of fs.FileInfo: the file's base name, as filepath.Base
	{Name: "(io/fs.FileInfo).Name", Roles: Outside, Why: "a bare file name from fs.FileInfo.Name, relative to the working directory", Cause: CauseCwd, Rel: true},
	// func Rel(basepath, targpath string) (string, error)
	{Name: "path/filepath.Rel", Roles: Outside, Why: "a relative path from filepath.Rel, resolved against the working directory", Cause: CauseCwd, Rel: true},

	// func IsAbs(path string) bool
	{Name: "path/filepath.IsAbs", Roles: AbsCheck},
	// func IsAbs(path string) bool
	{Name: "path.IsAbs", Roles: AbsCheck},

	// func Join(root string, elem ...string) (string, error): the authority library's traversal-safe join
	{Name: "github.com/staterootlint/staterootlint/stateroots.Join", Roles: SafeJoin},
	// func Sprintf(format string, a ...any) string
	{Name: "fmt.Sprintf", Roles: Format},
}

// strs take strings apart and put them back together: a user's argument
// split on "," stays user-chosen, a root-override variable's list stays
// rooted, and a part cut off the front of a rooted path (Parts) is not
// rooted: the prefix is gone.
var strs = []Func{
	// func TrimSuffix(s, suffix string) string
	{Name: "strings.TrimSuffix", Roles: Identity},
	// func TrimPrefix(s, prefix string) string
	{Name: "strings.TrimPrefix", Roles: Split, Keep: 1, Parts: 1, TrimsPrefix: true, Fold: foldTrimPrefix},
	// func TrimRight(s, cutset string) string
	{Name: "strings.TrimRight", Roles: Identity},
	// func TrimSpace(s string) string
	{Name: "strings.TrimSpace", Roles: Identity},
	// func HasPrefix(s, prefix string) bool
	{Name: "strings.HasPrefix", Roles: PrefixCheck},
	// func HasSuffix(s, suffix string) bool
	{Name: "strings.HasSuffix", Roles: SuffixCheck},
	// func Cut(s, sep string) (before, after string, found bool)
	{Name: "strings.Cut", Roles: Split, Keep: 2, Parts: 1 << 1, Fold: foldCut},
	// func CutPrefix(s, prefix string) (after string, found bool)
	{Name: "strings.CutPrefix", Roles: Split, Keep: 1, Parts: 1, Fold: foldTrimPrefix},
	// func CutSuffix(s, suffix string) (before string, found bool)
	{Name: "strings.CutSuffix", Roles: Split, Keep: 1},
	// func Split(s, sep string) []string
	{Name: "strings.Split", Roles: Split, Keep: 1, SepArg: 1, Fold: foldSplit},
	// func SplitN(s, sep string, n int) []string
	{Name: "strings.SplitN", Roles: Split, Keep: 1, SepArg: 1, Fold: foldSplitN},
	// func SplitAfter(s, sep string) []string
	{Name: "strings.SplitAfter", Roles: Split, Keep: 1, SepArg: 1, Fold: foldSplitAfter},
	// func Fields(s string) []string
	{Name: "strings.Fields", Roles: Split, Keep: 1, Fold: foldFields},
	// func FieldsFunc(s string, f func(rune) bool) []string
	{Name: "strings.FieldsFunc", Roles: Split, Keep: 1},
	// func Join(elems []string, sep string) string
	{Name: "strings.Join", Roles: JoinText},
	// func Trim(s, cutset string) string
	{Name: "strings.Trim", Roles: Split, Keep: 1, Parts: 1, Fold: foldTrim},
	// func TrimLeft(s, cutset string) string
	{Name: "strings.TrimLeft", Roles: Split, Keep: 1, Parts: 1, Fold: foldTrimLeft},
	// func TrimFunc(s string, f func(rune) bool) string
	{Name: "strings.TrimFunc", Roles: Split, Keep: 1, Parts: 1},
	// func ReplaceAll(s, old, new string) string
	{Name: "strings.ReplaceAll", Roles: Split, Keep: 1, Parts: 1, Fold: foldReplaceAll, Replaces: true},
	// func Replace(s, old, new string, n int) string
	{Name: "strings.Replace", Roles: Split, Keep: 1, Parts: 1, Fold: foldReplace, Replaces: true},
}

// sources are where directories come from.
var sources = []Func{
	// func UserHomeDir() (string, error)
	{Name: "os.UserHomeDir", Roles: Outside, Why: "a path under the home directory from os.UserHomeDir", Cause: CauseHome, Home: true},
	// func UserConfigDir() (string, error)
	{Name: "os.UserConfigDir", Roles: Outside, Why: "a path under the user config directory from os.UserConfigDir", Cause: CauseHome},
	// func Getwd() (dir string, err error)
	{Name: WorkDir, Roles: Outside, Why: "a path under the working directory from os.Getwd", Cause: CauseCwd},
	// func Executable() (string, error)
	{Name: "os.Executable", Roles: Outside, Why: "a path next to the executable from os.Executable", Cause: CauseExecutable},
	// func UserCacheDir() (string, error)
	{Name: "os.UserCacheDir", Roles: CacheDir},
	// func TempDir() string
	{Name: "os.TempDir", Roles: TempDir},
	// func (c *T) TempDir() string, and the same on B, F, the shared common and TB
	{Name: "(*testing.T).TempDir", Roles: TempDir},
	{Name: "(*testing.B).TempDir", Roles: TempDir},
	{Name: "(*testing.F).TempDir", Roles: TempDir},
	{Name: "(*testing.common).TempDir", Roles: TempDir},
	{Name: "(testing.TB).TempDir", Roles: TempDir},
	// func (f *File) Name() string: a file of the parsed sources is one
	// of the user's files, the packages they named (a formatter or --fix
	// rewriting them in place)
	{Name: "(*go/token.File).Name", Roles: UserChosen},
}

// envs read the environment.
var envs = []Func{
	// func Getenv(key string) string
	{Name: "os.Getenv", Roles: Getenv},
	// func LookupEnv(key string) (string, bool)
	{Name: "os.LookupEnv", Roles: Getenv},
	// func Getenv(key string) (value string, found bool)
	{Name: "syscall.Getenv", Roles: Getenv},
	// func Getenv(key string) (value string, found bool)
	{Name: "golang.org/x/sys/unix.Getenv", Roles: Getenv},
	// func Environ() []string
	{Name: "os.Environ", Roles: Outside, Why: "the environment, from os.Environ", Cause: CauseEnv},
	// func ExpandEnv(s string) string
	{Name: "os.ExpandEnv", Roles: Outside | Expand, Why: "a path expanded from environment variables by os.ExpandEnv", Cause: CauseEnv, EnvTemplate: true},
	// func Expand(s string, mapping func(string) string) string
	{Name: "os.Expand", Roles: Outside | Expand, Why: "a path expanded by os.Expand", Cause: CauseEnv},
}

// control changes the flow of the program or its working directory.
var control = []Func{
	// func Exit(code int)
	{Name: "os.Exit", Roles: NoReturn},
	// func Exit(code int)
	{Name: "syscall.Exit", Roles: NoReturn},
	// func Goexit()
	{Name: "runtime.Goexit", Roles: NoReturn},
	// func Fatal(v ...any), Fatalf, Fatalln, Panic, Panicf, Panicln and the *Logger methods
	{Name: "log.Fatal", Roles: NoReturn},
	{Name: "log.Fatalf", Roles: NoReturn},
	{Name: "log.Fatalln", Roles: NoReturn},
	{Name: "log.Panic", Roles: NoReturn},
	{Name: "log.Panicf", Roles: NoReturn},
	{Name: "log.Panicln", Roles: NoReturn},
	{Name: "(*log.Logger).Fatal", Roles: NoReturn},
	{Name: "(*log.Logger).Fatalf", Roles: NoReturn},
	{Name: "(*log.Logger).Fatalln", Roles: NoReturn},
	{Name: "(*log.Logger).Panic", Roles: NoReturn},
	{Name: "(*log.Logger).Panicf", Roles: NoReturn},
	{Name: "(*log.Logger).Panicln", Roles: NoReturn},
	// func (c *common) Fatal(args ...any), Fatalf, FailNow, Skip, Skipf, SkipNow, on the shared common and TB
	{Name: "(*testing.common).Fatal", Roles: NoReturn},
	{Name: "(*testing.common).Fatalf", Roles: NoReturn},
	{Name: "(*testing.common).FailNow", Roles: NoReturn},
	{Name: "(*testing.common).Skip", Roles: NoReturn},
	{Name: "(*testing.common).Skipf", Roles: NoReturn},
	{Name: "(*testing.common).SkipNow", Roles: NoReturn},
	{Name: "(testing.TB).Fatal", Roles: NoReturn},
	{Name: "(testing.TB).Fatalf", Roles: NoReturn},
	{Name: "(testing.TB).FailNow", Roles: NoReturn},
	{Name: "(testing.TB).Skip", Roles: NoReturn},
	{Name: "(testing.TB).Skipf", Roles: NoReturn},
	{Name: "(testing.TB).SkipNow", Roles: NoReturn},

	// func Chdir(dir string) error
	{Name: "os.Chdir", Roles: Chdir},
	// func Chdir(path string) (err error)
	{Name: "syscall.Chdir", Roles: Chdir},
	// func (f *File) Chdir() error
	{Name: "(*os.File).Chdir", Roles: Chdir},
}

// atomics keep a value in a cell through a pointer: the engine treats
// them as a store into and a read of that field or variable.
var atomics = []Func{
	// func (v *Value) Store(val any)
	{Name: "(*sync/atomic.Value).Store", Roles: AtomicStore},
	// func (v *Value) Load() (val any)
	{Name: "(*sync/atomic.Value).Load", Roles: AtomicLoad},
}

// Fields are the struct fields whose values are paths outside every root,
// by "pkgpath.Type.Field".
var Fields = map[string]Field{
	// type User struct { ...; HomeDir string }
	"os/user.User.HomeDir": {Name: "user.User.HomeDir", Why: "the home directory from user.Current().HomeDir, which even ignores $HOME", Cause: CauseHome, Home: true, Note: " (which even ignores $HOME)"},
}

// UserVars are package variables holding user-chosen values.
var UserVars = map[string]bool{
	// var Args []string
	"os.Args": true,
}

// HomeEnv are the environment variables naming a home-like directory, and
// whether each is the home directory itself. Every XDG_ variable counts too
// (see IsHomeEnv).
var HomeEnv = map[string]bool{
	"HOME":         true,
	"USERPROFILE":  true,
	"APPDATA":      false,
	"LOCALAPPDATA": false,
}

// IsHomeEnv reports whether the environment variable name names a
// home-like directory, and whether it is the home directory itself.
func IsHomeEnv(name string) (ok, home bool) {
	if home, ok := HomeEnv[name]; ok {
		return true, home
	}
	return len(name) > 4 && name[:4] == "XDG_", false
}

// CobraCommand is the type whose Run-style handlers receive user-chosen
// positional arguments: func(cmd *cobra.Command, args []string).
const CobraCommand = "github.com/spf13/cobra.Command"

// WriteFlags returns the os.O_* bits that make an open write (O_WRONLY,
// O_RDWR, O_CREATE, O_TRUNC, O_APPEND) as the analyzed program's package
// os defines them: their values differ between platforms (O_APPEND is 0x8
// on Darwin, 0x400 on Linux). Without that package (nil), it returns the
// values of the platform the linter was built for.
func WriteFlags(osPkg *types.Package) int64 {
	names := []string{"O_WRONLY", "O_RDWR", "O_CREATE", "O_TRUNC", "O_APPEND"}
	if osPkg != nil && osPkg.Path() == "os" {
		var mask int64
		for _, n := range names {
			c, ok := osPkg.Scope().Lookup(n).(*types.Const)
			if !ok {
				return hostWriteFlags
			}
			v, exact := constant.Int64Val(c.Val())
			if !exact {
				return hostWriteFlags
			}
			mask |= v
		}
		return mask
	}
	return hostWriteFlags
}

const hostWriteFlags = int64(os.O_WRONLY | os.O_RDWR | os.O_CREATE | os.O_TRUNC | os.O_APPEND)
