// Package stdobjects: a field of an object a standard-library function
// made (a parsed URL, a parsed certificate request) holds what that
// function put there, which the analysis does not follow: not what this
// package stores into the same field of its own objects.
package stdobjects

import (
	"net/url"
	"os"
)

// mirror is the program's own URL for its mirror, kept for display.
var mirror = &url.URL{Scheme: "https", Host: "example.com", Path: "mirror/index"} // reported where it is written: the variable's own object

// fetchTo writes the download named by a URL the user gave below the
// path that URL names.
func fetchTo(raw string) error {
	u, err := url.Parse(raw)
	if err != nil {
		return err
	}
	return os.WriteFile(u.Path, nil, 0o600) // want `a field of the object url.Parse returned`
}

// saveMirror writes the program's own mirror path: its own URL's field,
// which holds what the package stored into that object.
func saveMirror() error {
	return os.WriteFile(mirror.Path, nil, 0o600) // want `"mirror/index" relative to the working directory`
}

// logTo writes below the temporary directory a parsed file URL names
// nothing of: its path is not read.
func logTo(raw string) error {
	if _, err := url.Parse(raw); err != nil {
		return err
	}
	return os.WriteFile(os.TempDir()+"/fetch.log", nil, 0o600) // ok: a temporary file
}

func main() {
	println(mirror.String())
	_ = saveMirror()
	_ = logTo(os.Args[2])
	_ = fetchTo(os.Args[1])
}
