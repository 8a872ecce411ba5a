package generated

import "os"

func handwritten() string {
	return os.Getenv("MYAPP_HOME") // want `os\.Getenv reads the root override "MYAPP_HOME"`
}
