package statedirliteral

import (
	"errors"
	"fmt"
	"path/filepath"
)

// Help text and messages that mention where the state lives are prose,
// not paths (cosign's `initialize` help: "… written to $HOME/.sigstore/root/.").

type command struct{ Long, Short string }

var initialize = command{
	Short: "Initializes the root.",
	Long: `Initializes the root.

Any updated file will be written to $HOME/.myapp/root/.`, // ok: help text
}

func messages(home string) error {
	fmt.Println("state is kept in ~/.myapp/state.json, see the docs") // ok: a message
	if home == "" {
		return errors.New("cannot find $HOME/.myapp: set HOME") // ok: a message
	}
	_ = filepath.Join(home, "Application Support/.myapp") // want `literal "Application Support/\.myapp" names the state dir "\.myapp"`
	_ = "~/.myapp/config.yaml"                             // want `literal "~/\.myapp/config\.yaml" names the state dir`
	return nil
}
