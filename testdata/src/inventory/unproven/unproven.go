package unproven // want package:`artifacts\(cwd:"debug.log" relative to the working directory, unproven\)`

import "os"

// unproven: the inventory lists as unproven the writes the unproven
// analyzer reports, where it reports them, and nothing else.

var paths = map[string]string{}

func mapElement(data []byte) {
	os.WriteFile(paths["state"], data, 0o600) // unproven: a map element
}

// save writes the path it is given.
func save(p string, data []byte) error { return os.WriteFile(p, data, 0o600) }

func viaHelper(data []byte) {
	save(paths["log"], data) // unproven: a map element passed to a write
}

func calls(run func(string) error, name string) {
	run(name)               // ok: a call through a func value, no write
	run("config.json")      // ok: the same
	_ = run(paths["other"]) // ok: the same
}

func mixed(data []byte, debug bool) {
	p := paths["state"]
	if debug {
		p = "debug.log"
	}
	os.WriteFile(p, data, 0o600) // shadowwrite's: "debug.log" is proven outside every root
}
