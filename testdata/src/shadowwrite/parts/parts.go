// Package parts: a part of a string that need not start where the string
// starts (s[i:], strings.TrimPrefix, Cut's second result, Split on "/" or
// on a separator longer than one byte) is not where the whole is. It is
// the user's where the whole is, the constant it is where every operand
// is constant, and unproven otherwise: a URL's host is not a path
// "relative to the working directory". A prefix (s[:i], TrimSuffix,
// Cut's first result) keeps the whole's origin, as filepath.Dir does. A
// part of a constant is that constant, which MkdirAll does create where
// the program runs.
package parts

import (
	"flag"
	"os"
	"strings"
)

var server = flag.String("server", "", "the server's URL")

// host returns what follows the scheme.
func host(u string) string {
	_, rest, _ := strings.Cut(u, "://")
	return rest
}

func main() {
	endpoint := "http://localhost:9000"
	_ = os.MkdirAll(host(endpoint), 0o755)                         // unproven: a part of a literal, cut in host
	_ = os.MkdirAll(strings.Split(endpoint, "://")[1], 0o755)      // want `"(http|localhost:9000)" relative to the working directory`
	_ = os.MkdirAll(endpoint[7:], 0o755)                           // want `"localhost:9000" relative to the working directory`
	_ = os.MkdirAll(strings.TrimPrefix(*server, "http://"), 0o755) // ok: a part of the user's choice
	_ = os.MkdirAll(strings.TrimPrefix("./cache/x", "./"), 0o755)  // want `"cache/x" relative to the working directory`
	_ = os.MkdirAll(strings.TrimSuffix("logs/app", "/app"), 0o755) // want `"logs/app" relative to the working directory`
	spool := "spool/outgoing"
	_ = os.MkdirAll(spool[:5], 0o755) // want `"spool/outgoing" relative to the working directory`
}
