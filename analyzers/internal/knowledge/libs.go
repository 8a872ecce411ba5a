package knowledge

// libSinks are the common libraries that keep a program's state in files:
// embedded databases and rotating logs (SPEC 4.1, built-in library
// sinks). A program's database or log is its main state, so they are
// sinks as os.WriteFile is, and the inventory lists them.
var libSinks = []Func{
	// func Open(driverName, dataSourceName string) (*DB, error)
	//
	// Only with a SQLite driver's name: its data source name is a file's
	// path, a file: URI or either with a query string
	// ("file:/x/y.db?cache=shared" writes /x/y.db); ":memory:" and
	// "file::memory:" write nothing. Other drivers' DSNs are servers.
	{Name: "database/sql.Open", Roles: Sink, Sink: SinkSpec{Paths: []int{1}, Flag: -1, Drivers: SQLiteDrivers, DriverArg: 0, DSN: true}},
	// func Open(path string, mode os.FileMode, options *Options) (*DB, error)
	{Name: "go.etcd.io/bbolt.Open", Roles: Sink, Sink: writes(0)},
	// func Open(path string, mode os.FileMode, options *Options) (*DB, error)
	{Name: "github.com/boltdb/bolt.Open", Roles: Sink, Sink: writes(0)},
	// func Open(dirname string, opts *Options) (db *DB, err error)
	{Name: "github.com/cockroachdb/pebble.Open", Roles: Sink, Sink: writes(0)},
	// func Open(dirname string, opts *Options) (db *DB, err error)
	{Name: "github.com/cockroachdb/pebble/v2.Open", Roles: Sink, Sink: writes(0)},
	// badger opens the directories its Options name: the directory
	// given to DefaultOptions (or WithDir, WithValueDir) is where
	// badger.Open(opts) writes. Reported where the directory is given;
	// unsound (over-reporting) for options that are never opened or are
	// in memory (WithInMemory(true) with a directory).
	//
	// func DefaultOptions(path string) Options
	{Name: "github.com/dgraph-io/badger/v4.DefaultOptions", Roles: Sink, Sink: writes(0)},
	// func (opt Options) WithDir(val string) Options
	{Name: "(github.com/dgraph-io/badger/v4.Options).WithDir", Roles: Sink, Sink: writes(1)},
	// func (opt Options) WithValueDir(val string) Options
	{Name: "(github.com/dgraph-io/badger/v4.Options).WithValueDir", Roles: Sink, Sink: writes(1)},
	// func DefaultOptions(path string) Options
	{Name: "github.com/dgraph-io/badger/v3.DefaultOptions", Roles: Sink, Sink: writes(0)},
	// func (opt Options) WithDir(val string) Options
	{Name: "(github.com/dgraph-io/badger/v3.Options).WithDir", Roles: Sink, Sink: writes(1)},
	// func (opt Options) WithValueDir(val string) Options
	{Name: "(github.com/dgraph-io/badger/v3.Options).WithValueDir", Roles: Sink, Sink: writes(1)},
}

// libSources are the common libraries that resolve the home directory:
// a path below their result is below the home directory, as below
// os.UserHomeDir's.
var libSources = []Func{
	// func Dir() (string, error): $HOME, else a cached value or the
	// passwd entry a subprocess prints.
	{Name: "github.com/mitchellh/go-homedir.Dir", Roles: Outside, Why: "a path under the home directory from homedir.Dir", Cause: CauseHome, Home: true},
}

// SQLiteDrivers are the names the common SQLite drivers register with
// database/sql: modernc.org/sqlite ("sqlite"), github.com/mattn/go-sqlite3
// ("sqlite3") and github.com/ncruces/go-sqlite3/driver ("sqlite3").
var SQLiteDrivers = []string{"sqlite", "sqlite3"}

// FieldSink is a struct field of a library type whose value the library
// writes: a store into it is a write of the stored path.
type FieldSink struct {
	Op string // the write, as messages name it
	// Siblings says the library also writes files next to the path,
	// named from it (a rotating log's backups "app-<time>.log").
	Siblings bool
}

// FieldSinks are the library fields a store into is a write, by
// "pkgpath.Type.Field".
var FieldSinks = map[string]FieldSink{
	// type Logger struct { Filename string; ... }: the log file, and its
	// rotated backups beside it (name-<timestamp>.ext, compressed .gz).
	"gopkg.in/natefinch/lumberjack.v2.Logger.Filename": {Op: "lumberjack.Logger", Siblings: true},
}
