// Package configauthority uses a configured authority, and is not one.
package configauthority

import (
	"os"

	"rootenv/configauthority/paths"
)

func root(l *paths.Layout) string {
	if dir := os.Getenv("MYAPP_GLOBAL_STATE_ROOT"); dir != "" { // want `os.Getenv reads the root override "MYAPP_GLOBAL_STATE_ROOT" outside the authority package`
		return dir
	}
	return l.Global() // ok: the authority
}
