//go:build !linux

package guardtest

import (
	"os/exec"
)

func landlockABI() (int, error) { return 0, errNoLandlock }

func startConfined(*exec.Cmd, int, []string, []string) error { return errNoLandlock }
