package shape

import (
	"io"
	"slices"

	"github.com/staterootlint/staterootlint/analyzers/inventory"
)

// The formats that show an inventory's shape, beside inventory.Formats.
const (
	FormatTree    = "tree"
	FormatMermaid = "mermaid"
)

// Formats returns every format WriteArtifacts takes: the inventory's
// table formats first (markdown, the default, first of all).
func Formats() []string {
	return append(slices.Clone(inventory.Formats), FormatTree, FormatMermaid)
}

// Options says how WriteArtifacts shows an inventory.
type Options struct {
	// ByCommand shows what each command of the program writes: the tree
	// per command, the diagram with the commands, and in a table format
	// the commands' rows (Artifact.Command) beside the table's.
	ByCommand bool
	// Width wraps the tree format to this many columns (0:
	// DefaultWidth).
	Width int
}

// WriteArtifacts writes the inventory's artifacts in format, one of
// Formats.
func WriteArtifacts(w io.Writer, format string, arts []inventory.Artifact, opts Options) error {
	switch format {
	case FormatTree:
		width := opts.Width
		if width == 0 {
			width = DefaultWidth
		}
		if opts.ByCommand {
			return WriteCommands(w, Commands(arts), width)
		}
		return WriteTree(w, Build(arts), width)
	case FormatMermaid:
		return WriteMermaid(w, Build(arts), diagramCommands(opts.ByCommand, arts))
	}
	if opts.ByCommand {
		// The table's rows and the commands': the whole of what
		// guardtest's cross-check reads.
		return inventory.Write(w, format, arts)
	}
	return inventory.Write(w, format, TableRows(arts))
}

// TableRows returns the rows of the artifact table: the artifacts less
// the commands' rows.
func TableRows(arts []inventory.Artifact) []inventory.Artifact {
	return slices.DeleteFunc(slices.Clone(arts), func(a inventory.Artifact) bool { return a.Command != "" })
}

func diagramCommands(byCommand bool, arts []inventory.Artifact) []Command {
	if !byCommand {
		return nil
	}
	return Commands(arts)
}
