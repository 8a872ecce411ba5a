// Package fixkind tells the kinds of suggested fix apart by their message,
// the one field a fix carries through every driver (go vet's JSON,
// golangci-lint, SARIF): a declaration, whose message starts with
// DeclarePrefix, records that a command writes a file where it runs on
// purpose (//staterootlint:allow-write cwd:NAME). Only the author knows a
// product from state, so staterootlint --fix leaves declarations out and
// --fix=declare applies them; every other fix is a rewrite.
package fixkind

import "strings"

// DeclarePrefix starts the message of a declaration:
// "Declare cwd:app.toml on scaffold with //staterootlint:allow-write".
const DeclarePrefix = "Declare "

// IsDeclaration reports whether a fix with this message is a declaration.
func IsDeclaration(message string) bool {
	return strings.HasPrefix(message, DeclarePrefix)
}
