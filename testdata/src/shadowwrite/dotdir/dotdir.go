// Package dotdir: where a directory the user chose is ".", it is the
// working directory, so the working directory spelled out (os.Getwd) and
// a name relative to it are below the user's directory.
package dotdir

import (
	"flag"
	"os"
	"path/filepath"
)

var (
	destination = flag.String("destination", ".", "where to save the package")
	untarDir    = flag.String("untardir", ".", "where to untar the chart")
)

// Package saves a chart.
type Package struct{ Destination string }

// Run saves the chart name into the destination.
func (p *Package) Run(name string) error {
	var dest string
	if p.Destination == "." {
		wd, err := os.Getwd()
		if err != nil {
			return err
		}
		dest = wd
	} else {
		dest = p.Destination
	}
	return os.WriteFile(filepath.Join(dest, name+".tgz"), nil, 0o644) // ok: the user's --destination, "." spelled out
}

func untar(ud, ref string) error {
	check := ud
	if check == "." {
		_, check = filepath.Split(ref)
	} else {
		check = filepath.Join(check, filepath.Base(ref))
	}
	return os.MkdirAll(check, 0o755) // ok: the chart's directory below the user's --untardir
}

func lockHere() error {
	wd, _ := os.Getwd()
	return os.WriteFile(filepath.Join(wd, "x.lock"), nil, 0o644) // want `os.WriteFile writes "x.lock" under the working directory from os.Getwd .*allow-write cwd:x.lock$`
}

func main() {
	flag.Parse()
	p := &Package{Destination: *destination}
	_ = p.Run("chart")
	_ = untar(*untarDir, "repo/chart")
	_ = lockHere()
}
