// Package envhelper reads the root override through helpers whose
// parameter names the variable: each call is a read, like os.Getenv.
package envhelper

import (
	"os"

	"rootenv/envhelper/envutil"
)

func envOr(name, def string) string {
	if v, ok := os.LookupEnv(name); ok {
		return v
	}
	return def
}

func root() string {
	return envOr("MYAPP_GLOBAL_STATE_ROOT", "/tmp/x") // want `envhelper.envOr reads, through a helper, the root override "MYAPP_GLOBAL_STATE_ROOT" outside the authority package`
}

func viaPackage() (string, string) {
	a := envutil.Or("MYAPP_HOME", "")         // want `envutil.Or reads, through a helper, the root override "MYAPP_HOME"`
	b := envutil.Lookup("", "MYAPP_HOME")     // want `envutil.Lookup reads, through a helper, the root override "MYAPP_HOME"`
	c := envutil.Lookup("MYAPP_HOME", "PATH") // ok: the default, not the name
	_ = c
	return a, b
}

func other() string {
	return envOr("EDITOR", "vi") // ok: not a root override
}
