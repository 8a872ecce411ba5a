package errorpath

import (
	"os"
	"strings"
)

// writeTemp returns "" when it cannot create the file: a failure path's
// zero value, even without an error result.
func writeTemp(lines []string) string {
	f, err := os.CreateTemp("", "app-*")
	if err != nil {
		return ""
	}
	defer f.Close()
	f.WriteString(strings.Join(lines, "\n"))
	return f.Name()
}

func runScript(lines []string) {
	temp := writeTemp(lines)
	defer os.Remove(temp)
	os.Remove(temp + ".done") // ok: under the temp file's directory
}

// lastResort returns "" when everything failed, but "" then becomes a
// real relative path at the write.
func lastResort(ok bool) string {
	if ok {
		return os.TempDir()
	}
	return ""
}

func useLastResort(ok bool) {
	os.WriteFile(lastResort(ok)+"out.txt", nil, 0o644) // want `os.WriteFile writes "out.txt" relative to the working directory`
}
