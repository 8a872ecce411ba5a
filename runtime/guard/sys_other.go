//go:build !linux

package guard

import (
	"errors"
	"os"
)

// Renaming and linking across roots needs renameat and linkat on directory
// handles; elsewhere both paths must lie in the same root.

func renameat(int, string, int, string) error { return errors.ErrUnsupported }

func linkat(int, string, int, string) error { return errors.ErrUnsupported }

func dupFile(*os.File) (uintptr, error) { return 0, errors.ErrUnsupported }

const oDirectory = 0
