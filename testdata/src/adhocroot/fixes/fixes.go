// Package fixes checks the suggested fix: a return of the home directory
// joined with the state dir becomes a call of stateroots.GlobalStateRoot,
// and only where that compiles. The test configures -state-dir=.myapp.
package fixes

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/staterootlint/staterootlint/stateroots"
)

var _ = stateroots.Join

func inlineEnv() (string, error) {
	return filepath.Join(os.Getenv("HOME"), ".myapp"), nil // want `filepath\.Join builds a state path on \$HOME`
}

func homeUsedElsewhere() (string, error) {
	home, err := os.UserHomeDir()
	if err != nil {
		return "", err
	}
	fmt.Println("home:", home)
	return filepath.Join(home, ".myapp"), nil // want `filepath\.Join builds a state path on os\.UserHomeDir`
}

var packageHome, _ = os.UserHomeDir()

func packageVar() (string, error) {
	return filepath.Join(packageHome, ".myapp"), nil // want `filepath\.Join builds a state path on os\.UserHomeDir`
}

func closure() func() (string, error) {
	return func() (string, error) {
		return filepath.Join(os.Getenv("HOME"), ".myapp"), nil // want `filepath\.Join builds a state path on \$HOME`
	}
}

// home is a helper returning $HOME.
func home() string { return os.Getenv("HOME") }

func throughHelper() (string, error) {
	return filepath.Join(home(), ".myapp"), nil // want `filepath\.Join builds a state path on \$HOME through home`
}

// The other joins with the state dir get the general rewrite, where it
// compiles; the cases marked "No fix" are reported without one.

func homeOnlyHere() (string, error) {
	home, err := os.UserHomeDir()
	if err != nil {
		return "", err
	}
	// The lookup of home becomes the authority's: home is used nowhere else.
	return filepath.Join(home, ".myapp"), nil // want `filepath\.Join builds a state path on os\.UserHomeDir`
}

func singleResult() string {
	home, _ := os.UserHomeDir()
	// No fix: two results do not fit.
	dir := filepath.Join(home, ".myapp") // want `filepath\.Join builds a state path on os\.UserHomeDir`
	fmt.Println(home)
	return dir
}

func errorKept() (string, error) {
	// The authority's error is returned first; the join's own error stays.
	return filepath.Join(os.Getenv("HOME"), ".myapp"), errors.New("x") // want `on \$HOME`
}

func otherDir() (string, error) {
	// Not reported: another program's directory, not written here.
	return filepath.Join(os.Getenv("HOME"), ".other"), nil // ok
}

func deeper() (string, error) {
	// The rest of the path is kept below the root.
	return filepath.Join(os.Getenv("HOME"), ".myapp", "db"), nil // want `on \$HOME`
}

func configDir() (string, error) {
	dir, err := os.UserConfigDir()
	fmt.Println(dir)
	// No fix: err, read by the return, would be the authority's.
	return filepath.Join(dir, ".myapp"), err // want `on os\.UserConfigDir`
}

func configDirNil() (string, error) {
	dir, _ := os.UserConfigDir()
	fmt.Println(dir)
	// The state dir on the config directory: dir stays, for Println.
	return filepath.Join(dir, ".myapp"), nil // want `on os\.UserConfigDir`
}

func otherResults() (string, int) {
	// No fix: results do not match.
	return filepath.Join(os.Getenv("HOME"), ".myapp"), 0 // want `on \$HOME`
}

func shadowed(stateroots string) (string, error) {
	// No fix: stateroots is a string here.
	return filepath.Join(os.Getenv("HOME"), ".myapp"), nil // want `on \$HOME`
}
