// Package guardtest proves, inside go test, that nothing is written outside
// the state roots — including by code that does not go through the guard.
//
//	func TestSave(t *testing.T) {
//		root := t.TempDir()
//		g := guardtest.Enforce(t, root)
//		if err := app.Save(g, root); err != nil { // app writes through g
//			t.Fatal(err)
//		}
//	}
//
// Enforce returns a *guard.Guard confined to the roots and, at cleanup,
// fails the test once per problem found by its layers:
//
//  1. The guard: every write it refused, with op, path, roots and the
//     stack of the call site.
//  2. The snapshot: the watched trees ($HOME and the working directory by
//     default; Config.Watch for others) are recorded before the test and
//     compared after it. Anything created, removed or modified outside the
//     roots bypassed the guard (os.WriteFile called directly, a library, a
//     subprocess, cgo) and fails the test with its path. The walk is
//     breadth first and bounded (Config.MaxEntries, DefaultMaxEntries per
//     tree): a real home directory may hold hundreds of thousands of
//     entries, and the shallow levels, where ~/.app and ~/.config/app
//     appear, are covered first. Better still, IsolateEnv (or
//     Config.IsolateEnv) points HOME, the XDG directories and TMPDIR at
//     fresh directories the walk covers completely.
//  3. The sandbox: Sandbox re-runs the test in a child process that the
//     kernel (Landlock) lets write only to a fresh temp directory and the
//     directories named; everything else is read-only, from the child's
//     first instruction, whatever API the code uses.
//
// # Which layer catches what
//
//	write                                      guard    snapshot            Landlock sandbox
//	g.WriteFile (any guard method) outside     refused  -                   denied
//	os.WriteFile("$HOME/x"), os.Create("./x")  no       yes                 denied (EACCES)
//	below the snapshot's budget                no       dir mtime, at best  denied
//	in an unwatched tree (/etc, /srv)          no       no; Config.Watch    denied
//	a file created and removed in the test     no       yes (dir mtime)     denied
//	user.Current().HomeDir, HOME isolated      no       only if watched     denied
//	by a subprocess or cgo                     no       yes, if watched     denied
//	os.Chmod, os.Chown, os.Chtimes             no       yes (mode, ctime)   no: not a Landlock right
//	through a descriptor opened earlier        no       yes, if watched     no: checked at open
//	temp dir, user cache                       opt-in   ignored             temp allowed, cache denied
//	Go's telemetry (~/.config/go/telemetry)    no       ignored             denied
//	process state (cwd, env, umask)            no       no                  no
//
// The guard reports at the call; the snapshot at cleanup with a path but no
// stack; the sandbox makes the write fail with EACCES, which the test sees
// only if the code returns the error (check errors, and run Enforce inside
// the sandboxed test as well).
//
// The snapshot ignores the places other processes write while tests run:
//
//   - os.TempDir() (the contract allows temp);
//   - os.UserCacheDir(), and $GOCACHE, $GOMODCACHE, $GOCOVERDIR and
//     $GOTMPDIR when set (caches);
//   - the pkg directory of each $GOPATH entry ($HOME/go/pkg by default:
//     the module cache);
//   - Go's telemetry directory, os.UserConfigDir()/go/telemetry
//     (~/.config/go/telemetry, go env GOTELEMETRYDIR), whose counters the
//     go command and gopls update whenever they run, from the test or not.
//
// A directory created only to hold one of them (~/.config/go, made for
// the telemetry) is not reported either, as long as nothing else appears
// in it. Add other places with Config.Ignore. The list is computed when
// Enforce runs, so after IsolateEnv it names the fresh directories.
// user.Current().HomeDir reads the password database and ignores $HOME:
// with IsolateEnv, add that directory to Config.Watch (and its
// .config/go/telemetry to Config.Ignore) or rely on the sandbox.
//
// # The shape of the project
//
// Enforce proves that writes stay under the state roots. A contract also
// says what happens to the user's project around the state directory:
// which top-level entries the program may create (.px/, px.lock, dist/),
// which existing files it may edit (go.mod), that it never modifies or
// deletes any other file, and that read-only commands change nothing.
// Shape.Check records the project tree (every path, with its type, bytes,
// symlink target and permissions) and, at cleanup, fails the test once,
// listing each change outside the shape; ReadOnly asserts that nothing
// changed at all, modification times included. Config.Project and
// Config.Shape run the check from Enforce and leave the project tree to it
// rather than to the snapshot.
//
// # t.Parallel and process-wide state
//
// The filesystem, the working directory and the environment belong to the
// process, not to a test. IsolateEnv and Config.IsolateEnv use t.Setenv,
// which panics in a parallel test (and t.Parallel after it panics). The
// snapshot attributes any change in a watched tree during a test's window
// to that test: a parallel test's (or another process's) bypassing write
// can fail whichever test is watching. Writes into any root declared by
// any Enforce in the process are excused, so parallel tests with their own
// roots do not trip each other. For exact attribution run such tests
// serially, or use Sandbox: each sandboxed test is its own process, so
// t.Parallel before Sandbox is fine.
//
// # Sandbox
//
//	func TestSave(t *testing.T) {
//		if !guardtest.Sandbox(t) {
//			return // ran confined in a child process; its result is this test's
//		}
//		...
//	}
//
// The parent starts the test binary again with -test.run selecting only
// this test (subtests included), waits, and fails with the child's output
// if the child failed; a skip in the child skips the parent. The child gets
// TMPDIR inside the sandbox, so t.TempDir works; roots outside it must be
// passed to Sandbox to be writable. /dev/null, /dev/zero, /dev/full and
// /dev/tty stay writable. Where the kernel has no Landlock (ABI 0, or not
// Linux), Sandbox skips the test with the reason, rather than running it
// unconfined. The Landlock domain is taken by one locked OS thread that
// forks the child and then exits, so the parent is never confined; no cgo
// is involved.
package guardtest
