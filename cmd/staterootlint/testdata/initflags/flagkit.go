// Package flagkit is a command-line flag library: a flag holds a Value
// that parses the user's text and prints itself, and a Context hands a
// command the values the user gave.
package flagkit

import "fmt"

// Value is a flag's value: it parses the user's text and prints itself.
type Value interface {
	String() string
	Set(string) error
}

// Text is a string flag's value.
type Text struct{ s string }

// Set keeps the user's text.
func (t *Text) Set(s string) error { t.s = s; return nil }

// String returns the text.
func (t *Text) String() string { return t.s }

// Many is a repeated flag's value; it prints itself as Go syntax.
type Many struct{ items []string }

// Set adds one occurrence.
func (m *Many) Set(s string) error { m.items = append(m.items, s); return nil }

// String prints the occurrences.
func (m *Many) String() string { return fmt.Sprintf("%#v", m.items) }

// Level is a verbosity. It prints itself but parses nothing: no flag
// value.
type Level int

// String names the level.
func (l Level) String() string { return fmt.Sprintf("level-%d", int(l)) }

// Context is what a command runs with.
type Context struct {
	flags map[string]Value
	level Level
}

// String returns the value the user gave the flag called name.
func (c *Context) String(name string) string {
	if v, ok := c.flags[name]; ok {
		return v.String()
	}
	return ""
}

// Path is String for a flag naming a file.
func (c *Context) Path(name string) string { return c.String(name) }

// LevelName names the command's verbosity.
func (c *Context) LevelName() string { return c.level.String() }
