// Package filledfields: a field a decoder fills, or that nothing visibly
// stores, is unproven where it is written: never taken as rooted.
package filledfields

import (
	"encoding/json"
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
	_ = os.MkdirAll(c.Cache, 0o700) // want `field filledfields.config.Cache is assigned data json.Unmarshal decodes, which the analysis cannot follow \(filledfields.go:18\), and it is written \(os.MkdirAll at filledfields.go:21\): not proven rooted`
}

// Spool writes where a field nothing stores says.
func Spool(c *config) {
	_ = os.MkdirAll(c.spool, 0o700) // want `field filledfields.config.spool is assigned no value the analysis sees \(nothing stores into it; reflection may fill it\) \(filledfields.go:12\), and it is written \(os.MkdirAll at filledfields.go:26\): not proven rooted`
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
