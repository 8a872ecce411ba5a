package config

import (
	"bytes"
	"cmp"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/staterootlint/staterootlint/internal/flagname"
)

// Find walks up from dir to the first directory holding FileName and returns
// that file's path, or "" when no directory up to the file system root has one.
func Find(dir string) (string, error) {
	dir, err := filepath.Abs(dir)
	if err != nil {
		return "", fmt.Errorf("find %s: %w", FileName, err)
	}
	for {
		p := filepath.Join(dir, FileName)
		if fi, err := os.Stat(p); err == nil && !fi.IsDir() {
			return p, nil
		} else if err != nil && !errors.Is(err, fs.ErrNotExist) {
			return "", fmt.Errorf("find %s: %w", FileName, err)
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", nil
		}
		dir = parent
	}
}

// Load reads and decodes the configuration file at path. A missing or
// unreadable file is an *Error.
func Load(path string) (*Config, error) {
	if fi, err := os.Stat(path); err == nil && fi.IsDir() {
		return nil, Errors{{Pos: Pos{File: path}, Msg: "is a directory; name the configuration file itself (" + FileName + ")"}}
	}
	data, err := os.ReadFile(path)
	if err != nil {
		msg := err.Error()
		if errors.Is(err, fs.ErrNotExist) {
			msg = "no such file; create it (see docs/configuration.md) or fix the path"
		}
		return nil, Errors{{Pos: Pos{File: path}, Msg: msg}}
	}
	return Decode(data, path)
}

// Discover finds the configuration file for a run started in dir (see Find)
// and loads it. With no file it returns an empty Config and no error.
func Discover(dir string) (*Config, error) {
	path, err := Find(dir)
	if err != nil {
		return nil, Errors{{Pos: Pos{File: dir}, Msg: err.Error()}}
	}
	if path == "" {
		return &Config{}, nil
	}
	return Load(path)
}

// Decode strictly decodes a YAML configuration document; source names it in
// error messages. Unknown keys, wrong types and malformed YAML are Errors,
// each with the line it refers to.
func Decode(data []byte, source string) (*Config, error) {
	dec := yaml.NewDecoder(bytes.NewReader(data))
	var doc yaml.Node
	if err := dec.Decode(&doc); err != nil && err != io.EOF {
		return nil, Errors{yamlError(err, source)}
	}
	// A second document would be ignored by a plain Unmarshal: its keys
	// would silently configure nothing.
	for {
		var next yaml.Node
		err := dec.Decode(&next)
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, Errors{yamlError(err, source)}
		}
		if len(next.Content) > 0 && next.Content[0].Tag != "!!null" {
			return nil, Errors{{Pos: Pos{File: source, Line: next.Content[0].Line}, Msg: "a second YAML document: the configuration is one document; remove the --- separator and merge the keys"}}
		}
	}
	d := decoder{cfg: &Config{Source: source}, source: source, lines: true}
	if len(doc.Content) > 0 { // an empty document configures nothing
		d.top(doc.Content[0])
	}
	d.errs = append(d.errs, d.cfg.checkBases()...)
	if len(d.errs) > 0 {
		return nil, d.errs
	}
	return d.cfg, nil
}

// checkBases reports each authority or root-env variable declared a
// shared base (=KIND:base) when state-dir, the name of the program's
// directory below it, is not set: the root could not be told from the
// rest of the base.
func (c *Config) checkBases() Errors {
	if c.StateDir != nil {
		return nil
	}
	var errs Errors
	for key, entries := range map[string][]Entry{flagname.Authorities: c.Authorities, flagname.RootEnv: c.RootEnv} {
		for _, a := range entries {
			if strings.HasSuffix(a.Value, ":base") {
				errs = append(errs, &Error{Pos: a.Pos, Key: key, Msg: fmt.Sprintf("%q: a shared base needs state-dir, the program's directory below it (state-dir: .myapp makes the root BASE/myapp)", a.Value)})
			}
		}
	}
	slices.SortFunc(errs, func(x, y *Error) int { return cmp.Compare(x.Pos.Line, y.Pos.Line) })
	return errs
}

