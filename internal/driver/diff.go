package driver

import (
	"bytes"
	"fmt"
	"strings"
)

// UnifiedDiff renders the change of a file from old to new as a unified
// diff with three lines of context, as `diff -u` and `gofmt -d` print it,
// under the names a/NAME and b/NAME; "" when nothing changed.
func UnifiedDiff(name string, old, new []byte) string {
	if bytes.Equal(old, new) {
		return ""
	}
	a, b := splitLines(old), splitLines(new)
	ops := diffLines(a, b)
	const context = 3
	var out strings.Builder
	fmt.Fprintf(&out, "--- a/%s\n+++ b/%s\n", name, name)
	// Group the operations into hunks: changes closer than 2*context
	// lines share one.
	for i := 0; i < len(ops); {
		if ops[i].kind == ' ' {
			i++
			continue
		}
		start := max(0, i-context)
		end := i
		for j := i; j < len(ops); j++ {
			if ops[j].kind != ' ' {
				end = j + 1
			} else if j-end >= 2*context {
				break
			}
		}
		end = min(len(ops), end+context)
		var oldStart, newStart, oldLen, newLen int
		oldStart, newStart = ops[start].a+1, ops[start].b+1
		var body strings.Builder
		for _, op := range ops[start:end] {
			switch op.kind {
			case ' ':
				oldLen++
				newLen++
				body.WriteString(" " + a[op.a])
			case '-':
				oldLen++
				body.WriteString("-" + a[op.a])
			case '+':
				newLen++
				body.WriteString("+" + b[op.b])
			}
		}
		if oldLen == 0 {
			oldStart--
		}
		if newLen == 0 {
			newStart--
		}
		fmt.Fprintf(&out, "@@ -%d,%d +%d,%d @@\n%s", oldStart, oldLen, newStart, newLen, body.String())
		i = end
	}
	return out.String()
}

// lineOp is one line of a diff: kept (' '), removed ('-') or added ('+'),
// with its index in the old (a) and the new (b) lines.
type lineOp struct {
	kind byte
	a, b int
}

// diffLines returns the operations turning a into b, from a longest
// common subsequence of lines (files a fix changes are small; the common
// prefix and suffix are taken off first).
func diffLines(a, b []string) []lineOp {
	pre := 0
	for pre < len(a) && pre < len(b) && a[pre] == b[pre] {
		pre++
	}
	suf := 0
	for suf < len(a)-pre && suf < len(b)-pre && a[len(a)-1-suf] == b[len(b)-1-suf] {
		suf++
	}
	ma, mb := a[pre:len(a)-suf], b[pre:len(b)-suf]
	// lcs[i][j]: the length of the LCS of ma[i:] and mb[j:].
	lcs := make([][]int, len(ma)+1)
	for i := range lcs {
		lcs[i] = make([]int, len(mb)+1)
	}
	for i := len(ma) - 1; i >= 0; i-- {
		for j := len(mb) - 1; j >= 0; j-- {
			if ma[i] == mb[j] {
				lcs[i][j] = lcs[i+1][j+1] + 1
			} else {
				lcs[i][j] = max(lcs[i+1][j], lcs[i][j+1])
			}
		}
	}
	var ops []lineOp
	for k := 0; k < pre; k++ {
		ops = append(ops, lineOp{' ', k, k})
	}
	i, j := 0, 0
	for i < len(ma) || j < len(mb) {
		switch {
		case i < len(ma) && j < len(mb) && ma[i] == mb[j]:
			ops = append(ops, lineOp{' ', pre + i, pre + j})
			i++
			j++
		case j < len(mb) && (i == len(ma) || lcs[i][j+1] > lcs[i+1][j]):
			ops = append(ops, lineOp{'+', pre + i, pre + j})
			j++
		default:
			ops = append(ops, lineOp{'-', pre + i, pre + j})
			i++
		}
	}
	for k := 0; k < suf; k++ {
		ops = append(ops, lineOp{' ', len(a) - suf + k, len(b) - suf + k})
	}
	return ops
}

// splitLines splits text into lines, each with its newline; a last line
// without one gets the note diff prints.
func splitLines(text []byte) []string {
	var out []string
	for len(text) > 0 {
		i := bytes.IndexByte(text, '\n')
		if i < 0 {
			out = append(out, string(text)+"\n\\ No newline at end of file\n")
			break
		}
		out = append(out, string(text[:i+1]))
		text = text[i+1:]
	}
	return out
}
