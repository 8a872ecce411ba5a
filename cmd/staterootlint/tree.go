package main

import (
	"errors"
	"fmt"
	"io"
	iofs "io/fs"
	"os"
	"strconv"

	"github.com/spf13/pflag"

	"github.com/staterootlint/staterootlint/analyzers/inventory"
	"github.com/staterootlint/staterootlint/internal/driver"
	"github.com/staterootlint/staterootlint/internal/shape"
)

// shapeFlags are the inventory flags that show the shape of what the
// program writes.
type shapeFlags struct {
	byCommand     bool
	width         int
	updateDiagram string
}

func (s *shapeFlags) register(fs *pflag.FlagSet) {
	fs.BoolVar(&s.byCommand, "by-command", false, "show what each command of the program writes (cobra, urfave/cli, kong, a switch on the first argument, //staterootlint:command); the format defaults to tree")
	fs.IntVar(&s.width, "width", 0, "wrap the tree format to `N` columns (default: the terminal's $COLUMNS, else 100)")
	fs.StringVar(&s.updateDiagram, "update-diagram", "", "rewrite the Mermaid diagram between the diagram markers of the contract document `FILE`")
}

// check validates the shape flags against the format; explicit says
// whether --format was given.
func (s *shapeFlags) check(c *cli, format *string, explicit bool, contract string) int {
	if s.width < 0 || s.width > 0 && s.width < 40 {
		return c.usageError("invalid --width %d; want at least 40 columns", s.width)
	}
	if s.updateDiagram != "" {
		if explicit || s.byCommand || contract != "" {
			return c.usageError("--update-diagram takes neither --format, --by-command nor --contract: the diagram's begin marker says whether it shows the commands (<!-- staterootlint:diagram by-command -->)")
		}
		return exitClean
	}
	if s.byCommand && *format == inventory.FormatMarkdown {
		if explicit {
			return c.usageError("invalid --format markdown with --by-command; valid: tree, mermaid, json")
		}
		*format = shape.FormatTree
	}
	return exitClean
}

// writeInventory prints the artifacts in format.
func (c *cli) writeInventory(format string, s shapeFlags, arts []inventory.Artifact) error {
	width := s.width
	if width == 0 && format == shape.FormatTree {
		width = terminalWidth(c.stdout)
	}
	return shape.WriteArtifacts(c.stdout, format, arts, shape.Options{ByCommand: s.byCommand, Width: width})
}

// terminalWidth is $COLUMNS when w is a terminal that sets it, else
// shape.DefaultWidth: output that is piped or kept stays the same.
func terminalWidth(w io.Writer) int {
	if driver.IsTerminal(w) {
		if n, err := strconv.Atoi(os.Getenv("COLUMNS")); err == nil && n >= 40 {
			return n
		}
	}
	return shape.DefaultWidth
}

// openDiagram reads the document of --update-diagram and finds its
// diagram, before the analysis runs. A missing file or markers are
// configuration errors: the message says what to do.
func (c *cli) openDiagram(name, path string) (*shape.Document, int) {
	doc, err := shape.ReadDocument(path)
	if err != nil {
		msg := err.Error()
		if errors.Is(err, iofs.ErrNotExist) {
			msg = "no such file; create it (" + progname + " inventory prints a first draft) or fix the path"
		}
		fmt.Fprintf(c.stderr, "%s: --update-diagram %s: %s\n", progname, name, msg)
		return nil, exitConfig
	}
	return doc, exitClean
}

// updateDiagram rewrites the document's diagram, unless it is current.
func (c *cli) updateDiagram(name string, doc *shape.Document, arts []inventory.Artifact) int {
	changed, err := doc.Update(arts)
	if err != nil {
		fmt.Fprintf(c.stderr, "%s: --update-diagram %s: %v\n", progname, name, err)
		return exitUsage
	}
	if changed {
		fmt.Fprintf(c.stderr, "%s: updated the diagram of %s\n", progname, name)
	}
	return exitClean
}

// staleDiagram checks the diagram of a contract document, when it has
// markers: it returns the problem to print when the diagram is not the
// one the code gives.
func staleDiagram(name, path string, arts []inventory.Artifact) string {
	doc, err := shape.ReadDocument(path)
	var me *shape.MarkersError
	switch {
	case errors.As(err, &me) && me.Line > 0:
		return fmt.Sprintf("%s:%d: %v", name, me.Line, me.Msg)
	case err != nil || doc.Current(arts):
		// Unreadable (ParseContract has read it; a race is not this
		// check's), no diagram to keep current, or a current one.
		return ""
	}
	return fmt.Sprintf("%s:%d: the diagram is not current; run %s inventory --update-diagram %s", name, doc.Diagram.Line, progname, name)
}
