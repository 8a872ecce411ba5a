package driver

import (
	"context"
	"crypto/sha256"
	"fmt"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/staterootlint/staterootlint/internal/driver/cache"
)

// A listing memo spares a warm rerun the go command. Listing the package
// graph (go list -deps) is most of what a rerun on an unchanged tree
// costs, and it is the same listing as last time unless something it
// depends on changed: the go command and its environment, the request,
// the set of directories and files the patterns cover, or what a file
// says about the build (its package clause, build constraints and
// imports). The memo keeps the last listing with what it was computed
// from, and a rerun that finds all of it unchanged uses it instead of
// running go list. Editing a file's body leaves the listing valid: only
// the file's header is compared then.
//
// Only relative patterns (".", "./...", "./cmd/x") are memoized; for
// others (import paths, "std", "all", files) go list always runs.

// listingMemo is the memo of one request's listing.
type listingMemo struct {
	Listed []*listedPackage
	// Dirs are the directories whose entries the listing depends on,
	// with their modification times: the patterns' directories and
	// every listed package's, outside GOROOT.
	Dirs []stampedDir
	// Files are the files of the listed packages outside GOROOT and
	// the module cache, with their contents' and headers' hashes.
	Files []headedFile
}

// stampedDir is a directory and its modification time.
type stampedDir struct {
	Path    string
	ModNano int64
}

// headedFile is a file, the hash of its contents, and the hash of its
// header (package clause, build constraints, imports).
type headedFile struct {
	Path         string
	Sum, Headers [32]byte
}

// memoVersion changes when the memo's meaning does.
const memoVersion = "listing 1"

// listingKey is the cache key of the listing opts asks for, and false
// when it is not memoized. It covers the request, the go command found in
// PATH and every GO* and CGO_* variable of the environment, and go.work
// and the go env file, which the go command reads on its own.
func listingKey(opts *Options, memo *cache.Memo) ([32]byte, bool) {
	for _, p := range opts.Patterns {
		if !relativePattern(p) {
			return [32]byte{}, false
		}
	}
	gocmd, err := exec.LookPath("go")
	if err != nil {
		return [32]byte{}, false
	}
	sum, err := memo.Sum(gocmd, nil)
	if err != nil {
		return [32]byte{}, false
	}
	dir, err := filepath.Abs(opts.Dir)
	if err != nil {
		return [32]byte{}, false
	}
	h := sha256.New()
	fmt.Fprintf(h, "%s\x00dir %s\x00tests %t\x00go %s %x\x00", memoVersion, dir, opts.Config.TestsEnabled(), gocmd, sum)
	for _, s := range slices.Concat(opts.Patterns, []string{"--"}, opts.BuildFlags) {
		fmt.Fprintf(h, "arg %s\x00", s)
	}
	env := os.Environ()
	slices.Sort(env)
	for _, kv := range env {
		if strings.HasPrefix(kv, "GO") || strings.HasPrefix(kv, "CGO_") {
			fmt.Fprintf(h, "env %s\x00", kv)
		}
	}
	// The files the go command reads beside the environment: the go
	// env file, and a go.work in Dir or above it (present or absent).
	extra := []string{goEnvFile()}
	for d := dir; ; d = filepath.Dir(d) {
		extra = append(extra, filepath.Join(d, "go.work"))
		if filepath.Dir(d) == d {
			break
		}
	}
	for _, name := range extra {
		if name == "" {
			continue
		}
		if sum, err := memo.Sum(name, nil); err == nil {
			fmt.Fprintf(h, "file %s %x\x00", name, sum)
		} else if !os.IsNotExist(err) {
			return [32]byte{}, false
		}
	}
	var key [32]byte
	h.Sum(key[:0])
	return key, true
}

// goEnvFile is the go command's env file when GOENV does not name it
// ("" when unknown).
func goEnvFile() string {
	if v, ok := os.LookupEnv("GOENV"); ok {
		if v == "off" {
			return ""
		}
		return v
	}
	dir, err := os.UserConfigDir()
	if err != nil {
		return ""
	}
	return filepath.Join(dir, "go", "env")
}

