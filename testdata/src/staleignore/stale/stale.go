// Package stale has //staterootlint:ignore directives that silence
// findings (ok) and directives that silence nothing (reported).
package stale

import (
	"os"
	"path/filepath"
)

func used(data []byte) {
	os.WriteFile("debug.log", data, 0o644) //staterootlint:ignore debugging aid, removed before release

	// want +1 `//staterootlint:ignore shadowwrite,cwdwrite: cwdwrite reports no finding on the line it covers; remove cwdwrite from the list$`
	os.WriteFile("trace.log", data, 0o644) //staterootlint:ignore shadowwrite,cwdwrite relative on purpose

	// One write, one finding: the relative write is shadowwrite's alone.
	// want +1 `^//staterootlint:ignore cwdwrite silences nothing: cwdwrite reports no finding on the line it covers; remove it; a write relative to the working directory is reported by shadowwrite now: list shadowwrite instead$`
	os.WriteFile("moved.log", data, 0o644) //staterootlint:ignore cwdwrite relative on purpose

	home, _ := os.UserHomeDir()
	os.RemoveAll(filepath.Join(home, ".old")) //staterootlint:ignore removes the old layout after migrating it

	//staterootlint:ignore adhocroot migrating the old layout
	older := filepath.Join(home, ".older")
	os.RemoveAll(older) //staterootlint:ignore shadowwrite removed once migrated
}

func partlyStale(data []byte) {
	// The path is absolute: shadowwrite reports it, cwdwrite does not.
	// want +1 `//staterootlint:ignore shadowwrite,cwdwrite: cwdwrite reports no finding on the line it covers; remove cwdwrite from the list`
	//staterootlint:ignore shadowwrite,cwdwrite the pid file location is mandated by the init system
	os.WriteFile("/var/run/x.pid", data, 0o644)
}

func stale(data []byte, root string) {
	// want +1 `^//staterootlint:ignore silences nothing: no finding on the line it covers; remove it$`
	//staterootlint:ignore this write used to be relative
	os.WriteFile(filepath.Join(root, "state.json"), data, 0o644)

	// want +1 `^//staterootlint:ignore adhocroot,rootenv silences nothing: adhocroot and rootenv report no finding on the line it covers; remove it$`
	//staterootlint:ignore adhocroot,rootenv wrong analyzers
	os.WriteFile("wrong.log", data, 0o644)

	// A directive two lines above covers nothing.
	// want +1 `silences nothing`
	//staterootlint:ignore too far above

	os.WriteFile("far.log", data, 0o644)
}

func unknown(data []byte) {
	// A misspelled list silences nothing, and says so.
	// want +1 `^unknown analyzer "shadowrite" in //staterootlint:ignore; valid: adhocroot, blastradius, cwdwrite, rootenv, shadowwrite, unproven$`
	//staterootlint:ignore shadowrite typo
	os.WriteFile("typo.log", data, 0o644)
}

func reasonless(data []byte, root string) {
	// Met by findings: reported for its missing reason by the analyzers,
	// not as stale.
	//staterootlint:ignore
	os.WriteFile("bare.log", data, 0o644)

	// want +1 `silences nothing`
	//staterootlint:ignore
	os.WriteFile(filepath.Join(root, "ok.json"), data, 0o644)
}
