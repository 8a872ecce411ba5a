// Package guard confines filesystem writes to an allowlist of directories,
// the state roots, at run time.
//
// Static analysis proves what it can see; the guard enforces the same
// contract on the writes that actually happen. A *Guard has write methods
// with the names and signatures of the os functions they replace, so
// adopting it is a receiver change:
//
//	repo, err := stateroots.RepoStateRoot(project, "myapp")
//	...
//	g, err := guard.New(repo) // or guard.Config{Temp: true}.New(repo, global)
//	...
//	defer g.Close()
//	err = g.WriteFile(filepath.Join(repo, "state.json"), data, 0o644) // was os.WriteFile
//
// Guarded: WriteFile, Create, OpenFile (when the flag may write), Mkdir,
// MkdirAll, MkdirTemp, CreateTemp, Remove, RemoveAll, Rename, Symlink,
// Link, Chmod, Chown, Lchown, Chtimes, Truncate. Reads (Open, ReadFile,
// ReadDir, Stat, Lstat, Readlink, read-only OpenFile) pass through to os.
//
// # Violations
//
// A write that would land outside every root fails before it touches the
// disk with a *ViolationError naming the operation, the path (and where it
// resolves), and the roots; errors.Is(err, fs.ErrPermission) holds, so code
// that already handles permission errors handles it. Each violation is
// recorded with the stack of its call site; Violations returns them, and
// package guardtest fails a test for each.
//
// # No escape
//
// Every write runs through an os.Root handle opened on a root, which walks
// the path one component at a time without following a symlink out of the
// root, so none of these leave it:
//
//   - ".." components, at any depth, including through symlinks;
//   - absolute paths outside the roots, and paths relative to a working
//     directory outside them;
//   - a symlink inside a root pointing out, to a directory or a file,
//     absolute or relative, dangling or not;
//   - Rename or Link with either end outside (a hard link to an outside
//     file would let later writes through the root change it);
//   - a directory swapped for a symlink while the call runs;
//   - a root that did not exist at New and appears later as a symlink
//     (or has a missing parent appear as one): such a root is pinned at
//     New to its nearest existing ancestor, opened and created through it
//     one directory at a time, and must appear as a real directory.
//
// What os.Root refuses but stays inside is allowed: an absolute symlink
// pointing back into the root, a root reached through a symlinked alias
// (or declared as one), a ".." that climbs from one root into another.
// Those are found by resolving the path as the kernel would and retrying
// through the root that holds the result, still through os.Root. os.Root
// has no MkdirTemp, CreateTemp, Truncate or cross-root Rename and Link;
// the guard builds them on top: temp names created with O_EXCL or mkdirat
// through the root, Truncate on a descriptor opened through the root,
// cross-root renameat/linkat on parent directories opened through each root.
//
// Removing or renaming a root itself is a violation (it changes the root's
// parent directory). Creating a declared root that does not exist yet, and
// its missing parents below the ancestor pinned at New, is the one write
// allowed outside: MkdirAll of a path in a missing root creates the root
// first.
//
// # Limits
//
// The guard sees only the writes made through it: code calling os directly,
// cgo and subprocesses bypass it. Package guardtest catches those in tests,
// with a snapshot of watched trees and a Landlock sandbox. os.Root does not
// stop bind mounts or /proc magic links reachable inside a root, and a hard
// link created inside a root before the guard existed still shares its
// inode with whatever it points to. On Unix, os.Root's Chmod, Chown and
// Chtimes may act on a symlink itself if a file is swapped for one mid-call
// (never on a file outside). Go 1.26.5 or later is required: earlier point
// releases had os.Root escapes.
//
// A Guard is safe for concurrent use.
//
// # Overhead
//
// For a small file directly in a root, guarded WriteFile costs what
// os.WriteFile does (one openat replaces one open); each directory level
// below the root adds an openat and a close. See the package benchmarks.
package guard
