package rootflow

import (
	"go/token"
	"path"
	"slices"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/staterootlint/staterootlint/analyzers/internal/knowledge"
	"github.com/staterootlint/staterootlint/analyzers/internal/lattice"
	"github.com/staterootlint/staterootlint/analyzers/internal/rootflow/code"
	"github.com/staterootlint/staterootlint/analyzers/internal/rootflow/hook"
)

// The library sinks whose written path is not an argument as it is
// (knowledge's libSinks and FieldSinks): database/sql.Open writes a
// file only under a SQLite driver, and then the file its data source
// name names; a store into a rotating log's Filename is a write.

// libSinkArg returns the path the sink key's argument i writes, and whether
// the call writes at all: a driver the table does not list (or one not
// constant) writes no file, and a data source name writes the file it
// names, or none (":memory:").
func libSinkArg(e *engine, key string, args []ssa.Value, i int) (Origins, bool) {
	f := code.Lookup(key)
	if len(f.Sink.Drivers) > 0 {
		if f.Sink.DriverArg >= len(args) {
			return nil, false
		}
		d, ok := code.ConstString(args[f.Sink.DriverArg])
		if !ok || !slices.Contains(f.Sink.Drivers, d) {
			return nil, false
		}
	}
	if f.Sink.DSN {
		return dsnValue(e, args[i])
	}
	return e.eval(args[i]), true
}

// dsnValue is the file a SQLite data source name v writes: its value
// with a leading "file:" and a trailing query string ("?cache=shared")
// cut off; ok is false for a name that writes no file (":memory:",
// "file::memory:?cache=shared", "").
func dsnValue(e *engine, v ssa.Value) (Origins, bool) {
	if s, ok := code.ConstString(v); ok {
		p, ok := dsnPath(s)
		if !ok {
			return nil, false
		}
		return Origins{lattice.Literal(p, token.Position{})}, true
	}
	if b, ok := v.(*ssa.BinOp); ok && b.Op == token.ADD {
		if s, ok := code.ConstString(b.Y); ok && strings.HasPrefix(s, "?") {
			return dsnValue(e, b.X) // path + "?_pragma=..."
		}
		if s, ok := code.ConstString(b.X); ok && s == "file:" {
			return cutQuery(e.eval(b.Y)), true // "file:" + path
		}
	}
	if call, ok := v.(*ssa.Call); ok {
		if dsn, ok := dsnFormat(e, call); ok {
			return dsn, len(dsn) > 0
		}
	}
	v2 := cutQuery(e.eval(v))
	return v2, len(v2) > 0
}

// dsnFormat is the file a data source name formatted by fmt.Sprintf
// names, when its format is "file:%s" or "%s" (or %v) followed by a
// query string or a suffix and its first argument is the path: that
// argument, with the suffix up to the query appended. ok is false for
// any other call.
func dsnFormat(e *engine, call *ssa.Call) (Origins, bool) {
	common := call.Common()
	callee := common.StaticCallee()
	if callee == nil || len(common.Args) != 2 || !code.Lookup(code.FuncKey(callee)).Has(knowledge.Format) {
		return nil, false
	}
	format, ok := code.ConstString(common.Args[0])
	if !ok {
		return nil, false
	}
	format = strings.TrimPrefix(format, "file:")
	rest, ok := strings.CutPrefix(format, "%s")
	if !ok {
		if rest, ok = strings.CutPrefix(format, "%v"); !ok {
			return nil, false
		}
	}
	suffix, _, _ := strings.Cut(rest, "?")
	elems, ok := code.Varargs(common.Args[1])
	if !ok || len(elems) == 0 || strings.Contains(suffix, "%") {
		return nil, false
	}
	at := e.At(call.Pos())
	return cutQuery(e.eval(elems[0])).Map(func(a Origin) Origins { return Origins{a.AppendRaw(suffix, at)} }), true
}

// dsnPath returns the file a constant data source name names.
func dsnPath(s string) (string, bool) {
	s, _, _ = strings.Cut(s, "?")
	s = strings.TrimPrefix(s, "file:")
	if s == "" || s == ":memory:" || strings.HasPrefix(s, ":memory:") {
		return "", false
	}
	if rest, ok := strings.CutPrefix(s, "//"); ok {
		s = rest // file:///x/y.db
		if !strings.HasPrefix(s, "/") {
			s = "/" + s
		}
	}
	return s, true
}

// cutQuery cuts what follows a "?" off the literals and patterns of v,
// and a "file:" off its literals: the query string and scheme of a data
// source name are no part of the file's path.
func cutQuery(v Origins) Origins {
	return v.Map(func(a Origin) Origins {
		if i := strings.Index(a.Path, "?"); i >= 0 {
			a.Path = strings.TrimSuffix(a.Path[:i], "/")
		}
		if a.Kind == Bad && a.Lit != "" {
			p, ok := dsnPath(a.Lit)
			if !ok {
				if a.Path == "" {
					return nil
				}
				p = ""
			}
			if p != a.Lit {
				b := lattice.Literal(p, a.At)
				if a.Path != "" {
					b = b.AppendPath(a.Path, a.At)
				}
				return Origins{b}
			}
		}
		return Origins{a}
	})
}

// fieldSinks checks the stores of this package into the library fields
// the library writes (knowledge.FieldSinks): each store is a write of
// the stored path, reported, listed and reached where it is made.
func fieldSinks(e *engine, stores map[string][]hook.StoreSite, queue *[]pending) {
	for _, key := range sortedKeys(knowledge.FieldSinks) {
		sink := knowledge.FieldSinks[key]
		op := sink.Op
		for _, s := range stores[key] {
			if s.Val == nil || s.Fn == nil {
				continue
			}
			at := e.At(s.Pos)
			v := e.eval(s.Val)
			listed := []Origins{v}
			if sink.Siblings {
				listed = append(listed, rotated(v))
			}
			for _, w := range listed {
				if len(w) == 0 {
					continue
				}
				declared := declare(e.allow.at(s.Pos), w)
				e.reach[s.Fn] = addReach(e.reach[s.Fn], Reach{Op: op, At: at, Path: declared, Allowed: pendingAllowed(e.allow.at(s.Pos), declared)})
				e.res.Writes = append(e.res.Writes, &Write{Pos: s.Pos, Op: op, Func: code.FuncKey(s.Fn), Path: anyObject(declared)})
			}
			// The siblings are in the file's directory, from the same
			// origin: one finding covers them.
			r := writeReq(op, at)
			r.Tags.SetAllowed(patternTexts(e.allow.at(s.Pos)), false)
			e.check(v, s.Pos, AtWrite, op, r, queue)
		}
	}
}

// rotated returns the files a rotating log keeps beside the log file v
// names: its name with a timestamp before the extension
// ("logs/app.log" has "logs/app-*.log"). Origins whose file name the
// analysis does not spell are left out: the log's own row stands for
// them.
func rotated(v Origins) Origins {
	return v.Map(func(a Origin) Origins {
		name := func(p string) (string, bool) {
			dir, file := path.Split(p)
			if file == "" || strings.Contains(file, "*") {
				return "", false
			}
			ext := path.Ext(file)
			return dir + strings.TrimSuffix(file, ext) + "-*" + ext, true
		}
		switch {
		case a.Path != "":
			p, ok := name(a.Path)
			if !ok {
				return nil
			}
			a.Path = p
		case a.Kind == Bad && a.Lit != "":
			p, ok := name(a.Lit)
			if !ok {
				return nil
			}
			a.Lit = p
		default:
			return nil
		}
		return Origins{a}
	})
}
