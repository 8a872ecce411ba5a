// Command initshapes keeps its state through resolvers of every shape
// init proposes.
package main

import (
	"os"
	"path/filepath"

	"example.com/initshapes/internal/family"
	"example.com/initshapes/internal/finder"
	"example.com/initshapes/internal/flagged"
	"example.com/initshapes/internal/latest"
	"example.com/initshapes/internal/locate"
	"example.com/initshapes/internal/lookup"
	"example.com/initshapes/internal/memo"
	"example.com/initshapes/internal/paths"
	"example.com/initshapes/internal/plat"
	"example.com/initshapes/internal/rcfile"
	"example.com/initshapes/internal/repo"
	"example.com/initshapes/internal/runmode"
	"example.com/initshapes/internal/snapshots"
	"example.com/initshapes/internal/store"
	"example.com/initshapes/internal/testutil"
	"example.com/initshapes/internal/vars"
)

func main() {
	vars.Save()
	memo.Save(&memo.Dirs{})
	family.Save()
	plat.Save()
	repo.Save()
	lookup.Save(nil)
	locate.Save()
	store.Save()
	cacheWrites()
	latest.Mark()
	testutil.Fixture(nil)
	snapshots.Update(nil, nil)
	runmode.Record()
	flagged.Run(nil)
	rcfile.Save()
	finder.Touch()
	_ = os.WriteFile(filepath.Join(paths.DataDir(), "db"), nil, 0o644)
	_ = os.WriteFile(filepath.Join(paths.DataDir(), "db.lock"), nil, 0o644)
	// The user names the dump file; a spool directory from the
	// environment is not a file (the decoy of user-env).
	_ = os.WriteFile(os.Getenv("SHAPES_DUMP_FILE"), nil, 0o644)
	_ = os.WriteFile(filepath.Join(os.Getenv("SHAPES_SPOOL"), "x"), nil, 0o644)
	// A log path the user names is an output file too; a database path
	// may be state kept outside the roots (the decoy).
	_ = os.WriteFile(os.Getenv("SHAPES_TRACE_LOG_PATH"), nil, 0o644)
	_ = os.WriteFile(os.Getenv("SHAPES_DB_PATH"), nil, 0o644)
}

// cacheWrites writes under $SHAPESCACHE, read where it is used: a root
// override without a resolver function.
func cacheWrites() {
	_ = os.WriteFile(filepath.Join(os.Getenv("SHAPESCACHE"), "a"), nil, 0o644)
	_ = os.WriteFile(filepath.Join(os.Getenv("SHAPESCACHE"), "b"), nil, 0o644)
}