// relativePattern reports whether p names directories relative to the
// working directory: ".", "./x", "../x", with or without "/...".
func relativePattern(p string) bool {
	return p == "." || p == ".." || p == "./..." || strings.HasPrefix(p, "./") || strings.HasPrefix(p, "../")
}

// patternDirs lists the directories the patterns cover below dir, as
// the go command walks them for "/...": all but testdata, vendor and
// names starting with "." or "_". A directory that cannot be read ends
// the walk with an error.
func patternDirs(dir string, patterns []string) ([]string, error) {
	var out []string
	for _, p := range patterns {
		root, walk := strings.CutSuffix(p, "/...")
		if p == "./..." {
			root, walk = ".", true
		}
		root = filepath.Join(dir, root)
		if !walk {
			out = append(out, root)
			continue
		}
		err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if !d.IsDir() {
				return nil
			}
			if path != root {
				name := d.Name()
				if name == "testdata" || name == "vendor" || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_") {
					return filepath.SkipDir
				}
			}
			out = append(out, path)
			return nil
		})
		if err != nil {
			return nil, err
		}
	}
	return out, nil
}

// stampDirs returns the directories with their modification times, and
// false when one cannot be read or changed within the memo's racy window
// of now (a later change in the same clock tick would go unseen).
func stampDirs(dirs []string, now time.Time) ([]stampedDir, bool) {
	out := make([]stampedDir, 0, len(dirs))
	for _, d := range dirs {
		fi, err := os.Stat(d)
		if err != nil || now.Sub(fi.ModTime()) < cache.RacyWindow {
			return nil, false
		}
		out = append(out, stampedDir{d, fi.ModTime().UnixNano()})
	}
	return out, true
}

// headerSum hashes what the go command reads of a Go file to list it:
// its leading comments (build constraints), package clause and imports.
func headerSum(name string) ([32]byte, error) {
	f, err := parser.ParseFile(token.NewFileSet(), name, nil, parser.ImportsOnly|parser.ParseComments)
	if err != nil {
		return [32]byte{}, err
	}
	h := sha256.New()
	for _, g := range f.Comments {
		if g.Pos() > f.Package {
			break
		}
		fmt.Fprintf(h, "comment %s\x00", g.Text())
		for _, c := range g.List {
			if strings.HasPrefix(c.Text, "//go:build") || strings.HasPrefix(c.Text, "// +build") {
				fmt.Fprintf(h, "constraint %s\x00", c.Text)
			}
		}
	}
	fmt.Fprintf(h, "package %s\x00", f.Name.Name)
	for _, im := range f.Imports {
		fmt.Fprintf(h, "import %s\x00", im.Path.Value)
	}
	var sum [32]byte
	h.Sum(sum[:0])
	return sum, nil
}

