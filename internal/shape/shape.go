// Package shape builds the views of a program's inventory that show its
// shape: one tree per root kind, with the writes at each path, the same
// per command the program offers, and a Mermaid picture of both.
//
// It reads the rows of the inventory analyzer (inventory.Artifact) and
// knows nothing of how they were computed. WriteArtifacts writes them in
// any of the inventory command's formats, the tables' and these views';
// a Document is a contract document whose Mermaid diagram, between its
// markers, is kept current (Document.Update, Document.Current).
package shape

import (
	"cmp"
	"slices"
	"strings"

	"github.com/staterootlint/staterootlint/analyzers/inventory"
)

// Write is one write at a node: the operation, the function that makes it
// (the last call of the artifact's chain), where, and the flags without
// which a command does not make it.
type Write struct {
	Op    string
	Func  string
	At    string
	Flags []string
	// Inferred says the path is inside its root by inference only
	// (inventory.Artifact.Inferred).
	Inferred bool
}

// Node is one path below a root: a directory or a file the code writes,
// or a directory on the way to one (Implied).
type Node struct {
	// Name is the last segment ("*.log"), or the kind for a tree's root.
	Name string
	// Pattern is the inventory pattern of the node: "repo:logs/*.log",
	// "repo" for the root.
	Pattern string
	// Writes are the writes of exactly this path, sorted.
	Writes []Write
	// Children are sorted by name.
	Children []*Node
}

// Implied reports whether nothing writes the node itself: it is only the
// directory of what is written below it.
func (n *Node) Implied() bool { return len(n.Writes) == 0 }

// Dir reports whether the node is a directory: it has children, or it is
// made with a Mkdir.
func (n *Node) Dir() bool {
	return len(n.Children) > 0 || slices.ContainsFunc(n.Writes, func(w Write) bool { return strings.Contains(w.Op, "Mkdir") })
}

// Tree is the tree of one root kind.
type Tree struct {
	Kind string
	Root *Node
}

// View is the shape of a set of artifacts: the trees of the kinds that
// are written, in KindOrder, then the writes outside every root (Shadow)
// and those the analysis cannot follow (Unproven), each sorted by
// position.
type View struct {
	Trees    []*Tree
	Shadow   []inventory.Artifact
	Unproven []inventory.Artifact
}

// Leaves returns the artifacts of the view's trees, one per write: the
// rows the view was built from, less shadow and unproven ones, in tree
// order.
func (v View) Leaves() []inventory.Artifact {
	var out []inventory.Artifact
	for _, t := range v.Trees {
		t.Root.walk(0, func(n *Node, _ int) {
			for _, w := range n.Writes {
				out = append(out, inventory.Artifact{Pattern: n.Pattern, Kind: t.Kind, Op: w.Op, At: w.At})
			}
		})
	}
	return out
}

// walk visits n and its descendants, depth first, parents before
// children.
func (n *Node) walk(depth int, visit func(*Node, int)) {
	visit(n, depth)
	for _, c := range n.Children {
		c.walk(depth+1, visit)
	}
}

// KindOrder is the order of the trees: the state roots the contract
// names, then the allowed places outside them. Other (custom) kinds
// follow in alphabetical order, os.DevNull last.
var KindOrder = []string{"repo", "hub", "global", "state", "project", inventory.KindCache, inventory.KindTemp, inventory.KindUser}

func kindRank(kind string) int {
	if i := slices.Index(KindOrder, kind); i >= 0 {
		return i
	}
	if kind == inventory.KindDevNull {
		return len(KindOrder) + 1
	}
	return len(KindOrder)
}

// Build returns the view of the artifacts. Rows of commands
// (Artifact.Command) are left out: Commands views them.
func Build(arts []inventory.Artifact) View {
	var v View
	trees := map[string]*Tree{}
	for _, a := range arts {
		if a.Command != "" {
			continue
		}
		v.add(a, trees)
	}
	v.finish()
	return v
}

func (v *View) add(a inventory.Artifact, trees map[string]*Tree) {
	switch a.Kind {
	case inventory.KindUnknown:
		v.Shadow = append(v.Shadow, a)
		return
	case inventory.KindUnproven:
		v.Unproven = append(v.Unproven, a)
		return
	case inventory.KindCommand:
		return
	}
	t := trees[a.Kind]
	if t == nil {
		t = &Tree{Kind: a.Kind, Root: &Node{Name: a.Kind, Pattern: a.Kind}}
		trees[a.Kind] = t
		v.Trees = append(v.Trees, t)
	}
	n := t.Root
	rest, _ := strings.CutPrefix(a.Pattern, a.Kind)
	rest = strings.TrimPrefix(rest, ":")
	if rest != "" {
		for i, seg := range strings.Split(rest, "/") {
			var child *Node
			for _, c := range n.Children {
				if c.Name == seg {
					child = c
				}
			}
			if child == nil {
				child = &Node{Name: seg, Pattern: a.Kind + ":" + strings.Join(strings.Split(rest, "/")[:i+1], "/")}
				n.Children = append(n.Children, child)
			}
			n = child
		}
	}
	n.Writes = append(n.Writes, Write{Op: a.Op, Func: writer(a), At: a.At, Flags: a.Flags, Inferred: a.Inferred})
}

