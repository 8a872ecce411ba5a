// Package config reads staterootlint's configuration: the .staterootlint.yaml
// file, the golangci-lint plugin settings and the CLI's overrides, and maps it
// onto the analyzers' flags.
//
// Configuration is analyzer flags, with no special cases: key K sets the flag
// named K on every analyzer (in the Requires closure) that declares it; lists
// are comma-joined; allow.temp becomes allow-temp. Every driver (the CLI,
// go vet -vettool, the golangci-lint plugin) goes through Apply, so the same
// file means the same thing everywhere.
package config

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/staterootlint/staterootlint/internal/flagname"
)

// FileName is the configuration file's name, found by walking up from the
// working directory.
const FileName = ".staterootlint.yaml"

// Keys lists the top-level keys of the file, in the order docs/configuration.md
// documents them. Every key but allow (whose keys become the allow-temp,
// allow-cache and allow-user flags) is also the name of the analyzer flag
// it sets (internal/flagname).
var Keys = []string{flagname.Authorities, flagname.Sinks, "allow", flagname.StateDir, flagname.RootEnv, flagname.UserEnv, flagname.Tests, flagname.Exclude, flagname.Generated, flagname.ReportUnproven, flagname.AllowWrite}

// GeneratedValues are the values of the generated key: findings in
// generated files are reported (the default) or skipped.
var GeneratedValues = []string{"report", "skip"}

// AllowKeys lists the keys of the allow mapping.
var AllowKeys = []string{"temp", "cache", "user"}

// Config is a decoded configuration. Nil fields and empty lists that were
// never set leave the analyzers' defaults alone.
type Config struct {
	// Source names where the configuration came from: a file path, or a
	// description such as ".golangci.yml settings". Empty when nothing was read.
	Source string

	Authorities []Entry
	Sinks       []Entry
	AllowTemp   *bool
	AllowCache  *bool
	AllowUser   *bool
	StateDir    *string
	RootEnv     []Entry
	UserEnv     []Entry
	Tests       *bool
	Exclude     []Entry
	Generated   *string // "report" or "skip"
	// ReportUnproven lists the writes the analysis cannot prove rooted
	// (the unproven analyzer's -unproven.report).
	ReportUnproven *bool
	// AllowWrite are the allowances, one "FUNC=PATTERN" entry per pattern
	// of the allow-write mapping (FUNC a function's full name or "*").
	AllowWrite []Entry

	// set records which list keys were present, so "authorities: []"
	// clears the analyzers' default instead of leaving it alone.
	set map[string]bool
}

// Entry is one list item with where it was written.
type Entry struct {
	Value string
	Pos   Pos
}

// Pos is where a value was written: a file and line, or a CLI flag.
type Pos struct {
	File string // file path or a description; empty for the CLI
	Line int    // 1-based; 0 when unknown
	Flag string // the CLI flag that gave the value, such as "--authority"
}

// String formats p as "file:line", "file" or "--flag".
func (p Pos) String() string {
	switch {
	case p.Flag != "":
		return p.Flag
	case p.Line > 0:
		return p.File + ":" + strconv.Itoa(p.Line)
	default:
		return p.File
	}
}

// Error is a configuration error: exit code 78 (EX_CONFIG) in the CLI.
type Error struct {
	Pos Pos
	Key string // the offending key, dotted for nested keys ("allow.temp")
	Msg string
}

func (e *Error) Error() string {
	var b strings.Builder
	if s := e.Pos.String(); s != "" {
		b.WriteString(s)
		b.WriteString(": ")
	}
	if e.Key != "" && e.Pos.Flag == "" {
		fmt.Fprintf(&b, "key %q: ", e.Key)
	}
	b.WriteString(e.Msg)
	return b.String()
}

// Errors is a list of configuration errors, reported together.
type Errors []*Error

// MaxErrors is how many errors an Errors message lists: a list of
// thousands of bad entries reads as its first problems and a count.
const MaxErrors = 10

