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
var mirror = &url.URL{Scheme: "https", Host: "example.com", Path: "mirror/index"}

// fetchTo writes the download named by a URL the user gave below the
// path that URL names.
func fetchTo(raw string) error {
	u, err := url.Parse(raw)
	if err != nil {
		return err
	}
	return os.WriteFile(u.Path, nil, 0o600) // want `a field of the object url.Parse returned`
}

func main() {
	println(mirror.String())
	_ = fetchTo(os.Args[1])
}
