// Package libsinks: the libraries that keep a program's state in files
// (an embedded database, a rotating log) are write sinks of their own.
package libsinks

import (
	"database/sql"
	"log"
	"os"
	"path/filepath"

	"github.com/cockroachdb/pebble"
	"github.com/dgraph-io/badger/v4"
	"go.etcd.io/bbolt"
	"gopkg.in/natefinch/lumberjack.v2"

	"github.com/staterootlint/staterootlint/stateroots"
)

func root() string {
	r, _ := stateroots.GlobalStateRoot("app")
	return r
}

func sqlite() {
	sql.Open("sqlite", "app.db")                                          // want `^sql\.Open writes "app\.db" relative to the working directory, outside every state root`
	sql.Open("sqlite3", "file:/var/lib/app/app.db?cache=shared&mode=rwc") // want `^sql\.Open writes the fixed path "/var/lib/app/app\.db", outside every state root`
	home, _ := os.UserHomeDir()
	sql.Open("sqlite", "file:"+filepath.Join(home, ".app", "app.db")+"?_pragma=foreign_keys(1)") // want `^sql\.Open writes a path under the home directory from os\.UserHomeDir`

	sql.Open("sqlite", filepath.Join(root(), "app.db"))                          // ok: rooted
	sql.Open("sqlite3", "file:"+filepath.Join(root(), "app.db")+"?cache=shared") // ok: rooted, a file: URI with a query string
	sql.Open("sqlite", ":memory:")                                               // ok: in memory
	sql.Open("sqlite3", "file::memory:?cache=shared")                            // ok: in memory
	sql.Open("postgres", "host=/var/run/postgresql dbname=app")                  // ok: a server, not a file
	sql.Open("mysql", "app.db")                                                  // ok: not a SQLite driver
}

func logs() {
	log.SetOutput(&lumberjack.Logger{Filename: "app.log", MaxSize: 10}) // want `^lumberjack\.Logger writes "app\.log" relative to the working directory, outside every state root`
	l := &lumberjack.Logger{}
	home, _ := os.UserHomeDir()
	l.Filename = filepath.Join(home, ".app", "app.log") // want `^lumberjack\.Logger writes a path under the home directory from os\.UserHomeDir`
	l.Write(nil)

	log.SetOutput(&lumberjack.Logger{Filename: filepath.Join(root(), "logs", "app.log")}) // ok: rooted
	log.SetOutput(&lumberjack.Logger{MaxSize: 10})                                        // ok: no file named here
}

func stores() {
	bbolt.Open("runs.db", 0o600, nil)                                                    // want `^bbolt\.Open writes "runs\.db" relative to the working directory`
	bbolt.Open(filepath.Join(root(), "runs.db"), 0o600, nil)                             // ok: rooted
	pebble.Open("pebble-data", nil)                                                      // want `^pebble\.Open writes "pebble-data" relative to the working directory`
	pebble.Open(filepath.Join(root(), "pebble"), nil)                                    // ok: rooted
	badger.Open(badger.DefaultOptions("/var/lib/app/badger"))                            // want `^badger\.DefaultOptions writes the fixed path "/var/lib/app/badger"`
	badger.Open(badger.DefaultOptions(filepath.Join(root(), "badger")))                  // ok: rooted
	badger.Open(badger.DefaultOptions(filepath.Join(root(), "kv")).WithValueDir("vlog")) // want `^\(badger\.Options\)\.WithValueDir writes "vlog" relative to the working directory`
	os.ReadFile("runs.db")                                                               // ok: a read
}
