// Command recall measures staterootlint's recall on real programs: it
// injects realistic shadow writes of our own into a copy of a corpus
// program and checks that shadowwrite reports each one (bench/recall.sh
// runs it; bench/recall/README.md says how injections are written).
//
// Usage:
//
//	recall apply MODULE_DIR INJECTIONS_DIR   inject, print the expectations
//	recall score EXPECT.tsv FINDINGS.json    score the findings
//
// apply edits MODULE_DIR in place (a scratch copy) and prints one
// tab-separated line per injection: its name, then each "file:line" (in
// the edited tree) a shadowwrite finding for it may land on. score prints
// "INJECTED FOUND", then a "# missed NAME" line per injection no
// shadowwrite finding landed on; an unproven finding there is a miss.
package main

import (
	"fmt"
	"os"
)

func main() {
	var err error
	switch {
	case len(os.Args) == 4 && os.Args[1] == "apply":
		err = apply(os.Args[2], os.Args[3], os.Stdout)
	case len(os.Args) == 4 && os.Args[1] == "score":
		err = score(os.Args[2], os.Args[3], os.Stdout)
	default:
		fmt.Fprintln(os.Stderr, "usage: recall apply MODULE_DIR INJECTIONS_DIR | recall score EXPECT.tsv FINDINGS.json")
		os.Exit(2)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "recall:", err)
		os.Exit(1)
	}
}
