// Package unconfigured is analyzed with the default configuration, in
// which no variable is a root override.
package unconfigured

import "os"

func reads() string {
	return os.Getenv("MYAPP_GLOBAL_STATE_ROOT") // ok: -root-env is empty
}
