// Command dotfield: a directory option whose default "." is assigned
// again through a field (left empty, or spelled out with os.Getwd) still
// names the directory the user chose; a "." no option gave is the
// working directory.
package main

import (
	"flag"
	"os"
	"path/filepath"

	"shadowwrite/dotfield/unpack"
)

var (
	dir    = flag.String("dir", ".", "where to install the module, the current directory by default")
	outDir string
	logDir string
)

func init() {
	flag.StringVar(&outDir, "out", ".", "where to export the report")
	flag.StringVar(&logDir, "logs", "", "where to keep the log, the current directory when empty")
}

func openLog() {
	if logDir == "" {
		logDir = "." // ok: --logs left empty, its default spelled out
	}
}

func writeLog(line []byte) error {
	return os.WriteFile(filepath.Join(logDir, "dotfield.log"), line, 0o644)
}

func install(name string) error {
	t := &unpack.Target{Name: name, Dir: *dir}
	if t.Dir == "" {
		t.Dir = "." // ok: --dir left empty, its default spelled out
	}
	return unpack.Files(t, nil)
}

type exporter struct{ dest string }

func newExporter() *exporter { return &exporter{dest: outDir} }

func (e *exporter) resolve() error {
	if e.dest == "." {
		wd, err := os.Getwd()
		if err != nil {
			return err
		}
		e.dest = wd // ok: --out's "." spelled out
	}
	return nil
}

func (e *exporter) export(data []byte) error {
	return os.WriteFile(filepath.Join(e.dest, "report.json"), data, 0o644)
}

type scratch struct{ base string }

func newScratch() *scratch {
	s := &scratch{}
	if s.base == "" {
		s.base = "." // want `relative to the working directory`
	}
	return s
}

func (s *scratch) save(data []byte) error {
	return os.WriteFile(filepath.Join(s.base, "scratch.db"), data, 0o644)
}

type cache struct{ root string }

var shared = &cache{root: os.TempDir()}

func useHere() {
	shared.root = "." // want `relative to the working directory`
}

func (c *cache) put(data []byte) error {
	return os.WriteFile(filepath.Join(c.root, "entry"), data, 0o644)
}

func main() {
	flag.Parse()
	_ = install(flag.Arg(0))
	e := newExporter()
	if e.resolve() == nil {
		_ = e.export(nil)
	}
	_ = newScratch().save(nil)
	if flag.NArg() > 1 {
		useHere()
	}
	_ = shared.put(nil)
	openLog()
	_ = writeLog(nil)
}
