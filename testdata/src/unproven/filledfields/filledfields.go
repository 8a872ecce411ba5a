// Package filledfields: a field a decoder fills, or that nothing visibly
// stores, is unproven where it is written: never taken as rooted.
package filledfields

import (
	"encoding/json"
	"flag"
	"os"
)

type config struct {
	Cache string `json:"cache"`
	spool string
}

// Load writes below the cache directory the configuration names.
func Load(data []byte) {
	var c config
	if err := json.Unmarshal(data, &c); err != nil {
		return
	}
	_ = os.MkdirAll(c.Cache, 0o700) // want `field filledfields.config.Cache is assigned data json.Unmarshal decodes, which the analysis cannot follow \(filledfields.go:19\), and it is written \(os.MkdirAll at filledfields.go:22\): not proven rooted`
}

// Spool writes where a field nothing stores says.
func Spool(c *config) {
	_ = os.MkdirAll(c.spool, 0o700) // want `field filledfields.config.spool is assigned no value the analysis sees \(nothing stores into it; reflection may fill it\) \(filledfields.go:13\), and it is written \(os.MkdirAll at filledfields.go:27\): not proven rooted`
}

type entry struct {
	Dir string
}

// LoadAll writes below the directories a list decoded from data names.
func LoadAll(data []byte) {
	var entries []entry
	if err := json.Unmarshal(data, &entries); err != nil {
		return
	}
	for _, e := range entries {
		_ = os.MkdirAll(e.Dir, 0o700) // want `field filledfields.entry.Dir is assigned data json.Unmarshal decodes, which the analysis cannot follow`
	}
}

// pathFlag is a flag.Value: its Set fills it from the command line.
type pathFlag string

func (p *pathFlag) Set(s string) error { *p = pathFlag(s); return nil }
func (p *pathFlag) String() string     { return string(*p) }

type profileOptions struct {
	out pathFlag
}

// Profile writes where the --profile flag says: a field bound to a flag
// through flag.Var is the user's choice.
func Profile() {
	var o profileOptions
	flag.Var(&o.out, "profile", "write a profile there")
	flag.Parse()
	_ = os.WriteFile(string(o.out), nil, 0o600)
}