// FromMap decodes settings already parsed from another file, such as the
// golangci-lint plugin's settings from .golangci.yml, with the same rules as
// Decode. Line numbers are not known there, so errors name source only.
func FromMap(settings any, source string) (*Config, error) {
	if settings == nil {
		return &Config{Source: source}, nil
	}
	var doc yaml.Node
	if err := doc.Encode(settings); err != nil {
		return nil, Errors{{Pos: Pos{File: source}, Msg: fmt.Sprintf("expected a mapping of staterootlint settings: %v", err)}}
	}
	d := decoder{cfg: &Config{Source: source}, source: source}
	d.top(&doc)
	d.errs = append(d.errs, d.cfg.checkBases()...)
	if len(d.errs) > 0 {
		return nil, d.errs
	}
	return d.cfg, nil
}

// yamlError turns a yaml.v3 syntax error ("yaml: line 3: did not find
// expected key") into a positioned Error.
func yamlError(err error, source string) *Error {
	msg := strings.TrimPrefix(err.Error(), "yaml: ")
	pos := Pos{File: source}
	var line int
	if n, _ := fmt.Sscanf(msg, "line %d:", &line); n == 1 {
		pos.Line = line
		msg = strings.TrimSpace(msg[strings.Index(msg, ":")+1:])
	}
	return &Error{Pos: pos, Msg: "malformed YAML: " + msg}
}

type decoder struct {
	cfg    *Config
	source string
	lines  bool
	errs   Errors
}

func (d *decoder) pos(n *yaml.Node) Pos {
	p := Pos{File: d.source}
	if d.lines {
		p.Line = n.Line
	}
	return p
}

func (d *decoder) errorf(n *yaml.Node, key, format string, args ...any) {
	d.errs = append(d.errs, &Error{Pos: d.pos(n), Key: key, Msg: fmt.Sprintf(format, args...)})
}

func (d *decoder) top(n *yaml.Node) {
	if n.Kind == yaml.ScalarNode && n.Tag == "!!null" {
		return
	}
	if n.Kind != yaml.MappingNode {
		d.errorf(n, "", "expected a mapping of settings (%s), got %s", strings.Join(Keys, ", "), describe(n))
		return
	}
	seen := map[string]bool{}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], n.Content[i+1]
		key := k.Value
		if seen[key] {
			d.errorf(k, key, "duplicate key")
			continue
		}
		seen[key] = true
		switch key {
		case flagname.Authorities:
			d.cfg.Authorities = d.list(v, key, checkAuthoritySyntax)
		case flagname.Sinks:
			d.cfg.Sinks = d.list(v, key, checkSinkSyntax)
		case flagname.RootEnv:
			d.cfg.RootEnv = d.list(v, key, checkRootEnv)
		case flagname.UserEnv:
			d.cfg.UserEnv = d.list(v, key, checkEnvName)
		case flagname.Exclude:
			d.cfg.Exclude = d.list(v, key, checkGlob)
		case flagname.StateDir:
			if s, ok := d.str(v, key); ok {
				if msg := checkStateDir(s); msg != "" {
					d.errorf(v, key, "%s", msg)
				}
				d.cfg.StateDir = &s
			}
		case flagname.Tests:
			d.cfg.Tests = d.boolean(v, key)
		case flagname.ReportUnproven:
			d.cfg.ReportUnproven = d.boolean(v, key)
		case flagname.Generated:
			if s, ok := d.str(v, key); ok {
				if msg := checkGenerated(s); msg != "" {
					d.errorf(v, key, "%s", msg)
				}
				d.cfg.Generated = &s
			}
		case "allow":
			d.allow(v)
		case flagname.AllowWrite:
			d.allowWrite(v)
		default:
			d.errorf(k, key, "unknown key; valid keys: %s", strings.Join(Keys, ", "))
		}
	}
}

