package shape

import (
	"bufio"
	"fmt"
	"io"
	"strings"

	"github.com/staterootlint/staterootlint/analyzers/inventory"
)

// DefaultWidth is the width text is wrapped to when the output is not a
// terminal.
const DefaultWidth = 100

// minComment is the narrowest a wrapped comment gets: below it, the
// comment starts on a line of its own.
const minComment = 24

// maxNameColumn caps the column where comments start, so one long name
// does not push every comment right.
const maxNameColumn = 44

// WriteTree writes the view as text trees, one per root kind, each line
// a path with a comment naming the functions that write it and how:
//
//	repo/                # (*runner.Runner).GC: os.MkdirAll
//	  logs/              # runlog.Create: os.MkdirAll
//	    *.log            # runlog.Create: os.Create; runlog.Remove: os.Remove
//
// then the shadow and the unproven writes, one per line with its
// position. Lines are wrapped to width.
func WriteTree(w io.Writer, v View, width int) error {
	bw := bufio.NewWriter(w)
	writeView(bw, v, "", width)
	return bw.Flush()
}

// WriteCommands writes each command's trees under a heading that says
// how the command is declared and its status (Command.Status): a
// command that reaches a write the analysis cannot follow is marked
// "writes not followed", one that writes nothing but temporary files
// read-only.
func WriteCommands(w io.Writer, cmds []Command, width int) error {
	bw := bufio.NewWriter(w)
	if len(cmds) == 0 {
		fmt.Fprintln(bw, "no commands found: declare one with //staterootlint:command NAME on its function")
	}
	for i, c := range cmds {
		if i > 0 {
			fmt.Fprintln(bw)
		}
		fmt.Fprintf(bw, "command %s (%s at %s, %s)", c.Name, c.Via, c.At, c.Func)
		if status := c.Status(); status != "" {
			fmt.Fprintf(bw, ": %s", status)
		}
		fmt.Fprintln(bw)
		if c.Status() == StatusReadOnly {
			continue
		}
		writeView(bw, c.View, "  ", width)
	}
	return bw.Flush()
}

func writeView(bw *bufio.Writer, v View, indent string, width int) {
	for i, t := range v.Trees {
		if i > 0 {
			fmt.Fprintln(bw)
		}
		writeTree(bw, t, indent, width)
	}
	section := func(title string, arts []inventory.Artifact) {
		if len(arts) == 0 {
			return
		}
		if len(v.Trees) > 0 || title != "shadow writes" {
			fmt.Fprintln(bw)
		}
		fmt.Fprintf(bw, "%s%s:\n", indent, title)
		for _, a := range arts {
			text := a.At + ": "
			if a.Op != "" {
				text += a.Op + " "
			}
			text += describe(a) + " (" + writer(a) + ")" + flagNote(a.Flags)
			for _, l := range wrap(text, width-len(indent)-2, 4) {
				fmt.Fprintf(bw, "%s  %s\n", indent, l)
			}
		}
	}
	section("shadow writes", v.Shadow)
	section("unproven writes", v.Unproven)
}

// describe says what a shadow or unproven write writes.
func describe(a inventory.Artifact) string {
	if a.Detail != "" {
		return a.Detail
	}
	return a.Pattern
}

func flagNote(flags []string) string {
	if len(flags) == 0 {
		return ""
	}
	return " only with " + strings.Join(flags, ", ")
}

func writeTree(bw *bufio.Writer, t *Tree, indent string, width int) {
	type line struct{ name, comment string }
	var lines []line
	col := 0
	t.Root.walk(0, func(n *Node, depth int) {
		name := indent + strings.Repeat("  ", depth) + n.Name
		if n.Dir() {
			name += "/"
		}
		lines = append(lines, line{name, comment(n.Writes)})
		if l := len([]rune(name)); l > col && l <= maxNameColumn {
			col = l
		}
	})
	col += 2
	for _, l := range lines {
		if l.comment == "" {
			fmt.Fprintln(bw, l.name)
			continue
		}
		pad := col - len([]rune(l.name))
		start := col
		if pad < 2 || width-col < minComment {
			// The name is past the column: its comment follows it, and
			// its continuation lines take the column.
			pad, start = 2, len([]rune(l.name))+2
		}
		avail := width - start - 2
		if avail < minComment {
			avail = minComment
		}
		for i, c := range wrap(l.comment, avail, 2) {
			if i == 0 {
				fmt.Fprintf(bw, "%s%s# %s\n", l.name, strings.Repeat(" ", pad), c)
			} else {
				fmt.Fprintf(bw, "%s# %s\n", strings.Repeat(" ", start), c)
			}
		}
	}
}

// comment renders the writes of a node: each writing function with its
// operations, and the flags a command needs to make them.
func comment(ws []Write) string {
	var parts []string
	for i := 0; i < len(ws); {
		j := i
		var ops []string
		for ; j < len(ws) && ws[j].Func == ws[i].Func && strings.Join(ws[j].Flags, ",") == strings.Join(ws[i].Flags, ","); j++ {
			op := ws[j].Op
			if ws[j].Inferred {
				op += " (inferred)"
			}
			if len(ops) == 0 || ops[len(ops)-1] != op {
				ops = append(ops, op)
			}
		}
		parts = append(parts, ws[i].Func+": "+strings.Join(ops, ", ")+flagNote(ws[i].Flags))
		i = j
	}
	return strings.Join(parts, "; ")
}

// wrap breaks s at spaces into lines of at most width runes (a longer
// word gets a line of its own); continuation lines are indented by hang.
func wrap(s string, width, hang int) []string {
	words := strings.Fields(s)
	var lines []string
	cur := ""
	for _, w := range words {
		limit := width
		if len(lines) > 0 {
			limit = width - hang
		}
		switch {
		case cur == "":
			cur = w
		case len([]rune(cur))+1+len([]rune(w)) <= limit:
			cur += " " + w
		default:
			lines = append(lines, cur)
			cur = w
		}
	}
	if cur != "" || len(lines) == 0 {
		lines = append(lines, cur)
	}
	for i := 1; i < len(lines); i++ {
		lines[i] = strings.Repeat(" ", hang) + lines[i]
	}
	return lines
}
