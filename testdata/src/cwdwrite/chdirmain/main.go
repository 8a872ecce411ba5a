package main

import "os"

func main() {
	if len(os.Args) > 1 {
		os.Chdir(os.Args[1]) // ok: main owns the process
	}
}
