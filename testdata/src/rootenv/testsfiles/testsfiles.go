// Package testsfiles reads an override in production code and in tests.
package testsfiles

import "os"

func reads() string {
	return os.Getenv("MYAPP_HOME") // want `os\.Getenv reads the root override "MYAPP_HOME"`
}
