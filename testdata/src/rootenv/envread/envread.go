// Package envread reads the root-override variables MYAPP_GLOBAL_STATE_ROOT
// and MYAPP_HOME, which the test configures with -root-env.
package envread

import (
	"os"
	osx "os"
	"syscall"
)

const overrideVar = "MYAPP_GLOBAL_STATE_ROOT"

func reads() {
	_ = os.Getenv("MYAPP_GLOBAL_STATE_ROOT") // want `^os\.Getenv reads the root override "MYAPP_GLOBAL_STATE_ROOT" outside the authority package; get the root from the authority \(such as stateroots\.GlobalStateRoot\), which applies the override$`
	_, _ = os.LookupEnv("MYAPP_HOME")        // want `os\.LookupEnv reads the root override "MYAPP_HOME"`
	_, _ = syscall.Getenv(overrideVar)       // want `syscall\.Getenv reads the root override "MYAPP_GLOBAL_STATE_ROOT"`
	_ = osx.Getenv("MYAPP_" + "HOME")        // want `os\.Getenv reads the root override "MYAPP_HOME"`
}

func expands() {
	_ = os.ExpandEnv("$MYAPP_HOME/state")                             // want `os\.ExpandEnv expands the root override "MYAPP_HOME"`
	_ = os.ExpandEnv("${MYAPP_GLOBAL_STATE_ROOT}/locks")              // want `os\.ExpandEnv expands the root override "MYAPP_GLOBAL_STATE_ROOT"`
	_ = os.Expand("a/$MYAPP_HOME", func(string) string { return "" }) // want `os\.Expand expands the root override "MYAPP_HOME"`
}

// Getenv is a look-alike by spelling: not os.Getenv.
func Getenv(key string) string { return key }

type env map[string]string

func (e env) Getenv(key string) string { return e[key] }

func lookalikes(name string) {
	_ = os.Getenv("MYAPP_GLOBAL_STATE_ROOTX") // ok: another variable
	_ = os.Getenv("XMYAPP_HOME")              // ok: another variable
	_ = os.Getenv("HOME")                     // ok: not a root override
	_ = os.Getenv(name)                       // ok: not a constant
	_ = Getenv("MYAPP_HOME")                  // ok: not os.Getenv
	_ = env{}.Getenv("MYAPP_HOME")            // ok: a method, not os.Getenv
	_ = os.ExpandEnv("$MYAPP_HOMEX/state")    // ok: $MYAPP_HOMEX is another variable
	_ = os.ExpandEnv("${MYAPP_HOME_DIR}")     // ok: another variable
	_ = os.ExpandEnv("MYAPP_HOME")            // ok: no $, nothing expanded
	_ = os.Setenv("MYAPP_HOME", "/srv/myapp") // ok: a write, not a read
	_ = "MYAPP_GLOBAL_STATE_ROOT"             // ok: the name alone reads nothing
	get := os.Getenv
	_ = get("MYAPP_HOME") // ok: a function value; the analyzer does not follow it
}
