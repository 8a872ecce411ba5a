// Package statedirliteral spells the state dir .myapp in literals; the
// test configures -state-dir=.myapp.
package statedirliteral

import (
	"fmt"
	"os"
	"path/filepath"
)

const stateDirName = ".myapp" // want `^literal "\.myapp" names the state dir "\.myapp" outside the authority package; derive the path from a state-root authority such as stateroots\.RepoStateRoot or stateroots\.GlobalStateRoot$`

func paths(root string) []string {
	wd, _ := os.Getwd()
	return []string{
		filepath.Join(wd, ".myapp"),               // want `literal "\.myapp" names the state dir "\.myapp"`
		filepath.Join(root, "x/.myapp/y"),         // want `literal "x/\.myapp/y" names the state dir "\.myapp"`
		"~/.myapp/config.yaml",                    // want `literal "~/\.myapp/config\.yaml" names the state dir`
		`C:\Users\me\.myapp`,                      // want `literal "C:\\\\Users\\\\me\\\\\.myapp" names the state dir`
		"/.myapp/",                                // want `literal "/\.myapp/" names the state dir`
		filepath.Join(root, stateDirName, "logs"), // ok: the constant was reported where it is spelled
	}
}

type settings struct {
	Dir string `yaml:".myapp"` // ok: a struct tag, not a path
}

func lookalikes() {
	_ = ".myappx"                    // ok: another name
	_ = "myapp"                      // ok: the app name, not the dir
	_ = ".myapp.json"                // ok: another name
	_ = "x/.myapp2/y"                // ok: another segment
	_ = "see .myapp for details"     // ok: prose, not a path segment
	_ = ".MYAPP"                     // ok: another name
	fmt.Println(settings{}.Dir, 'x') // ok: no string literal
}
