package guard

import (
	"os"
	"syscall"
	"unsafe"
)

func renameat(olddir int, oldname string, newdir int, newname string) error {
	return syscall.Renameat(olddir, oldname, newdir, newname)
}

func linkat(olddir int, oldname string, newdir int, newname string) error {
	o, err := syscall.BytePtrFromString(oldname)
	if err != nil {
		return err
	}
	n, err := syscall.BytePtrFromString(newname)
	if err != nil {
		return err
	}
	_, _, e := syscall.Syscall6(syscall.SYS_LINKAT, uintptr(olddir), uintptr(unsafe.Pointer(o)), uintptr(newdir), uintptr(unsafe.Pointer(n)), 0, 0)
	if e != 0 {
		return e
	}
	return nil
}

// dupFile returns a close-on-exec duplicate of f's descriptor.
func dupFile(f *os.File) (uintptr, error) {
	var nfd uintptr
	var errno syscall.Errno
	err := withFd(f, func(fd int) {
		nfd, _, errno = syscall.Syscall(syscall.SYS_FCNTL, uintptr(fd), syscall.F_DUPFD_CLOEXEC, 0)
	})
	if err != nil {
		return 0, err
	}
	if errno != 0 {
		return 0, errno
	}
	return nfd, nil
}

const oDirectory = syscall.O_DIRECTORY
