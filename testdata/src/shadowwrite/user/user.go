package user

import (
	"flag"
	"go/ast"
	"go/token"
	"os"
	"path/filepath"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

var out = flag.String("out", "report.txt", "where to write the report")

var logFile string

type options struct {
	dir string
}

func bind(o *options) {
	flag.StringVar(&logFile, "log", "app.log", "log file")
	pflag.StringVarP(&o.dir, "dir", "d", "out", "output directory")
}

func writes(o *options, data []byte) {
	os.WriteFile(*out, data, 0o644)                        // ok: chosen by the user
	os.WriteFile(logFile, data, 0o644)                     // ok: bound to a flag
	os.WriteFile(filepath.Join(o.dir, "x"), data, 0o644)   // ok: field bound to a flag
	os.WriteFile(flag.Arg(0), data, 0o644)                 // ok: positional argument
	os.WriteFile(os.Args[1], data, 0o644)                  // ok: os.Args
	os.WriteFile(*pflag.String("p", "", "p"), data, 0o644) // ok: pflag
	os.WriteFile(filepath.Join("fixed", "x"), data, 0o644) // want `os.WriteFile writes "fixed/x" relative to the working directory`
}

var cmd = &cobra.Command{
	Use: "export PATH",
	RunE: func(cmd *cobra.Command, args []string) error {
		return os.WriteFile(args[0], nil, 0o644) // ok: cobra's positional arguments
	},
}

// writeUsage has a Run handler's first parameter but writes a path its
// callers give: not cobra's positional arguments.
func writeUsage(cmd *cobra.Command, path string) error {
	return os.WriteFile(path, []byte(cmd.Use), 0o644)
}

func usage() {
	_ = writeUsage(cmd, ".usage") // want `writeUsage receives ".usage" relative to the working directory`
}

func rewrite(fset *token.FileSet, f *ast.File, src []byte) error {
	return os.WriteFile(fset.File(f.Pos()).Name(), src, 0o644) // ok: the user's own source file, rewritten in place
}
