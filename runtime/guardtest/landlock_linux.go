package guardtest

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"runtime"
	"syscall"
	"unsafe"
)

// Landlock through raw system calls rather than go-landlock: go-landlock
// restricts the calling process, on every thread, through libpsx (cgo and
// a pthread_create wrapper linked into every test binary that imports
// guardtest). Sandbox confines a child instead: one locked OS thread takes
// the Landlock domain, forks the child, and dies with its goroutine, so
// the parent stays unconfined and the child is confined from exec on.

// The Landlock system calls have one number on every architecture but
// MIPS, which offsets the whole table.
var (
	sysLandlockCreateRuleset = sysBase() + 444
	sysLandlockAddRule       = sysBase() + 445
	sysLandlockRestrictSelf  = sysBase() + 446
)

func sysBase() uintptr {
	switch runtime.GOARCH {
	case "mips", "mipsle":
		return 4000
	case "mips64", "mips64le":
		return 5000
	}
	return 0
}

const (
	landlockCreateRulesetVersion = 1 << 0
	landlockRulePathBeneath      = 1

	accessFSExecute    = 1 << 0
	accessFSWriteFile  = 1 << 1
	accessFSReadFile   = 1 << 2
	accessFSReadDir    = 1 << 3
	accessFSRemoveDir  = 1 << 4
	accessFSRemoveFile = 1 << 5
	accessFSMakeChar   = 1 << 6
	accessFSMakeDir    = 1 << 7
	accessFSMakeReg    = 1 << 8
	accessFSMakeSock   = 1 << 9
	accessFSMakeFifo   = 1 << 10
	accessFSMakeBlock  = 1 << 11
	accessFSMakeSym    = 1 << 12
	accessFSRefer      = 1 << 13 // ABI 2
	accessFSTruncate   = 1 << 14 // ABI 3

	// fileAccess are the rights a rule on a file (not a directory) may carry.
	fileAccess = accessFSExecute | accessFSWriteFile | accessFSReadFile | accessFSTruncate

	oPath           = 0x200000 // O_PATH
	prSetNoNewPrivs = 38
)

// landlockABI returns the kernel's Landlock ABI version, 0 if it has none.
func landlockABI() (int, error) {
	v, _, e := syscall.Syscall(sysLandlockCreateRuleset, 0, 0, landlockCreateRulesetVersion)
	if e != 0 {
		return 0, fmt.Errorf("landlock_create_ruleset: %w", e)
	}
	return int(v), nil
}

// handledAccess is every write right the ABI knows: reads and execution are
// left unhandled, so they stay allowed everywhere.
func handledAccess(abi int) uint64 {
	a := uint64(accessFSWriteFile | accessFSRemoveDir | accessFSRemoveFile | accessFSMakeChar |
		accessFSMakeDir | accessFSMakeReg | accessFSMakeSock | accessFSMakeFifo |
		accessFSMakeBlock | accessFSMakeSym)
	if abi >= 2 {
		a |= accessFSRefer
	}
	if abi >= 3 {
		a |= accessFSTruncate
	}
	return a
}

type rulesetAttr struct {
	handledAccessFS uint64
}

// pathBeneathAttr matches the kernel's packed struct: the fields sit at
// offsets 0 and 8 in both, and the kernel reads 12 bytes.
type pathBeneathAttr struct {
	allowedAccess uint64
	parentFd      int32
}

// newRuleset builds a ruleset allowing every handled right under dirs and
// the file rights on files. Missing paths are skipped.
func newRuleset(abi int, dirs, files []string) (int, error) {
	handled := handledAccess(abi)
	attr := rulesetAttr{handledAccessFS: handled}
	fd, _, e := syscall.Syscall(sysLandlockCreateRuleset, uintptr(unsafe.Pointer(&attr)), unsafe.Sizeof(attr), 0)
	if e != 0 {
		return -1, fmt.Errorf("landlock_create_ruleset: %w", e)
	}
	add := func(path string, access uint64) error {
		pfd, err := syscall.Open(path, oPath|syscall.O_CLOEXEC, 0)
		if errors.Is(err, syscall.ENOENT) || errors.Is(err, syscall.ENXIO) || errors.Is(err, syscall.EACCES) {
			return nil
		}
		if err != nil {
			return fmt.Errorf("open %s: %w", path, err)
		}
		defer syscall.Close(pfd)
		rule := pathBeneathAttr{allowedAccess: access, parentFd: int32(pfd)}
		if _, _, e := syscall.Syscall6(sysLandlockAddRule, fd, landlockRulePathBeneath, uintptr(unsafe.Pointer(&rule)), 0, 0, 0); e != 0 {
			return fmt.Errorf("landlock_add_rule %s: %w", path, e)
		}
		return nil
	}
	for _, d := range dirs {
		if err := add(d, handled); err != nil {
			syscall.Close(int(fd))
			return -1, err
		}
	}
	for _, f := range files {
		if fi, err := os.Stat(f); err != nil || fi.IsDir() {
			continue
		}
		if err := add(f, handled&fileAccess); err != nil {
			syscall.Close(int(fd))
			return -1, err
		}
	}
	return int(fd), nil
}

// startConfined starts cmd in a Landlock domain allowing writes only under
// dirs and to files. The domain is taken by one locked thread that forks
// the child and then exits with its goroutine (a goroutine that ends while
// locked takes its thread down), so no other goroutine ever runs confined.
func startConfined(cmd *exec.Cmd, abi int, dirs, files []string) error {
	fd, err := newRuleset(abi, dirs, files)
	if err != nil {
		return err
	}
	defer syscall.Close(fd)
	errc := make(chan error, 1)
	go func() {
		runtime.LockOSThread() // never unlocked: the thread must not be reused
		if _, _, e := syscall.RawSyscall6(syscall.SYS_PRCTL, prSetNoNewPrivs, 1, 0, 0, 0, 0); e != 0 {
			errc <- fmt.Errorf("prctl(PR_SET_NO_NEW_PRIVS): %w", e)
			return
		}
		if _, _, e := syscall.RawSyscall(sysLandlockRestrictSelf, uintptr(fd), 0, 0); e != 0 {
			errc <- fmt.Errorf("landlock_restrict_self: %w", e)
			return
		}
		errc <- cmd.Start()
	}()
	return <-errc
}
