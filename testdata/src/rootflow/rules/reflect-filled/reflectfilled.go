// Package main: fields a command-line parser or a decoder fills by
// reflection. kong's are the user's choice, defaults included; a
// decoder's default tag is a literal, beside data the analysis cannot
// follow.
package main

import (
	"os"

	"github.com/alecthomas/kong"
	"github.com/caarlos0/env/v11"
)

type cli struct {
	Log string `help:"Where to write the log." default:"app.log"`
}

type session struct {
	Log string `env:"APP_SESSION_LOG" envDefault:"session.log"`
}

func main() {
	var c cli
	kong.Parse(&c)
	_ = os.WriteFile(c.Log, nil, 0o600) // ok: the user's choice

	s, _ := env.ParseAs[session]()
	_ = os.WriteFile(s.Log, nil, 0o600) // want `"session.log" relative to the working directory`
}
