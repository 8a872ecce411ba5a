package statedirliteral

// longDir is a literal longer than a message quotes.
const longDir = "bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb/.myapp" // want `^literal "b{60}…" names the state dir "\.myapp" outside the authority package`
