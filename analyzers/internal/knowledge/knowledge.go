// Package knowledge is what the staterootlint analyzers know about the
// standard library and common libraries: one entry per function, field or
// variable, with its roles. The engine (rootflow) and every analyzer read
// this table and no other, so they cannot drift apart.
//
// Functions are keyed by their full name as types.Func.FullName prints it
// for the generic origin: "os.WriteFile", "(*os.Root).Create",
// "(*flag.FlagSet).String". Argument indices count the receiver first, as
// the SSA argument list does, unless a field says otherwise.
//
// To teach the analyzers a new function, add an entry to the table of its
// family (table.go) with its Go signature as a comment above it, then a
// fixture that uses it under testdata/src.
package knowledge

import (
	"fmt"
	"math/bits"
	"sync"
)

// Role is one thing a function does with paths. A function may have one
// result role (what its result is) and any number of effect roles.
type Role uint64

// The result roles: what a call's result is.
const (
	Identity   Role = 1 << iota // result 0 is argument 0's path, still pointing at the same place (filepath.Clean, os.Open's *os.File)
	Split                       // the first Keep results are parts of argument 0, with its origin (strings.Cut)
	PathSplit                   // result 0 is argument 0's directory, result 1 a bare file name (filepath.Split)
	Join                        // result 0 joins the variadic argument's elements (filepath.Join)
	Parent                      // result 0 is argument 0's parent directory (filepath.Dir)
	Outside                     // result 0 is a path outside every state root (Why, Cause say which)
	Getenv                      // result 0 is the environment variable argument 0 names
	TempDir                     // result 0 is a temporary directory (os.TempDir)
	TempMaker                   // result 0 is a fresh temporary entry under argument 0, os.TempDir when it is "" (os.MkdirTemp)
	CacheDir                    // result 0 is the user cache directory
	UserChosen                  // the results are chosen by the user on the command line (flag.String)
	SafeJoin                    // result 0 joins the variadic argument 1 onto argument 0, refusing to climb (stateroots.Join)
	Format                      // result 0 formats its variadic arguments with the constant format argument 0 (fmt.Sprintf)
	AtomicLoad                  // result 0 is what was stored into the cell argument 0 points to
	Contents                    // result 0 is the data read from argument Arg, a file's path or a reader (os.ReadFile, io.ReadAll): the user's when the file is
	PipeRead                    // result 0 is the read end of a pipe another process writes (os.Pipe): its data is that program's, counted as the user's choice
	BufferRead                  // result 0 is what was written into the buffer argument 0 ((*strings.Builder).String)
	JoinText                    // result 0 is the elements of slice argument 0 with separator argument 1 between them (strings.Join): a path join when the separator is "/"

	resultRoles = iota // the roles above are result roles
)

// The effect roles: what a call does besides returning.
const (
	Sink         Role = 1 << (resultRoles + iota) // writes the paths Sink.Paths name
	FlagBinder                                    // binds the variable argument 0 points to (a string, a list, a bool) to a command-line flag
	FlagCallback                                  // calls the function it is given with the user's value for a flag (flag.Func)
	NoReturn                                      // never returns (os.Exit, log.Fatal)
	Chdir                                         // changes the process's working directory
	Expand                                        // expands the variables named in its template argument 0: the environment's (os.ExpandEnv), or, without EnvTemplate, what the mapping func argument 1 returns (os.Expand)
	AbsCheck                                      // reports whether argument 0 is an absolute path (filepath.IsAbs)
	AtomicStore                                   // stores argument 1 into the cell argument 0 points to
	BufferWrite                                   // appends argument Buffer.Data to the buffer argument Buffer.Buf ((*strings.Builder).WriteString, template Execute)
	BufferKeep                                    // uses the buffer argument 0 without adding to it ((*bytes.Buffer).Len)
	BufferReset                                   // empties the buffer argument 0 ((*strings.Builder).Reset)
	MakesParents                                  // a sink that creates every directory above its path too (os.MkdirAll): an ancestor of a rooted path it writes creates nothing the root's own MkdirAll would not
	WalkCallback                                  // calls the function argument 1 with argument 0 and the paths below it, as its first argument (filepath.Walk)
	PrefixCheck                                   // reports whether argument 0 starts with argument 1 (strings.HasPrefix)
	FillsFlags                                    // fills, by reflection, the structs its arguments point to from the command line: the user's choice (kong.Parse)
	FillsDecoded                                  // fills, by reflection, the structs its arguments point to or its results are from decoded data: a value the analysis cannot follow (json.Unmarshal)
	Lists                                         // result 0 lists the entries of the directory argument 0 names (os.ReadDir): none where it is the empty path, which fails to open
	SuffixCheck                                   // reports whether argument 0 ends with argument 1 (strings.HasSuffix)
)

