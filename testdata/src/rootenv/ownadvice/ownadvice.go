// Package ownadvice reads the override beside a program whose
// configuration names its own authority: the advice names it.
package ownadvice

import "os"

func home() string {
	return os.Getenv("MYAPP_HOME") // want `^os\.Getenv reads the root override "MYAPP_HOME" outside the authority package; get the root from the authority \(this program's authority rootenv/configuredpkg\.StateDir\), which applies the override$`
}

func other() string {
	return os.Getenv("EDITOR") // ok: not an override
}
