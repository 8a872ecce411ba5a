// Package filledfields: fields that a library fills by reflection leave
// no store in the program. kong's flags are the user's choice, their
// default tags included (as flag.String's default is); a decoder's
// default tag is a literal like any other; a field nothing visibly stores
// takes its default tag's value where one is given.
package filledfields

import (
	"os"
	"reflect"

	"github.com/alecthomas/kong"
	"github.com/caarlos0/env/v11"
)

type cli struct {
	Log    string `help:"Where to write the log." default:"app.log"`
	Export struct {
		Out string `arg:"" default:"export.json"`
	} `cmd:""`
}

// Flags writes where the command line says: kong fills the fields.
func Flags() {
	var c cli
	kong.Parse(&c)
	_ = os.WriteFile(c.Log, nil, 0o600)
	_ = os.WriteFile(c.Export.Out, nil, 0o600)
}

type sessionOptions struct {
	Log string `env:"APP_SESSION_LOG" envDefault:"session.log"`
}

// Session writes the session log the environment names, or session.log
// in the working directory.
func Session() {
	opts, err := env.ParseAs[sessionOptions]()
	if err != nil {
		return
	}
	_ = os.WriteFile(opts.Log, nil, 0o600) // want `field filledfields.sessionOptions.Log is assigned "session.log" relative to the working directory \(filledfields.go:32\), and it is written`
}

type usageOptions struct {
	file string `default:"usage.json"`
}

// setDefaults fills each string field from its default tag.
func setDefaults(ptr any) {
	v := reflect.ValueOf(ptr).Elem()
	for i := 0; i < v.NumField(); i++ {
		if d := v.Type().Field(i).Tag.Get("default"); d != "" {
			v.Field(i).SetString(d)
		}
	}
}

// Usage writes the usage file its options' default tag names.
func Usage() {
	var opts usageOptions
	setDefaults(&opts)
	_ = os.WriteFile(opts.file, nil, 0o600) // want `field filledfields.usageOptions.file is assigned "usage.json" relative to the working directory \(filledfields.go:46\), and it is written`
}
