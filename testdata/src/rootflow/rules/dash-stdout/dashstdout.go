// Package dashstdout: "-" names standard output (the recipe's example
// rule, analyzers/internal/rootflow/recipe_test.go).
package dashstdout

import "os"

func output(p string) string { return p }

func main() {
	_ = os.WriteFile(output("-"), nil, 0o600)          // ok: standard output
	_ = os.WriteFile(output("report.txt"), nil, 0o600) // want `"report.txt" relative to the working directory`
}
