// Command uncalledstore: a default stored by a function nothing calls is
// not where the written field's path comes from; one stored by a function
// that runs is.
package main

import (
	"flag"
	"os"
)

type settings struct{ out string }

var out = flag.String("out", "", "where to write")

func oldDefaults() settings {
	return settings{out: "old.txt"} // ok: nothing calls oldDefaults
}

func newDefaults() settings {
	return settings{out: "new.txt"} // want `"new.txt" relative to the working directory`
}

func (s settings) save() error {
	return os.WriteFile(s.out, nil, 0o600)
}

func main() {
	flag.Parse()
	s := settings{out: *out}
	if *out == "" {
		s = newDefaults()
	}
	_ = s.save()
}
