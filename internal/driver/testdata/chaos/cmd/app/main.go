// Command app runs jobs and writes state of its own.
package main

import (
	"os"

	"example.com/chaos/jobs"
	"example.com/chaos/paths"
	"example.com/chaos/store"
)

func main() {
	_ = jobs.Run(os.Args[1], len(os.Args) > 2)
	_ = store.New(paths.Under("state")).Put("state.json", nil)
	_ = store.Save("relative.json", nil)
}
