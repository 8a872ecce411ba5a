// Command vetxsize measures what go vet -vettool=staterootlint passes
// between package units: the types and the facts of each unit's vetx file
// (what unitchecker writes for the units that import it), and the time to
// decode the facts.
//
// Usage: go run ./bench/vetxsize WORKDIR [N]
//
// WORKDIR is the directory `go vet -work -vettool=...` kept (it prints
// WORK=...): every b*/vet.cfg there names a unit and its vetx output. It
// prints the totals (units, types bytes, facts bytes, facts), the time to
// gob-decode every unit's facts and to read every function fact's fields
// (the lazy part, FuncFact.Loaded), and the N packages (default 15) whose
// facts weigh most over the whole run, counting every unit that re-exports
// them: unitchecker writes, in each unit, the facts of everything below
// it. bench/factsize.sh runs it on a corpus program.
package main

import (
	"fmt"
	"os"
	"strconv"
)

func main() {
	if len(os.Args) < 2 || len(os.Args) > 3 {
		fmt.Fprintln(os.Stderr, "usage: vetxsize WORKDIR [N]")
		os.Exit(2)
	}
	top := 15
	if len(os.Args) == 3 {
		n, err := strconv.Atoi(os.Args[2])
		if err != nil || n < 0 {
			fmt.Fprintf(os.Stderr, "vetxsize: N must be a count, not %q\n", os.Args[2])
			os.Exit(2)
		}
		top = n
	}
	m, err := measure(os.Args[1])
	if err != nil {
		fmt.Fprintln(os.Stderr, "vetxsize:", err)
		os.Exit(1)
	}
	m.print(os.Stdout, top)
}