// SinkSpec says which arguments of a sink are written paths.
type SinkSpec struct {
	// Paths are the indices of the written paths in the argument list,
	// receiver first.
	Paths []int
	// Flag is the index of an os.OpenFile-style flag argument (the call
	// writes only when the flag has a write bit), or -1.
	Flag int
	// EmptyIsTemp says an empty directory argument means os.TempDir.
	EmptyIsTemp bool
	// Drivers, when set, are the values the constant argument DriverArg
	// must have for the call to write (database/sql.Open's SQLite
	// drivers); any other value, or one not constant, writes nothing.
	Drivers   []string
	DriverArg int
	// DSN says the written path is a data source name: a file's path or
	// a file: URI, either with a query string after "?".
	DSN bool
}

// BufferSpec says which arguments of a BufferWrite call are the buffer
// and the data appended to it.
type BufferSpec struct {
	Buf, Data int // argument indices, receiver first
	// Format says Data is a constant format whose variadic arguments
	// follow it (fmt.Fprintf).
	Format bool
}

// Cause says what kind of origin outside every state root a value is.
type Cause string

// The causes of an origin outside every root.
const (
	CauseUnproven   Cause = ""           // a value the analysis cannot follow
	CauseLiteral    Cause = "literal"    // a constant path
	CauseCwd        Cause = "cwd"        // the working directory or a path relative to it
	CauseHome       Cause = "home"       // the home or user config directory
	CauseEnv        Cause = "env"        // an environment variable that is not a sanctioned override
	CauseExecutable Cause = "executable" // next to the executable
	CauseClimb      Cause = "climb"      // a path that climbs out of its root
	CauseLimit      Cause = "limit"      // an analysis bound was hit
	// CauseData: a path read from data (a file's contents, the network,
	// a subprocess's output), decoded into the program's values: unproven
	// by design (SPEC 4.1), scored apart from what the analysis could
	// follow and did not.
	CauseData Cause = "data"
)

// WorkDir is the source (an origin's Src) of the working directory the
// program asks for, os.Getwd's result: a fixed name joined below it is
// the same file as that name relative to the working directory.
const WorkDir = "os.Getwd"

// Unproven reports whether an origin outside every root with cause c is
// unproven rather than a proven shadow write: a value the analysis
// cannot follow, one it stopped following at a bound, or data.
func (c Cause) Unproven() bool {
	return c == CauseUnproven || c == CauseLimit || c == CauseData
}

// Func is what the analyzers know about one function.
type Func struct {
	Name  string // full name, such as "os.WriteFile"
	Roles Role
	// Sink: the written paths.
	Sink SinkSpec
	// Arg is the argument an Identity, Split or Contents result derives
	// from (receiver first): 0 unless set, as for most functions.
	Arg int
	// BufferWrite: the buffer and the data appended to it.
	Buffer BufferSpec
	// Split: how many leading results keep argument 0's origin (the
	// others are booleans).
	Keep int
	// Split: the results (bit i for result i) that are a part of argument
	// 0 that need not start where it starts (strings.CutPrefix's, Cut's
	// second, TrimLeft's, ReplaceAll's): such a part is not where the whole is, so it keeps
	// only an origin that holds of any part (the user's choice, a path
	// relative to the working directory); a part of a rooted, temporary
	// or home path is unproven. The others are a prefix of the argument
	// or an element of a list it holds, and keep its origin. Split with a
	// constant path separator (strings.Split(p, "/")) makes parts too.
	Parts uint8
	// Split: the argument holding the separator, 0 for none (it is never
	// the string split). With a constant path separator there, every
	// result is a part of a path (strings.Split(p, "/")), not a path of
	// a list (strings.Split(list, ",")).
	SepArg int
	// Outside: why the result is outside every root, in a message's words,
	// and its cause; Rel when it is relative to the working directory.
	// On a FillsDecoded function, Cause is CauseData where what it fills
	// is data (a file's contents, the network).
	Why   string
	Cause Cause
	Rel   bool
	// EnvTemplate, on an Expand function: the template's variables are
	// the process environment's (os.ExpandEnv, not os.Expand's mapping),
	// so a template that starts with a variable the configuration names
	// (root-env, user-env) is a path below that variable's value.
	// Without it, the mapping is argument 1, and a template that starts
	// with a variable is a path below what the mapping returns where the
	// analysis follows it (a closure, a named function).
	EnvTemplate bool
	// Home, on an Outside function: its result is the home directory
	// itself, so <it>/.<app> is the global root's spelling.
	Home bool
	// Replaces, on a Split function: argument 1's text in argument 0 is
	// replaced by argument 2 (strings.Replace, strings.ReplaceAll): the
	// rules may decide the result (a "~" replaced by the home directory).
	Replaces bool
	// TrimsPrefix, on a Split function: argument 1, a prefix, is cut
	// off the front of argument 0 (strings.TrimPrefix), so a literal the
	// prefix covers is no longer where the result starts.
	TrimsPrefix bool
	// Fold, on a Split function, evaluates it on constant arguments
	// (strings as they are, integers in decimal): the values result
	// number i can take. A part of a constant is that constant, not the
	// whole's origin.
	Fold func(args []string, i int) []string
}

