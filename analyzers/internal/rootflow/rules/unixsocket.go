package rules

import (
	"net"
	"strconv"
	"strings"

	"github.com/staterootlint/staterootlint/analyzers/internal/knowledge"
	"github.com/staterootlint/staterootlint/analyzers/internal/lattice"
	"github.com/staterootlint/staterootlint/analyzers/internal/rootflow/code"
	"github.com/staterootlint/staterootlint/analyzers/internal/rootflow/hook"
	"golang.org/x/tools/go/ssa"
)

// unixSocketRule: a network address is a path only where its network is
// unix. A write that runs only where a value is "unix" (`if network ==
// "unix" { os.Remove(addr) }`, `if cfg.Network() == "unix"`, a URL's
// scheme tested with strings.HasPrefix(u.Scheme, "unix")) is a socket's
// file, and the variable it writes holds the TCP address on the other
// network: a TCP address (a literal host:port, "127.0.0.1:8384") among
// the path's origins is not a file the analysis can tie to the unix
// network, so it is unproven there (counted, listed with
// report-unproven), never a name relative to the working directory. The
// requirement carries the guard to the stores and calls it reaches
// (ReqUnixOnly). Every other origin is checked as it is: a relative
// socket name is still reported.
//
// Unsound where a program names a socket file like a TCP address in the
// working directory ("db:5432"): that write is listed as unproven, not
// reported.
type unixSocketRule struct{}

func (unixSocketRule) Name() string { return "unix-socket" }

func (unixSocketRule) SiteReq(_ hook.Context, instr ssa.Instruction, _ ssa.Value, r lattice.Req) lattice.Req {
	if unixOnly(instr.Block()) {
		r.Tags.SetFlag(lattice.ReqUnixOnly, true)
	}
	return r
}

func (unixSocketRule) SiteValue(_ hook.Context, _ *ssa.Function, b *ssa.BasicBlock, v lattice.Origins) lattice.Origins {
	if !unixOnly(b) {
		return v
	}
	return notTCP(v)
}

func (unixSocketRule) CheckValue(_ hook.Context, r lattice.Req, v lattice.Origins) lattice.Origins {
	if !r.Tags.Flag(lattice.ReqUnixOnly) {
		return v
	}
	return notTCP(v)
}

// unixOnly reports whether block b runs only where some value is the
// network "unix" (compared equal to it, or starting with it).
func unixOnly(b *ssa.BasicBlock) bool {
	return code.AnyCond(code.Dominating(b), func(c code.Cond) bool {
		return c.Holds && c.IsStr && c.Str == "unix" && (c.Kind == code.CondCmp || c.Kind == code.CondPrefix)
	})
}

// notTCP turns the literal TCP addresses of v into unproven origins.
func notTCP(v lattice.Origins) lattice.Origins {
	return v.Map(func(a lattice.Origin) lattice.Origins {
		if a.Kind != lattice.Bad || a.Cause != knowledge.CauseLiteral || a.Path != "" || !tcpAddress(a.Lit) {
			return lattice.Origins{a}
		}
		return lattice.Origins{{Kind: lattice.Bad, Cause: knowledge.CauseUnproven, Why: "a TCP address (" + strconv.Quote(a.Lit) + ") where the write runs only for the unix network", At: a.At}}
	})
}

// tcpAddress reports whether s is a host and a numeric port
// ("127.0.0.1:8384", ":8080", "[::1]:22", "localhost:9090").
func tcpAddress(s string) bool {
	host, port, err := net.SplitHostPort(s)
	if err != nil || port == "" || strings.ContainsAny(host, "/\\") {
		return false
	}
	_, err = strconv.ParseUint(port, 10, 16)
	return err == nil
}