func (d *decoder) allow(n *yaml.Node) {
	if n.Kind != yaml.MappingNode {
		d.errorf(n, "allow", "expected a mapping with keys %s, got %s", strings.Join(AllowKeys, ", "), describe(n))
		return
	}
	seen := map[string]bool{}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], n.Content[i+1]
		key := "allow." + k.Value
		if seen[key] {
			d.errorf(k, key, "duplicate key")
			continue
		}
		seen[key] = true
		switch k.Value {
		case "temp":
			d.cfg.AllowTemp = d.boolean(v, key)
		case "cache":
			d.cfg.AllowCache = d.boolean(v, key)
		case "user":
			d.cfg.AllowUser = d.boolean(v, key)
		default:
			d.errorf(k, key, "unknown key; valid keys under allow: %s", strings.Join(AllowKeys, ", "))
		}
	}
}

// allowWrite decodes the allow-write mapping, a function's full name (or
// "*", the whole program) to the patterns its writes may match, into one
// FUNC=PATTERN entry per pattern.
func (d *decoder) allowWrite(n *yaml.Node) {
	key := flagname.AllowWrite
	if n.Kind != yaml.MappingNode {
		d.errorf(n, key, "expected a mapping of functions (pkg/path.F, (*pkg/path.T).M, or \"*\" for the whole program) to lists of patterns (cwd:app.toml), got %s", describe(n))
		return
	}
	d.cfg.markSet(key)
	seen := map[string]bool{}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], n.Content[i+1]
		fn := k.Value
		if seen[fn] {
			d.errorf(k, key, "%q: duplicate function", fn)
			continue
		}
		seen[fn] = true
		if _, ok := parseName(fn); !ok && fn != flagname.AllowWriteAll {
			d.errorf(k, key, "%q: expected pkg/path.Func, (*pkg/path.T).Method, or \"*\" for the whole program", fn)
			continue
		}
		for _, p := range d.list(v, key, checkAllowPattern) {
			p.Value = fn + "=" + p.Value
			d.cfg.AllowWrite = append(d.cfg.AllowWrite, p)
		}
	}
}

// checkAllowPattern checks the form of an allow-write pattern: KIND:GLOB
// (cwd:app.toml, project:app.lock), KIND alone, or exe. The engine parses
// it fully, as it parses may-write.
func checkAllowPattern(s string) string {
	kind, glob, _ := strings.Cut(s, ":")
	switch {
	case kind == "" || strings.ContainsAny(kind, "/*= ,"):
		return "expected KIND:GLOB, such as cwd:app.toml or cwd:deploy/**, or exe"
	case strings.ContainsAny(glob, ", ="):
		return "a pattern holds no comma, space or ="
	case glob != "" && (path.IsAbs(glob) || path.Clean(glob) == ".." || strings.HasPrefix(path.Clean(glob), "../")):
		return "the glob must stay below the root (" + kind + ":NAME, no .. or leading /)"
	}
	return ""
}

func (d *decoder) list(n *yaml.Node, key string, check func(string) string) []Entry {
	if n.Kind != yaml.SequenceNode {
		d.errorf(n, key, "expected a list of strings, got %s", describe(n))
		return nil
	}
	d.cfg.markSet(key)
	out := make([]Entry, 0, len(n.Content))
	for _, item := range n.Content {
		s, ok := d.str(item, key)
		if !ok {
			continue
		}
		if msg := check(s); msg != "" {
			d.errorf(item, key, "%q: %s", s, msg)
			continue
		}
		out = append(out, Entry{Value: s, Pos: d.pos(item)})
	}
	return out
}

func (d *decoder) str(n *yaml.Node, key string) (string, bool) {
	if n.Kind != yaml.ScalarNode || n.Tag != "!!str" {
		d.errorf(n, key, "expected a string, got %s", describe(n))
		return "", false
	}
	return n.Value, true
}

func (d *decoder) boolean(n *yaml.Node, key string) *bool {
	var b bool
	if n.Kind != yaml.ScalarNode || n.Tag != "!!bool" || n.Decode(&b) != nil {
		d.errorf(n, key, "expected true or false, got %s", describe(n))
		return nil
	}
	return &b
}

