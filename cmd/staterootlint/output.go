package main

import (
	"strings"

	"github.com/staterootlint/staterootlint/internal/format"
	"github.com/staterootlint/staterootlint/internal/version"
)

// print writes the findings to stdout in the requested format.
func (c *cli) print(req checkRequest, findings []finding) error {
	switch req.format {
	case "json":
		return format.WriteJSON(c.stdout, findings)
	case "sarif":
		tool := format.SARIFDriver{
			Name:           progname,
			Version:        strings.TrimPrefix(version.Main(), "v"),
			InformationURI: "https://github.com/staterootlint/staterootlint",
		}
		return format.WriteSARIF(c.stdout, tool, req.roots, findings, format.RepoRoot(req.dir))
	default:
		return format.WriteText(c.stdout, req.dir, findings, req.verbose)
	}
}
