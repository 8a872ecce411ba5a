// Package nonempty: the edge of `if name == "" { name = default }` that
// kept name carries no empty name, so nothing is joined onto "".
package nonempty

import (
	"os"
	"path/filepath"
)

func main() {
	name := ""
	if len(os.Args) > 1 {
		name = os.Args[1]
	}
	if name == "" {
		name = filepath.Join(os.TempDir(), "work")
	}
	_ = os.WriteFile(filepath.Join(name, "out.txt"), nil, 0o600) // ok: the user's dir or a temp one
	_ = os.WriteFile("out.txt", nil, 0o600)                      // want `"out.txt" relative to the working directory`
}

// writeReport writes a report below dir; no directory ("") writes
// nothing: the name is joined below dir only where dir is not "".
func writeReport(data []byte, name, dir string) error {
	if dir != "" {
		reportDir := filepath.Clean(dir)
		return os.WriteFile(filepath.Join(reportDir, name+".json"), data, 0o600)
	}
	return nil
}

func reports(name string) {
	_ = writeReport(nil, name, "") // ok: no directory, no report
}

// defaultNames are the names a task file may have.
var defaultNames = []string{"tasks.yaml", "tasks.yml"}

// searchPath returns the first of names below path that exists.
func searchPath(path string, names []string) string {
	for _, n := range names {
		if alt := filepath.Join(path, n); exists(alt) {
			return alt
		}
	}
	return path
}

func exists(p string) bool { _, err := os.Stat(p); return err == nil }

// search finds the task file below the directory given, only where one
// is given, or below the temporary directory.
func search(dir string) string {
	if dir != "" {
		return searchPath(dir, defaultNames)
	}
	return searchPath(os.TempDir(), defaultNames)
}

func lock(dir string) {
	_ = os.WriteFile(search(dir)+".lock", nil, 0o600) // ok: below dir or the temporary directory
}

func locks() {
	lock("") // ok: no directory, the temporary one
}
