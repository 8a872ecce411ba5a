// Command app keeps a cache and a spool through a library whose
// constructors fall back on a directory of their own when no option names
// one: where the program names it, the program's directory is what the
// library writes below, and a directory of the program's own outside its
// roots is reported at the option; where it names none, the library's
// default is what the call writes.
package main

import (
	"flag"
	"os"
	"path/filepath"

	"example.com/filecache"
)

var (
	cacheDir = flag.String("cache-dir", "", "where the cache keeps its files")
	spoolDir = flag.String("spool-dir", "", "where the spool keeps its files")
)

// stateCache keeps the cache below the program's own cache directory.
func stateCache() error {
	base, err := os.UserCacheDir()
	if err != nil {
		return err
	}
	c, err := filecache.New("pages", filecache.WithCacheDir(filepath.Join(base, "app"))) // ok: the option names the program's cache directory
	if err != nil {
		return err
	}
	return c.Put("index", nil)
}

// shadowCache keeps it below a directory of its own in the home directory.
func shadowCache() error {
	home, err := os.UserHomeDir()
	if err != nil {
		return err
	}
	c, err := filecache.New("pages", filecache.WithMode(0o644), filecache.WithCacheDir(filepath.Join(home, ".app", "cache"))) // want `filecache.WithCacheDir receives a path under the home directory`
	if err != nil {
		return err
	}
	return c.Put("index", nil)
}

// flagCache keeps it where --cache-dir says, in the user's cache directory
// when the flag is left empty.
func flagCache() error {
	c, err := filecache.New("pages", filecache.WithCacheDir(*cacheDir)) // ok: the user's --cache-dir, else the library's cache directory
	if err != nil {
		return err
	}
	return c.Put("index", nil)
}

// defaultCache leaves the directory to the library: the user's cache
// directory.
func defaultCache() error {
	c, err := filecache.New("pages", filecache.WithMode(0o644)) // ok: the library's default, the user's cache directory
	if err != nil {
		return err
	}
	return c.Put("index", nil)
}

// stateSpool keeps the spool below the program's cache directory.
func stateSpool() error {
	base, err := os.UserCacheDir()
	if err != nil {
		return err
	}
	return filecache.NewSpool(filecache.WithSpoolDir(filepath.Join(base, "app", "spool"))).Queue("job", nil) // ok: the option names the program's cache directory
}

// defaultSpool leaves the spool's directory to the library's default,
// relative to the working directory.
func defaultSpool() error {
	return filecache.NewSpool().Queue("job", nil) // want `filecache.NewSpool receives "spool" relative to the working directory`
}

// flagSpool keeps the spool where --spool-dir says: left empty, the
// library's default runs.
func flagSpool() error {
	return filecache.NewSpool(filecache.WithSpoolDir(*spoolDir)).Queue("job", nil) // want `filecache.NewSpool receives "spool" relative to the working directory`
}

// builtSpool passes options built elsewhere, which the analysis does not
// list: the call is checked on the default too.
func builtSpool(extra ...filecache.SpoolOption) error {
	base, err := os.UserCacheDir()
	if err != nil {
		return err
	}
	opts := append(extra, filecache.WithSpoolDir(filepath.Join(base, "app", "spool")))
	return filecache.NewSpool(opts...).Queue("job", nil) // want `filecache.NewSpool receives "spool" relative to the working directory`
}

func main() {
	flag.Parse()
	_ = stateCache()
	_ = shadowCache()
	_ = flagCache()
	_ = defaultCache()
	_ = stateSpool()
	_ = defaultSpool()
	_ = flagSpool()
	_ = builtSpool()
}
