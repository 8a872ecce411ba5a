// want package:`stores=\[facts\.Store\.dir=\{repo\[may-name-file\], param0\}\]; cell requires=\[facts\.Store\.dir→os\.WriteFile\[aliased\]\]`

// Package facts pins the engine's summaries: every function's FuncFact
// and the package's PackageFact, as their String methods print them.
package facts

import (
	"os"
	"path/filepath"
)

// stateDir is an authority by directive: its results are repo roots.
//
//staterootlint:authority repo
func stateDir(project string) string { // want stateDir:`authority=repo; results=\[\{param0/\.myapp\}\]`
	return filepath.Join(project, ".myapp")
}

// logPath is rooted when its caller's directory is: a result in terms of
// its parameter.
func logPath(dir, name string) string { // want logPath:`results=\[\{param0/logs/\*\.log\}\]`
	return filepath.Join(dir, "logs", name+".log")
}

// tmpName concatenates onto its parameter without a separator.
func tmpName(p string) string { return p + ".tmp" } // want tmpName:`results=\[\{param0\+\.tmp\}\]`

// save writes its parameter: a requirement on parameter 0.
func save(path string, data []byte) error { // want save:`requires=\[0→os\.WriteFile\]; writes=\[os\.WriteFile\(\{param0\}\)\]`
	return os.WriteFile(path, data, 0o600)
}

// saveVia reaches the write through save.
func saveVia(dir string, data []byte) error { // want saveVia:`requires=\[0→facts\.save→os\.WriteFile\]; writes=\[os\.WriteFile\(\{param0/state\.json\}\)\]`
	return save(filepath.Join(dir, "state.json"), data)
}

// Store keeps its directory in a field that is written.
type Store struct{ dir string }

// NewStore stores its parameter into the field of the object it returns:
// a constructor, whose callers' arguments are checked where the object
// is written (Flush's field requirement), not at every call.
func NewStore(dir string) *Store { return &Store{dir: dir} } // want NewStore:`^fields=\[0\.facts\.Store\.dir=\{param0\}\]$`

// Flush writes under the field of the object it is called on.
func (s *Store) Flush(data []byte) error { // want Flush:`writes=\[os\.WriteFile\(\{cell facts\.Store\.dir/db\[of="\(\*rootflow/facts\.Store\)\.Flush" obj=1\]\}\)\]; field requires=\[0\.facts\.Store\.dir→os\.WriteFile\]`
	return os.WriteFile(filepath.Join(s.dir, "db"), data, 0o600)
}

// home returns a path outside every root.
func home() string { // want home:`results=\[\{outside\(home\)\}\]`
	h, _ := os.UserHomeDir()
	return filepath.Join(h, ".myapp")
}

// use makes the calls, so the engine sees the callers' side too.
func use(project string, data []byte) { // want use:`writes=\[os\.WriteFile\(\{repo:logs/\*\.log, repo:logs/\*\.log\.tmp, repo:state\.json\}\), os\.WriteFile\(\{cell facts\.Store\.dir/db\}\)\]`
	root := stateDir(project)
	save(logPath(root, "run"), data)
	save(tmpName(logPath(root, "run")), data)
	saveVia(root, data)
	NewStore(root).Flush(data)
	_ = home()
}

// writeWith calls its writer with a path: the call is in its summary,
// for the callers that bind the writer (sinkvalue.go), and unproven in
// its writes until they do.
func writeWith(dir string, write func(string, []byte, os.FileMode) error) error { // want writeWith:`writes=\[unproven: a call through a func value with a path the analysis cannot follow\]; calls=\[param1\(\{param0/x\.json\}, _, _\)\]`
	return write(filepath.Join(dir, "x.json"), nil, 0o600)
}

// writeVia hands its writer on: it inherits the call.
func writeVia(base string, write func(string, []byte, os.FileMode) error) error { // want writeVia:`writes=\[unproven: a call through a func value with a path the analysis cannot follow\]; calls=\[param1\(\{param0/sub/x\.json\}, _, _\)\]`
	return writeWith(filepath.Join(base, "sub"), write)
}

// A logger behind an interface is a call the analysis cannot follow with
// a string; a function below ten of them lists eight, then says the list
// was cut (maxUnproven), rather than carrying every one to its callers.
type logger interface{ Log(msg string) }

func logTen(l logger) { // want logTen:`writes=\[(unproven: a call of interface method \(facts\.logger\)\.Log with a path the analysis cannot follow, ){8}unproven: more than 8 calls or writes the analysis cannot follow, past which it stops listing them\]`
	l.Log("1")
	l.Log("2")
	l.Log("3")
	l.Log("4")
	l.Log("5")
	l.Log("6")
	l.Log("7")
	l.Log("8")
	l.Log("9")
	l.Log("10")
}
