// Package optiondefault uses a library whose constructors fall back on a
// directory of their own where no option names one.
package optiondefault

import (
	"os"
	"path/filepath"

	"rootflow/rules/option-default/store"
)

// cached names the directory below the user's cache directory: the
// library's default is not what the call writes.
func cached(data []byte) error {
	base, err := os.UserCacheDir()
	if err != nil {
		return err
	}
	return store.New("blobs", store.Dir(filepath.Join(base, "app"))).Save("k", data) // ok: the option's directory, not the library's "~/.cache"
}

// defaulted leaves the directory to the library: its cache directory.
func defaulted(data []byte) error {
	return store.New("blobs").Save("k", data) // ok: the library's cache directory; its "~/.cache" fallback is its own
}

// journaled names the journal's directory below the cache directory.
func journaled(data []byte) error {
	base, err := os.UserCacheDir()
	if err != nil {
		return err
	}
	return store.NewJournal(store.JournalDir(filepath.Join(base, "app"))).Append(data) // ok: the option's directory, not the library's "journal"
}

// journalHere leaves the journal's directory to the library's default.
func journalHere(data []byte) error {
	return store.NewJournal().Append(data) // want `"journal"`
}

// homeDir names a directory of its own in the home directory: the
// option's argument is checked at the option's call.
func homeDir(data []byte) error {
	home, err := os.UserHomeDir()
	if err != nil {
		return err
	}
	return store.New("blobs", store.Dir(filepath.Join(home, ".app"))).Save("k", data) // want `home`
}
