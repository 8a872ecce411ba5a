// Package rundb records px runs in a JSON-lines file.
package rundb

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"time"
)

// Record is one run.
type Record struct {
	ID      string    `json:"id"`
	Task    string    `json:"task"`
	Status  string    `json:"status"`
	Started time.Time `json:"started"`
	Ended   time.Time `json:"ended"`
}

// DB is the run database at a fixed path.
type DB struct {
	path string
}

// Open returns the database stored at path; the file is created on the
// first Append.
func Open(path string) *DB { return &DB{path: path} }

// Append adds r at the end.
func (db *DB) Append(r Record) error {
	line, err := json.Marshal(r)
	if err != nil {
		return fmt.Errorf("encode run: %w", err)
	}
	f, err := os.OpenFile(db.path, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644)
	if err != nil {
		return fmt.Errorf("open run database: %w", err)
	}
	_, werr := f.Write(append(line, '\n'))
	if cerr := f.Close(); werr == nil {
		werr = cerr
	}
	if werr != nil {
		return fmt.Errorf("append run: %w", werr)
	}
	return nil
}

// List returns every record, oldest first.
func (db *DB) List() ([]Record, error) {
	b, err := os.ReadFile(db.path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("read run database: %w", err)
	}
	var rs []Record
	sc := bufio.NewScanner(bytes.NewReader(b))
	for n := 1; sc.Scan(); n++ {
		var r Record
		if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
			return nil, fmt.Errorf("read run database %s:%d: %w", db.path, n, err)
		}
		rs = append(rs, r)
	}
	return rs, sc.Err()
}

// Replace rewrites the database to hold exactly rs, atomically: readers
// see either the old or the new file.
func (db *DB) Replace(rs []Record) error {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	for _, r := range rs {
		if err := enc.Encode(r); err != nil {
			return fmt.Errorf("encode run: %w", err)
		}
	}
	tmp := db.path + ".tmp"
	if err := os.WriteFile(tmp, buf.Bytes(), 0o644); err != nil {
		return fmt.Errorf("rewrite run database: %w", err)
	}
	if err := os.Rename(tmp, db.path); err != nil {
		return fmt.Errorf("rewrite run database: %w", err)
	}
	return nil
}
