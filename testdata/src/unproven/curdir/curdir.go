// Package curdir: "./" names no file, so "./" + x is where x is. Of a
// name the analysis cannot follow (a line of a command's output) it is
// unproven, not a name the program chose relative to the working
// directory; a name written in the code stays one.
package curdir

import (
	"os"
	"os/exec"
	"strings"
)

func rewrite(data []byte) {
	out, _ := exec.Command("git", "diff", "--name-only").Output()
	for _, name := range strings.Fields(string(out)) {
		_ = os.WriteFile("./"+name, data, 0o600) // want `os.WriteFile writes .*: not proven rooted`
	}
}
