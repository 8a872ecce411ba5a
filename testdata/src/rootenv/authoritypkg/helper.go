package authoritypkg

import "os"

// hubOverride is an ordinary function, but in the authority package.
func hubOverride() string {
	return os.Getenv("MYAPP_HOME") // ok: the whole authority package is exempt
}
