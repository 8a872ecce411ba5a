// Command initscopeonce keeps one file of its own, the hosts it has
// trusted, in the data directory a scope library resolves below the XDG
// base with the application's name (vhs's known_hosts through
// go-app-paths' DataPath). One write goes through the library's resolver:
// the directory is the program's, not a single shadow write.
package main

import (
	"os"

	"example.com/scopepaths"
)

func main() {
	p, err := scopepaths.NewScope(scopepaths.User, "scopeonce").DataPath("known_hosts")
	if err != nil {
		return
	}
	f, err := os.OpenFile(p, os.O_WRONLY|os.O_CREATE|os.O_APPEND, 0o600)
	if err != nil {
		return
	}
	_ = f.Close()
}
