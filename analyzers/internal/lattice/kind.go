package lattice

// Kind classifies where a path value comes from.
type Kind uint8

// The kinds of origin. Rooted, Temp, Cache, User, DevNull and Empty are
// concrete and allowed (subject to configuration); Param, Cell, Func and
// Env are symbolic and resolved by callers, stores and call sites; Bad is
// outside every root.
const (
	Rooted  Kind = iota // under a state root; Origin.Root names the root kind
	Temp                // under a temporary directory
	Cache               // under a cache directory
	User                // chosen by the user (flags, os.Args)
	DevNull             // os.DevNull
	Empty               // the empty string: writing to it fails, removing it does nothing
	Param               // parameter Origin.Index of function Origin.Key
	Cell                // the value stored in field or package variable Origin.Key
	Func                // a reference to function Origin.Key (a func value)
	Env                 // the environment variable named by parameter Origin.Index of function Origin.Key
	Bad                 // outside every state root; Origin.Why or Origin.Lit says why
)

var kindNames = [...]string{"rooted", "temp", "cache", "user", "devnull", "empty", "param", "cell", "func", "env", "bad"}

// String returns the kind's lowercase name ("rooted", "param", ...).
func (k Kind) String() string { return kindNames[k] }
