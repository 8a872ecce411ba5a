// Package suppressed silences rootenv findings with directives.
package suppressed

import "os"

func reads() {
	_ = os.Getenv("MYAPP_HOME") //nolint:rootenv
	_ = os.Getenv("MYAPP_HOME") //nolint:staterootlint // the migration shim
	_ = os.Getenv("MYAPP_HOME") //nolint:shadowwrite // want `os\.Getenv reads the root override "MYAPP_HOME"`

	//staterootlint:ignore migration shim, removed in v2
	_ = os.Getenv("MYAPP_HOME")

	// want +1 `//staterootlint:ignore needs a reason`
	//staterootlint:ignore
	_ = os.Getenv("MYAPP_HOME") // want `os\.Getenv reads the root override "MYAPP_HOME"`
}
