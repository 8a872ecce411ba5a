package driver

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"go/build"
	"io"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/packages"
)

// listedPackage is the part of a go list -json record the unit driver
// reads: one package (or test variant) of the build graph.
type listedPackage struct {
	ImportPath        string // the ID: "p", or "p [q.test]" for a test variant
	Name              string
	Dir               string
	Export            string // export data in the build cache
	ForTest           string
	GoFiles           []string
	CgoFiles          []string
	CompiledGoFiles   []string
	IgnoredGoFiles    []string
	IgnoredOtherFiles []string
	CFiles            []string
	CXXFiles          []string
	MFiles            []string
	HFiles            []string
	FFiles            []string
	SFiles            []string
	SwigFiles         []string
	SwigCXXFiles      []string
	SysoFiles         []string
	Imports           []string
	ImportMap         map[string]string
	DepOnly           bool
	Standard          bool
	Incomplete        bool
	Module            *listedModule
	Error             *listedError
	DepsErrors        []*listedError
}

type listedError struct{ Err string }

// listedModule is go list's Module, the shape of analysis.Module.
type listedModule struct {
	Path      string
	Version   string
	Replace   *listedModule
	Time      *time.Time
	Main      bool
	Indirect  bool
	Dir       string
	GoMod     string
	GoVersion string
	Error     *listedError
}

func (m *listedModule) analysisModule() *analysis.Module {
	if m == nil {
		return nil
	}
	out := &analysis.Module{
		Path: m.Path, Version: m.Version, Replace: m.Replace.analysisModule(), Time: m.Time,
		Main: m.Main, Indirect: m.Indirect, Dir: m.Dir, GoMod: m.GoMod, GoVersion: m.GoVersion,
	}
	if m.Error != nil {
		out.Error = &analysis.ModuleError{Err: m.Error.Err}
	}
	return out
}

// path is the package path: the ID without a test variant's " [q.test]".
func (p *listedPackage) path() string {
	path, _, _ := strings.Cut(p.ImportPath, " ")
	return path
}

func (p *listedPackage) abs(names ...[]string) []string {
	var out []string
	for _, list := range names {
		for _, n := range list {
			if !filepath.IsAbs(n) {
				n = filepath.Join(p.Dir, n)
			}
			out = append(out, n)
		}
	}
	return out
}

// compiledFiles are the files the compiler sees (cgo's translations for
// files that import "C"), absolute: what is parsed and type-checked.
func (p *listedPackage) compiledFiles() []string { return p.abs(p.CompiledGoFiles) }

func (p *listedPackage) otherFiles() []string {
	return p.abs(p.CFiles, p.CXXFiles, p.MFiles, p.HFiles, p.FFiles, p.SFiles, p.SwigFiles, p.SwigCXXFiles, p.SysoFiles)
}

// inGOROOT reports whether the package is part of the standard library,
// by the rule of the package-level inGOROOT.
func (p *listedPackage) inGOROOT() bool {
	goroot := filepath.Clean(build.Default.GOROOT) + string(filepath.Separator)
	files := p.abs(p.GoFiles, p.CgoFiles)
	return len(files) > 0 && strings.HasPrefix(files[0], goroot)
}

// packagesPackage describes p the way go/packages does, as far as the
// checks shared with the go/packages driver read it (checkConfigFiles,
// inGOROOT).
func (p *listedPackage) packagesPackage() *packages.Package {
	return &packages.Package{
		ID:              p.ImportPath,
		Name:            p.Name,
		PkgPath:         p.path(),
		GoFiles:         p.abs(p.GoFiles, p.CgoFiles),
		CompiledGoFiles: p.compiledFiles(),
	}
}

// listedFields are the fields of listedPackage: go list prints only these.
const listedFields = "ImportPath,Name,Dir,Export,ForTest,GoFiles,CgoFiles,CompiledGoFiles,IgnoredGoFiles,IgnoredOtherFiles," +
	"CFiles,CXXFiles,MFiles,HFiles,FFiles,SFiles,SwigFiles,SwigCXXFiles,SysoFiles," +
	"Imports,ImportMap,DepOnly,Standard,Incomplete,Module,Error,DepsErrors"

// errListed says the go command reported errors: the go/packages driver
// reports them the way it always has.
var errListed = errors.New("go list reported errors")

// goList lists the packages matching the request's patterns and all their
// dependencies, in dependency order. With build, their export data is
// built and cgo's translations listed: the inputs go vet works from.
// Without, only the package graph and its source files are listed, which
// is what a warm run needs and costs a fraction. Packages with errors
// make it return errListed.
func goList(ctx context.Context, opts *Options, build bool) ([]*listedPackage, error) {
	args := []string{"list", "-e", "-json=" + listedFields, "-deps", "-pgo=off"}
	if build {
		args = append(args, "-compiled", "-export")
	}
	if opts.Config.TestsEnabled() {
		args = append(args, "-test")
	}
	args = append(args, opts.BuildFlags...)
	args = append(args, "--")
	args = append(args, opts.Patterns...)
	cmd := exec.CommandContext(ctx, "go", args...) // as go/packages runs it: from PATH
	cmd.Dir = opts.Dir
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		return nil, fmt.Errorf("%w: %v: %s", errListed, err, strings.TrimSpace(stderr.String()))
	}
	var pkgs []*listedPackage
	for dec := json.NewDecoder(&stdout); ; {
		p := new(listedPackage)
		if err := dec.Decode(p); err == io.EOF {
			break
		} else if err != nil {
			return nil, fmt.Errorf("decode go list output: %w", err)
		}
		if p.Error != nil || len(p.DepsErrors) > 0 || p.Incomplete {
			return nil, errListed
		}
		pkgs = append(pkgs, p)
	}
	if len(pkgs) == 0 {
		return nil, errListed
	}
	return pkgs, nil
}
