// Command initxdgdefaults keeps its configuration file, a source
// directory and a cache below the XDG bases an XDG library resolves into
// a struct's fields, as chezmoi does: its own methods join its name below
// the config and data homes, and a function filling the struct of its
// settings' defaults joins it below the cache home into a field, which
// the --cache flag is bound to and a purge command removes.
package main

import "example.com/initxdgdefaults/internal/cmd"

func main() { cmd.Run() }
