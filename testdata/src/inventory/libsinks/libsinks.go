package libsinks // want package:`artifacts\(repo:app.db, repo:logs/app-\*.log, repo:logs/app.log\)`

// libsinks keeps its state in a SQLite database and a rotating log: both
// are writes the inventory lists, with their root kinds (the log with the
// backups rotated beside it); a database in memory and a server's are
// not.

import (
	"database/sql"
	"log"
	"path/filepath"

	"gopkg.in/natefinch/lumberjack.v2"

	"github.com/staterootlint/staterootlint/stateroots"
)

func open(project string) {
	root, _ := stateroots.RepoStateRoot(project, "myapp")
	sql.Open("sqlite", "file:"+filepath.Join(root, "app.db")+"?cache=shared")
	sql.Open("sqlite", ":memory:")
	sql.Open("postgres", "dbname=app")
	log.SetOutput(&lumberjack.Logger{Filename: filepath.Join(root, "logs", "app.log")})
}