// Has reports whether f has every role in r.
func (f Func) Has(r Role) bool { return f.Roles&r == r }

// Result returns f's result role, or 0.
func (f Func) Result() Role { return f.Roles & (1<<resultRoles - 1) }

// Field is what the analyzers know about a struct field holding a path.
type Field struct {
	Name  string // "pkgpath.Type.Field"
	Why   string // why its value is outside every root
	Cause Cause
	Home  bool   // the home directory itself
	Note  string // what a message adds after its name, such as " (which even ignores $HOME)"
}

var (
	index     map[string]Func
	all       []Func
	indexOnce sync.Once
)

// Lookup returns what is known about the function with full name name.
func Lookup(name string) (Func, bool) {
	load()
	f, ok := index[name]
	return f, ok
}

// load builds the table and its index, once.
func load() {
	indexOnce.Do(func() {
		for _, t := range [][]Func{sinks, libSinks, libSources, paths, strs, sources, envs, flagFuncs(), cliFuncs(), fillers(), control, atomics, reads, buffers, templates(), words} {
			all = append(all, t...)
		}
		index = make(map[string]Func, len(all))
		for _, f := range all {
			if old, dup := index[f.Name]; dup {
				panic(fmt.Sprintf("knowledge: %s listed twice (%b, %b)", f.Name, old.Roles, f.Roles))
			}
			index[f.Name] = f
		}
	})
}

// Is reports whether the function with full name name has role r.
func Is(name string, r Role) bool {
	f, ok := Lookup(name)
	return ok && f.Has(r)
}

// All returns every function entry, in table order. The slice is shared:
// callers must not modify it.
func All() []Func {
	load()
	return all
}

// valid reports what is wrong with an entry, or "" (for the table test).
func (f Func) valid() string {
	switch {
	case f.Name == "":
		return "no name"
	case f.Roles == 0:
		return "no role"
	case bits.OnesCount32(uint32(f.Result())) > 1:
		return "more than one result role"
	case f.Has(Sink) && len(f.Sink.Paths) == 0:
		return "a sink with no path argument"
	case !f.Has(Sink) && (len(f.Sink.Paths) > 0 || f.Sink.Flag != 0 || f.Sink.EmptyIsTemp || f.Sink.DSN || len(f.Sink.Drivers) > 0):
		return "sink details on a function that is not a sink"
	case f.Has(Split) != (f.Keep > 0):
		return "Keep is set exactly on Split functions"
	case f.Parts>>f.Keep != 0:
		return "Parts names a result past Keep"
	case f.SepArg != 0 && !f.Has(Split):
		return "SepArg is set on a function that is not Split"
	case f.Has(Outside) != (f.Why != ""):
		return "Why is set exactly on Outside functions"
	case f.Arg != 0 && f.Result() != Identity && f.Result() != Split && f.Result() != Contents:
		return "Arg is set on a function whose result does not derive from an argument"
	case f.Has(BufferWrite) != (f.Buffer != BufferSpec{}):
		return "Buffer is set exactly on BufferWrite functions"
	case f.Has(BufferWrite) && f.Buffer.Buf == f.Buffer.Data:
		return "a BufferWrite whose buffer is its data"
	}
	return ""
}
