// Package sqlitedsn: a SQLite data source name formatted with
// fmt.Sprintf ("file:%s?cache=shared") writes the file its argument
// names, not a file named after the format.
package sqlitedsn

import (
	"database/sql"
	"fmt"
	"os"
	"path/filepath"

	"github.com/staterootlint/staterootlint/stateroots"
)

func open() {
	root, _ := stateroots.GlobalStateRoot("app")
	sql.Open("sqlite", fmt.Sprintf("file:%s?cache=shared&_fk=1", filepath.Join(root, "app.db")))     // ok: rooted
	sql.Open("sqlite3", fmt.Sprintf("%s?_pragma=busy_timeout(5000)", filepath.Join(root, "app.db"))) // ok: rooted
	home, _ := os.UserHomeDir()
	sql.Open("sqlite", fmt.Sprintf("file:%s?mode=rwc", filepath.Join(home, ".app", "app.db"))) // want `^sql\.Open writes a path under the home directory from os\.UserHomeDir`
	sql.Open("sqlite", fmt.Sprintf("file:%s.db", "cache"))                                     // want `^sql\.Open writes "cache\.db" relative to the working directory`
}
