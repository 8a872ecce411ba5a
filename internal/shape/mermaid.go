package shape

import (
	"bufio"
	"fmt"
	"io"
	"strings"
)

// WriteMermaid writes the view as a Mermaid flowchart: one subgraph per
// root kind holding its tree, each node labelled with its pattern (a
// directory nothing writes itself is dashed). With commands, each command
// is a node on the left with an edge to every path it writes, labelled
// with the flags the write needs, and labelled with its status
// (Command.Status): a read-only command has no edge, and one that
// reaches a write the analysis cannot follow says so. Shadow
// and unproven writes are not part of the contract and are not drawn: a
// comment counts them.
func WriteMermaid(w io.Writer, v View, cmds []Command) error {
	bw := bufio.NewWriter(w)
	fmt.Fprintln(bw, "flowchart LR")
	if n, m := len(v.Shadow), len(v.Unproven); n+m > 0 {
		fmt.Fprintf(bw, "  %%%% not drawn: %d shadow %s and %d unproven %s (staterootlint inventory lists them)\n", n, plural(n, "write"), m, plural(m, "write"))
	}
	fmt.Fprintln(bw, "  classDef implied stroke-dasharray: 4 4")
	fmt.Fprintln(bw, "  classDef command fill:#eef,stroke:#447")
	ids := map[string]string{} // pattern -> node id
	var implied []string
	for ti, t := range v.Trees {
		fmt.Fprintf(bw, "  subgraph k%d[%s]\n", ti, label(t.Kind))
		fmt.Fprintln(bw, "    direction LR")
		t.Root.walk(0, func(n *Node, _ int) {
			id := fmt.Sprintf("n%d", len(ids))
			ids[n.Pattern] = id
			open, close := "[", "]"
			if n.Dir() {
				open, close = "(", ")"
			}
			fmt.Fprintf(bw, "    %s%s%s%s\n", id, open, label(n.Pattern), close)
			if n.Implied() {
				implied = append(implied, id)
			}
		})
		t.Root.walk(0, func(n *Node, _ int) {
			for _, c := range n.Children {
				fmt.Fprintf(bw, "    %s --> %s\n", ids[n.Pattern], ids[c.Pattern])
			}
		})
		fmt.Fprintln(bw, "  end")
	}
	for ci, c := range cmds {
		id := fmt.Sprintf("c%d", ci)
		text := c.Name
		if status := c.Status(); status != "" {
			text += " (" + status + ")"
		}
		fmt.Fprintf(bw, "  %s([%s]):::command\n", id, label(text))
		for _, t := range c.View.Trees {
			t.Root.walk(0, func(n *Node, _ int) {
				if n.Implied() {
					return
				}
				target, ok := ids[n.Pattern]
				if !ok {
					return // a command's view is a part of the whole view
				}
				flags := commonFlags(n.Writes)
				if len(flags) == 0 {
					fmt.Fprintf(bw, "  %s -.-> %s\n", id, target)
				} else {
					fmt.Fprintf(bw, "  %s -.->|%s| %s\n", id, label(strings.Join(flags, " ")), target)
				}
			})
		}
	}
	if len(implied) > 0 {
		fmt.Fprintf(bw, "  class %s implied\n", strings.Join(implied, ","))
	}
	return bw.Flush()
}

// commonFlags returns the flags every write needs.
func commonFlags(ws []Write) []string {
	var out []string
	for i, w := range ws {
		if i == 0 {
			out = append(out, w.Flags...)
			continue
		}
		var keep []string
		for _, f := range out {
			for _, g := range w.Flags {
				if f == g {
					keep = append(keep, f)
				}
			}
		}
		out = keep
	}
	return out
}

// label quotes text for a Mermaid label: in double quotes, with the
// characters Mermaid reads as markup written as its entity codes.
func label(text string) string {
	r := strings.NewReplacer(`"`, "#quot;", "<", "#lt;", ">", "#gt;", "#", "#35;")
	return `"` + r.Replace(text) + `"`
}

func plural(n int, word string) string {
	if n == 1 {
		return word
	}
	return word + "s"
}