// writer is the function that makes the write: the last call of the
// chain, or the artifact's function when it writes itself.
func writer(a inventory.Artifact) string {
	if len(a.Chain) > 0 {
		return a.Chain[len(a.Chain)-1]
	}
	return a.Func
}

func (v *View) finish() {
	slices.SortStableFunc(v.Trees, func(a, b *Tree) int {
		return cmp.Or(cmp.Compare(kindRank(a.Kind), kindRank(b.Kind)), cmp.Compare(a.Kind, b.Kind))
	})
	for _, t := range v.Trees {
		t.Root.walk(0, func(n *Node, _ int) {
			slices.SortFunc(n.Children, func(a, b *Node) int { return cmp.Compare(a.Name, b.Name) })
			slices.SortFunc(n.Writes, func(a, b Write) int {
				return cmp.Or(cmp.Compare(a.Func, b.Func), cmp.Compare(a.Op, b.Op), cmp.Compare(a.At, b.At))
			})
		})
	}
	byPos := func(a, b inventory.Artifact) int {
		return cmp.Or(comparePos(a.At, b.At), cmp.Compare(a.Op, b.Op), cmp.Compare(a.Pattern, b.Pattern))
	}
	slices.SortFunc(v.Shadow, byPos)
	slices.SortFunc(v.Unproven, byPos)
}

// comparePos orders "file.go:12" positions by file, then line as a number.
func comparePos(a, b string) int {
	af, al, _ := strings.Cut(a, ":")
	bf, bl, _ := strings.Cut(b, ":")
	return cmp.Or(cmp.Compare(af, bf), cmp.Compare(len(al), len(bl)), cmp.Compare(al, bl))
}

// Command is one command of the program and the shape of what it writes.
type Command struct {
	Name string
	// Via says how the command was recognised ("cobra.Command"), At where
	// and Func its entry function.
	Via, At, Func string
	View          View
}

// ReadOnly reports whether the command writes nothing but temporary
// files (and os.DevNull), and calls nothing the analysis cannot follow
// with a path.
func (c Command) ReadOnly() bool { return len(c.writes(false)) == 0 }

// Unfollowed reports whether the command reaches a write the analysis
// cannot follow (an artifact of kind unproven): what it writes is then
// not known, and it is shown as "writes not followed", never read-only.
func (c Command) Unfollowed() bool { return len(c.View.Unproven) > 0 }

// Status is how the views sum up what the command writes: "writes not
// followed" when it reaches a write the analysis cannot follow,
// "read-only" when it reaches no write but temporary ones, "read-only
// without --a, --b" when it writes only under flags, and "" otherwise.
func (c Command) Status() string {
	switch without := c.ReadOnlyWithout(); {
	case c.Unfollowed():
		return StatusUnfollowed
	case c.ReadOnly():
		return StatusReadOnly
	case without != nil:
		return StatusReadOnly + " without " + strings.Join(without, ", ")
	}
	return ""
}

// The statuses of a command (Command.Status).
const (
	StatusUnfollowed = "writes not followed"
	StatusReadOnly   = "read-only"
)

// ReadOnlyWithout returns the flags without which the command is
// read-only, when it writes only under flags (and reaches no write the
// analysis cannot follow); nil otherwise.
func (c Command) ReadOnlyWithout() []string {
	if c.ReadOnly() || c.Unfollowed() || len(c.writes(true)) > 0 {
		return nil
	}
	var flags []string
	for _, w := range c.writes(false) {
		flags = append(flags, w.Flags...)
	}
	slices.Sort(flags)
	return slices.Compact(flags)
}

// writes returns the writes that keep the command from being read-only;
// unflagged, only those that no flag guards.
func (c Command) writes(unflagged bool) []Write {
	var out []Write
	keep := func(w Write) {
		if !unflagged || len(w.Flags) == 0 {
			out = append(out, w)
		}
	}
	for _, t := range c.View.Trees {
		if t.Kind == inventory.KindTemp || t.Kind == inventory.KindDevNull {
			continue
		}
		t.Root.walk(0, func(n *Node, _ int) {
			for _, w := range n.Writes {
				keep(w)
			}
		})
	}
	for _, a := range append(slices.Clone(c.View.Shadow), c.View.Unproven...) {
		keep(Write{Op: a.Op, At: a.At, Func: writer(a), Flags: a.Flags, Inferred: a.Inferred})
	}
	return out
}

// Commands returns the commands the artifacts' command rows declare, by
// name, each with the view of its writes. A name declared more than once
// (in two ways, or by two packages) is one command with every write.
func Commands(arts []inventory.Artifact) []Command {
	byName := map[string]*Command{}
	trees := map[string]map[string]*Tree{}
	var names []string
	for _, a := range arts {
		if a.Command == "" {
			continue
		}
		c := byName[a.Command]
		if c == nil {
			c = &Command{Name: a.Command}
			byName[a.Command] = c
			trees[a.Command] = map[string]*Tree{}
			names = append(names, a.Command)
		}
		if a.Kind == inventory.KindCommand {
			if c.Via == "" {
				c.Via, c.At, c.Func = a.Detail, a.At, a.Func
			}
			continue
		}
		c.View.add(a, trees[a.Command])
	}
	slices.Sort(names)
	out := make([]Command, 0, len(names))
	for _, n := range names {
		c := byName[n]
		c.View.finish()
		out = append(out, *c)
	}
	return out
}
