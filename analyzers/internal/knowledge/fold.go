package knowledge

import (
	"strconv"
	"strings"
)

// The Fold functions of the string functions of the table (Func.Fold):
// each computes, on constant arguments, what the function returns, as
// the values of result i.

func foldTrimPrefix(a []string, _ int) []string { return []string{strings.TrimPrefix(a[0], a[1])} }

func foldCut(a []string, i int) []string {
	before, after, _ := strings.Cut(a[0], a[1])
	return []string{[]string{before, after}[i]}
}

func foldSplit(a []string, _ int) []string      { return strings.Split(a[0], a[1]) }
func foldSplitAfter(a []string, _ int) []string { return strings.SplitAfter(a[0], a[1]) }
func foldFields(a []string, _ int) []string     { return strings.Fields(a[0]) }
func foldTrim(a []string, _ int) []string       { return []string{strings.Trim(a[0], a[1])} }
func foldTrimLeft(a []string, _ int) []string   { return []string{strings.TrimLeft(a[0], a[1])} }
func foldReplaceAll(a []string, _ int) []string {
	return []string{strings.ReplaceAll(a[0], a[1], a[2])}
}

func foldSplitN(a []string, _ int) []string {
	n, err := strconv.Atoi(a[2])
	if err != nil {
		return nil
	}
	return strings.SplitN(a[0], a[1], n)
}

func foldReplace(a []string, _ int) []string {
	n, err := strconv.Atoi(a[3])
	if err != nil {
		return nil
	}
	return []string{strings.Replace(a[0], a[1], a[2], n)}
}
