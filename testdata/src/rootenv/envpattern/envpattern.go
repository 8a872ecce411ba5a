// Package envpattern reads root overrides the test configures with a
// pattern over names, -root-env=TOOL_*_HOME.
package envpattern

import "os"

func reads() {
	_ = os.Getenv("TOOL_GO_HOME")       // want `^os\.Getenv reads the root override "TOOL_GO_HOME" outside the authority package`
	_ = os.Getenv("TOOL_GO_HOMEDIR")    // ok: another variable
	_ = os.Getenv("XTOOL_GO_HOME")      // ok: another variable
	_ = os.ExpandEnv("$TOOL_GO_HOME/x") // ok: a template is matched by exact names only
}
