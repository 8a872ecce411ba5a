package main

import (
	"errors"
	"fmt"
	"io"
	iofs "io/fs"
	"os"
	"slices"
	"strconv"
	"strings"

	"github.com/spf13/pflag"

	"github.com/staterootlint/staterootlint/analyzers/inventory"
	"github.com/staterootlint/staterootlint/internal/driver"
	"github.com/staterootlint/staterootlint/internal/shape"
)

// The inventory's formats that show its shape, beside inventory.Formats.
const (
	formatTree    = "tree"
	formatMermaid = "mermaid"
)

// inventoryFormats are the values of inventory --format, the default first.
var inventoryFormats = append(slices.Clone(inventory.Formats), formatTree, formatMermaid)

// shapeFlags are the inventory flags that show the shape of what the
// program writes.
type shapeFlags struct {
	byCommand     bool
	width         int
	updateDiagram string
}

func (s *shapeFlags) register(fs *pflag.FlagSet) {
	fs.BoolVar(&s.byCommand, "by-command", false, "show what each command of the program writes (cobra, urfave/cli, a switch on the first argument, //staterootlint:command); the format defaults to tree")
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
		*format = formatTree
	}
	return exitClean
}

// tableRows returns the rows of the artifact table: the artifacts less
// the commands' rows.
func tableRows(arts []inventory.Artifact) []inventory.Artifact {
	return slices.DeleteFunc(slices.Clone(arts), func(a inventory.Artifact) bool { return a.Command != "" })
}

// writeInventory prints the artifacts in format.
func (c *cli) writeInventory(format string, s shapeFlags, arts []inventory.Artifact) error {
	switch format {
	case formatTree:
		width := s.width
		if width == 0 {
			width = terminalWidth(c.stdout)
		}
		if s.byCommand {
			return shape.WriteCommands(c.stdout, shape.Commands(arts), width)
		}
		return shape.WriteTree(c.stdout, shape.Build(arts), width)
	case formatMermaid:
		return shape.WriteMermaid(c.stdout, shape.Build(arts), diagramCommands(s.byCommand, arts))
	}
	if s.byCommand {
		// The table's rows and the commands' (Artifact.Command): the
		// whole of what guardtest's cross-check reads.
		return inventory.Write(c.stdout, format, arts)
	}
	return inventory.Write(c.stdout, format, tableRows(arts))
}

func diagramCommands(byCommand bool, arts []inventory.Artifact) []shape.Command {
	if !byCommand {
		return nil
	}
	return shape.Commands(arts)
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

// mermaidOf renders the diagram a document's markers ask for.
func mermaidOf(d shape.Diagram, arts []inventory.Artifact) string {
	var b strings.Builder
	shape.WriteMermaid(&b, shape.Build(arts), diagramCommands(d.ByCommand, arts))
	return b.String()
}

// readDiagram reads a contract document and finds its diagram. A missing
// file or markers are configuration errors: the message says what to do.
func (c *cli) readDiagram(flag, name, path string) ([]byte, shape.Diagram, int) {
	doc, err := os.ReadFile(path)
	if err != nil {
		msg := err.Error()
		if errors.Is(err, iofs.ErrNotExist) {
			msg = "no such file; create it (" + progname + " inventory prints a first draft) or fix the path"
		}
		fmt.Fprintf(c.stderr, "%s: %s %s: %s\n", progname, flag, name, msg)
		return nil, shape.Diagram{}, exitConfig
	}
	d, err := shape.FindDiagram(doc)
	if err != nil {
		fmt.Fprintf(c.stderr, "%s: %s %s: %v\n", progname, flag, name, err)
		return nil, shape.Diagram{}, exitConfig
	}
	return doc, d, exitClean
}

// diagramDoc is a contract document whose diagram is to be rewritten:
// read, and its markers found, before the analysis runs.
type diagramDoc struct {
	name, path string
	doc        []byte
	d          shape.Diagram
}

// openDiagram reads the document of --update-diagram.
func (c *cli) openDiagram(name, path string) (*diagramDoc, int) {
	doc, d, code := c.readDiagram("--update-diagram", name, path)
	if code != exitClean {
		return nil, code
	}
	return &diagramDoc{name: name, path: path, doc: doc, d: d}, exitClean
}

// update rewrites the document's diagram, unless it is current.
func (dd *diagramDoc) update(c *cli, arts []inventory.Artifact) int {
	m := mermaidOf(dd.d, arts)
	if dd.d.Current(dd.doc, m) {
		return exitClean
	}
	fi, err := os.Stat(dd.path)
	if err == nil {
		err = os.WriteFile(dd.path, dd.d.Replace(dd.doc, m), fi.Mode().Perm())
	}
	if err != nil {
		fmt.Fprintf(c.stderr, "%s: --update-diagram %s: %v\n", progname, dd.name, err)
		return exitUsage
	}
	fmt.Fprintf(c.stderr, "%s: updated the diagram of %s\n", progname, dd.name)
	return exitClean
}

// staleDiagram checks the diagram of a contract document, when it has
// markers: it returns the problem to print when the diagram is not the
// one the code gives.
func staleDiagram(name, path string, arts []inventory.Artifact) string {
	doc, err := os.ReadFile(path)
	if err != nil {
		return "" // ParseContract has read it; a race is not this check's
	}
	d, err := shape.FindDiagram(doc)
	var me *shape.MarkersError
	if errors.As(err, &me) && me.Line == 0 {
		return "" // no diagram: nothing to keep current
	}
	if err != nil {
		return fmt.Sprintf("%s:%d: %v", name, me.Line, me.Msg)
	}
	if d.Current(doc, mermaidOf(d, arts)) {
		return ""
	}
	return fmt.Sprintf("%s:%d: the diagram is not current; run %s inventory --update-diagram %s", name, d.Line, progname, name)
}