// newListingMemo records listed, listed from dirs stamped before go list
// ran; false when the listing cannot be memoized.
func newListingMemo(listed []*listedPackage, dirs []stampedDir, memo *cache.Memo) (*listingMemo, bool) {
	m := &listingMemo{Listed: listed, Dirs: dirs}
	seen := map[string]bool{}
	for _, d := range dirs {
		seen[d.Path] = true
	}
	modcache := moduleCacheDir()
	var pkgDirs []string
	for _, p := range listed {
		if p.inGOROOT() || p.Dir == "" || (modcache != "" && strings.HasPrefix(p.Dir, modcache)) {
			continue // the go command's identity and the module cache's immutability stand for them
		}
		if !seen[p.Dir] {
			seen[p.Dir] = true
			pkgDirs = append(pkgDirs, p.Dir)
		}
		files := slices.Concat(p.abs(p.GoFiles, p.CgoFiles, p.IgnoredGoFiles, p.IgnoredOtherFiles), p.otherFiles())
		if mod := p.Module; mod != nil && mod.GoMod != "" {
			// The module's requirements decide where its imports
			// come from: go.mod, go.sum and a vendor directory's
			// list, those that exist.
			root := filepath.Dir(mod.GoMod)
			for _, name := range []string{mod.GoMod, filepath.Join(root, "go.sum"), filepath.Join(root, "vendor", "modules.txt")} {
				if _, err := os.Stat(name); err == nil {
					files = append(files, name)
				}
			}
		}
		for _, name := range files {
			if seen[name] {
				continue
			}
			seen[name] = true
			f := headedFile{Path: name}
			var err error
			if f.Sum, err = memo.Sum(name, nil); err != nil {
				return nil, false
			}
			if strings.HasSuffix(name, ".go") {
				if f.Headers, err = headerSum(name); err != nil {
					return nil, false
				}
			}
			m.Files = append(m.Files, f)
		}
	}
	// A package's directory outside the patterns (a replaced module's)
	// is stamped now: its files' hashes above are as late.
	more, ok := stampDirs(pkgDirs, time.Now())
	if !ok {
		return nil, false
	}
	m.Dirs = append(m.Dirs, more...)
	return m, true
}

// moduleCacheDir is GOMODCACHE as the go command would use it, with a
// trailing separator ("" when unknown).
func moduleCacheDir() string {
	dir := os.Getenv("GOMODCACHE")
	if dir == "" {
		gopath := os.Getenv("GOPATH")
		if gopath == "" {
			home, err := os.UserHomeDir()
			if err != nil {
				return ""
			}
			gopath = filepath.Join(home, "go")
		}
		dir = filepath.Join(filepath.SplitList(gopath)[0], "pkg", "mod")
	}
	return filepath.Clean(dir) + string(filepath.Separator)
}

// check reports whether the memo's listing still holds: every directory
// unchanged, and every file unchanged or changed below its header. fresh
// is true when the files are as recorded (false: a file's body changed,
// and the memo should be stored again with the new hashes).
func (m *listingMemo) check(memo *cache.Memo) (valid, fresh bool) {
	for _, d := range m.Dirs {
		fi, err := os.Stat(d.Path)
		if err != nil || fi.ModTime().UnixNano() != d.ModNano {
			return false, false
		}
	}
	fresh = true
	for i := range m.Files {
		f := &m.Files[i]
		sum, err := memo.Sum(f.Path, nil)
		if err != nil {
			return false, false
		}
		if sum == f.Sum {
			continue
		}
		if !strings.HasSuffix(f.Path, ".go") {
			return false, false
		}
		headers, err := headerSum(f.Path)
		if err != nil || headers != f.Headers {
			return false, false
		}
		f.Sum, fresh = sum, false
	}
	return true, fresh
}

// listing returns the package graph opts asks for, without export data:
// from the memo in c when it still holds (memoized true), else from go
// list, memoized for the next run.
func listing(ctx context.Context, opts *Options, c *cache.Cache) (listed []*listedPackage, memoized bool, err error) {
	key, ok := listingKey(opts, c.Memo)
	if ok {
		m := new(listingMemo)
		if c.Get(key, m) {
			if valid, fresh := m.check(c.Memo); valid {
				if !fresh {
					c.Put(key, m)
				}
				return m.Listed, true, nil
			}
		}
	}
	var dirs []stampedDir
	if ok {
		// Stamped before the go command reads them: a change while it
		// runs makes the memo stale, never wrong.
		names, err := patternDirs(opts.Dir, opts.Patterns)
		if err == nil {
			dirs, ok = stampDirs(names, time.Now())
		} else {
			ok = false
		}
	}
	listed, err = goList(ctx, opts, false)
	if err != nil {
		return nil, false, err
	}
	if ok {
		if m, ok := newListingMemo(listed, dirs, c.Memo); ok {
			c.Put(key, m)
		}
	}
	return listed, false, nil
}