// describe names a node's kind the way an error message wants it.
func describe(n *yaml.Node) string {
	switch n.Kind {
	case yaml.MappingNode:
		return "a mapping"
	case yaml.SequenceNode:
		return "a list"
	case yaml.AliasNode:
		return "an alias"
	case yaml.DocumentNode:
		return "a document"
	}
	switch n.Tag {
	case "!!null":
		return "null"
	case "!!bool":
		return "a boolean " + n.Value
	case "!!int", "!!float":
		return "a number " + n.Value
	case "!!str":
		return fmt.Sprintf("a string %q", n.Value)
	}
	return fmt.Sprintf("%s %q", n.Tag, n.Value)
}

func checkStateDir(s string) string {
	if s == "" || s == "." || s == ".." || strings.ContainsAny(s, `/\`) {
		return fmt.Sprintf("expected a directory name such as .myapp, got %q", s)
	}
	return ""
}

func checkGenerated(s string) string {
	if !slices.Contains(GeneratedValues, s) {
		return fmt.Sprintf("expected %s, got %q", strings.Join(GeneratedValues, " or "), s)
	}
	return ""
}

// CheckFlag checks the value of the analyzer flag named flag (a
// -NAME.flag argument of go vet) by the rules of the configuration key it
// corresponds to; lists are checked item by item. Flags with no such key
// pass.
func CheckFlag(flag, value string) error {
	var check func(string) string
	list := true
	switch flag {
	case flagname.Authorities:
		check = checkAuthoritySyntax
	case flagname.Sinks:
		check = checkSinkSyntax
	case flagname.RootEnv:
		check = checkRootEnv
	case flagname.UserEnv:
		check = checkEnvName
	case flagname.Exclude:
		check = checkGlob
	case flagname.StateDir: // adhocroot takes a list of names
		check = checkStateDir
	case flagname.Generated:
		check, list = checkGenerated, false
	default:
		return nil
	}
	items := []string{value}
	if list {
		items = nil
		for item := range strings.SplitSeq(value, ",") {
			if item = strings.TrimSpace(item); item != "" {
				items = append(items, item)
			}
		}
	}
	for _, item := range items {
		if msg := check(item); msg != "" {
			if list {
				return fmt.Errorf("%q: %s", item, msg)
			}
			return errors.New(msg)
		}
	}
	return nil
}

func checkEnvName(s string) string {
	if s == "" {
		return "expected an environment variable name, got an empty string"
	}
	for _, r := range s {
		if !(r == '_' || r == '*' || r >= 'A' && r <= 'Z' || r >= 'a' && r <= 'z' || r >= '0' && r <= '9') {
			return "expected an environment variable name such as MYAPP_GLOBAL_STATE_ROOT"
		}
	}
	switch {
	case strings.Trim(s, "*") == "":
		return "a pattern over variables' names needs a constant part, such as TOOL_*_VERSION"
	case strings.Contains(s, "**"):
		return "a * follows another *"
	}
	return ""
}

// checkRootEnv checks a root-env entry: a variable's name, optionally
// followed by =KIND, =KIND:file or =KIND:base, as for an authority (the
// kind is global when unstated).
func checkRootEnv(s string) string {
	name, kind, hasKind := strings.Cut(s, "=")
	if msg := checkEnvName(name); msg != "" {
		return msg + ", optionally followed by =KIND, =KIND:file or =KIND:base"
	}
	if hasKind && !isKind(kind) {
		return "expected a root kind after the variable's name (MYAPP_HOME=global), optionally followed by :file (the value names a file inside the root) or :base (a base many programs share, such as XDG_CONFIG_HOME=global:base: the root is the state-dir name below it)"
	}
	return ""
}

func checkGlob(s string) string {
	if s == "" {
		return "expected a file glob such as **/zz_generated*.go, got an empty string"
	}
	if _, err := filepath.Match(strings.ReplaceAll(s, "**", "*"), ""); err != nil {
		return "expected a file glob such as **/zz_generated*.go: " + err.Error()
	}
	return ""
}
