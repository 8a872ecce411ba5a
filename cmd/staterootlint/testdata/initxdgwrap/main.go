// Command initxdgwrap keeps its configuration file, a database beside
// it and a source directory below the XDG bases an XDG library resolves
// into a struct's fields, as chezmoi does: its own methods join its name
// below those bases, expanding a leading ~/ onto the home directory it
// keeps in a field, which a function returning the home directory itself
// fills. That home directory is also the default of the --destination
// flag's field, the tree of the user's files it writes.
package main

import "example.com/initxdgwrap/internal/cmd"

func main() { cmd.Run() }
