package driver

import (
	"crypto/sha256"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// A configuration error under go vet is printed once per run.
//
// go vet starts one process per package unit, several at a time, and
// each reads the configuration: a bad .staterootlint.yaml would print the
// same error under every package (25 times on a 25-package program). The
// first unit to fail with a given message prints it; every other unit
// that fails with the same message prints one line naming that unit.
// They all still fail, with status 78: go vet caches a unit that
// succeeds, and a run with a bad configuration must fail every time.
//
// The units of one run are recognised by where the go command puts their
// vet.cfg: $WORK/bNNN/vet.cfg, $WORK being the directory (go-build*) the
// go command creates for that run alone, private to the user, and removes
// when it exits. The first unit records its claim there, in a file named
// by a hash of the message and created by a hard link from a complete
// temporary file: exactly one unit wins the link, and the others read a
// whole record. Where that cannot be done (vet.cfg outside a go work
// directory, a file system without hard links), every unit prints the
// error in full, as if it were the first.

// vetErrorPrefix begins the names of the claim files in the go command's
// work directory.
const vetErrorPrefix = "staterootlint-config-error-"

// ClaimVetError records that pkg prints msg in this go vet run. It
// returns claimed true when this unit should print msg: it is the first,
// or the record could not be kept; else the package that printed it.
func ClaimVetError(unitCfg, pkg, msg string) (first string, claimed bool) {
	work, err := vetWorkDir(unitCfg)
	if err != nil {
		return "", true
	}
	sum := sha256.Sum256([]byte(msg))
	claim := filepath.Join(work, fmt.Sprintf("%s%x", vetErrorPrefix, sum[:12]))
	tmp, err := os.CreateTemp(work, vetErrorPrefix+"*.tmp")
	if err != nil {
		return "", true
	}
	defer os.Remove(tmp.Name())
	_, werr := tmp.WriteString(pkg)
	if cerr := tmp.Close(); werr != nil || cerr != nil {
		return "", true
	}
	err = os.Link(tmp.Name(), claim)
	if err == nil || !errors.Is(err, fs.ErrExist) {
		return "", true
	}
	data, err := os.ReadFile(claim)
	if err != nil || len(data) == 0 {
		return "", true
	}
	return string(data), false
}

// vetWorkDir returns the go command's work directory holding the unit
// configuration unitCfg ($WORK/bNNN/vet.cfg), or an error when unitCfg is
// not in one: a claim is only shared by the units of one go command.
func vetWorkDir(unitCfg string) (string, error) {
	abs, err := filepath.Abs(unitCfg)
	if err != nil {
		return "", err
	}
	objdir := filepath.Dir(abs)
	work := filepath.Dir(objdir)
	if !strings.HasPrefix(filepath.Base(objdir), "b") || !strings.HasPrefix(filepath.Base(work), "go-build") {
		return "", fmt.Errorf("%s is not in a go command's work directory ($WORK/bNNN)", unitCfg)
	}
	return work, nil
}
