package main

import "example.com/inits/setup"

func main() {
	if !setup.Ready() {
		panic("not set up")
	}
}
