// Package longliteral checks that a message quotes at most 60 characters
// of a literal, however long it is.
package longliteral

import "os"

const long = "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa/state.json"

func write() {
	os.WriteFile(long, nil, 0o644)                                                                                                                                                                                                        // want `os\.WriteFile writes "a{60}…" relative to the working directory, outside every state root`
	os.WriteFile("short/state.json", nil, 0o644)                                                                                                                                                                                          // want `os\.WriteFile writes "short/state\.json" relative`
	os.WriteFile("/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", nil, 0o644) // want `os\.WriteFile writes the fixed path "/a{59}…", outside`
}
