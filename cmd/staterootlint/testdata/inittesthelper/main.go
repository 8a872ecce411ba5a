// Command inittesthelper runs its runner, whose package also holds a
// helper for its tests in a non-test file.
package main

import "example.com/inittesthelper/runner"

func main() { runner.Run() }