func (es Errors) Error() string {
	lines := make([]string, 0, min(len(es), MaxErrors+1))
	for i, e := range es {
		if i == MaxErrors {
			prefix := ""
			if f := e.Pos.File; f != "" {
				prefix = f + ": "
			}
			lines = append(lines, fmt.Sprintf("%sand %d more configuration errors; fix the ones above first", prefix, len(es)-MaxErrors))
			break
		}
		lines = append(lines, e.Error())
	}
	return strings.Join(lines, "\n")
}

// AddAuthority appends an authority given on the command line.
func (c *Config) AddAuthority(value, flag string) error {
	return c.addCLI(&c.Authorities, flagname.Authorities, value, flag, checkAuthoritySyntax)
}

// AddSink appends an extra sink given on the command line.
func (c *Config) AddSink(value, flag string) error {
	return c.addCLI(&c.Sinks, flagname.Sinks, value, flag, checkSinkSyntax)
}

func (c *Config) addCLI(list *[]Entry, key, value, flag string, check func(string) string) error {
	value = strings.TrimSpace(value)
	if msg := check(value); msg != "" {
		return &Error{Pos: Pos{Flag: flag}, Key: key, Msg: fmt.Sprintf("%q: %s", value, msg)}
	}
	*list = append(*list, Entry{Value: value, Pos: Pos{Flag: flag}})
	c.markSet(key)
	return nil
}

func (c *Config) markSet(key string) {
	if c.set == nil {
		c.set = map[string]bool{}
	}
	c.set[key] = true
}

// Setting is one analyzer flag assignment derived from the configuration.
type Setting struct {
	// Analyzer, when set, is the one analyzer whose flag this is (a key
	// named differently from its flag); empty: every analyzer declaring
	// Flag.
	Analyzer string
	Flag     string // the analyzer flag name, such as "allow-temp"
	Value    string // the flag value; lists comma-joined
	Pos      Pos    // where the first value came from, for error messages
}

// Settings returns the flag assignments c makes, in the order of Keys.
func (c *Config) Settings() []Setting {
	var out []Setting
	list := func(flag string, es []Entry) {
		if !c.set[flag] {
			return
		}
		vals := make([]string, len(es))
		for i, e := range es {
			vals[i] = e.Value
		}
		s := Setting{Flag: flag, Value: strings.Join(vals, ","), Pos: Pos{File: c.Source}}
		if len(es) > 0 {
			s.Pos = es[0].Pos
		}
		out = append(out, s)
	}
	boolean := func(flag string, b *bool) {
		if b != nil {
			out = append(out, Setting{Flag: flag, Value: strconv.FormatBool(*b), Pos: Pos{File: c.Source}})
		}
	}
	list(flagname.Authorities, c.Authorities)
	list(flagname.Sinks, c.Sinks)
	boolean(flagname.AllowTemp, c.AllowTemp)
	boolean(flagname.AllowCache, c.AllowCache)
	boolean(flagname.AllowUser, c.AllowUser)
	if c.StateDir != nil {
		out = append(out, Setting{Flag: flagname.StateDir, Value: *c.StateDir, Pos: Pos{File: c.Source}})
	}
	list(flagname.RootEnv, c.RootEnv)
	list(flagname.UserEnv, c.UserEnv)
	boolean(flagname.Tests, c.Tests)
	list(flagname.Exclude, c.Exclude)
	if c.Generated != nil {
		out = append(out, Setting{Flag: flagname.Generated, Value: *c.Generated, Pos: Pos{File: c.Source}})
	}
	list(flagname.AllowWrite, c.AllowWrite)
	if c.ReportUnproven != nil {
		out = append(out, Setting{Analyzer: "unproven", Flag: flagname.Report, Value: strconv.FormatBool(*c.ReportUnproven), Pos: Pos{File: c.Source}})
	}
	return out
}

// TestsEnabled reports whether _test.go files are to be analyzed.
func (c *Config) TestsEnabled() bool { return c.Tests != nil && *c.Tests }
