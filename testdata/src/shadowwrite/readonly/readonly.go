package readonly

import "os"

func reads(flag int) {
	os.Open("config.json")                                 // ok: os.Open only reads
	os.ReadFile("config.json")                             // ok: reads
	os.OpenFile("config.json", os.O_RDONLY, 0)             // ok: read-only flag
	os.OpenFile("out.log", os.O_CREATE|os.O_WRONLY, 0o644) // want `os.OpenFile writes "out.log" relative to the working directory`
	os.OpenFile("out.log", os.O_APPEND|os.O_WRONLY, 0o644) // want `os.OpenFile writes "out.log"`
	os.OpenFile("any.log", flag, 0o644)                    // want `os.OpenFile writes "any.log"`
	os.Stat("x")                                           // ok: not a write
}
