package rootflow

import "github.com/staterootlint/staterootlint/analyzers/internal/report"

// ProjectRoot is the root kind of the project root itself (the directory
// stateroots.FindProjectRoot finds, holding .git or go.mod), as opposed to
// the state roots inside or beside it. A path under it is rooted, so its
// pattern is known ("project:px.lock"), but not allowed: it is the user's
// project, and a program may write there only the entries its contract
// names, declared with //staterootlint:may-write project:PATTERN on the
// function that makes the path concrete (shadowwrite reads the
// declaration, blastradius checks it).
const ProjectRoot = "project"

// InProject reports whether the origin is a path under the project root.
func (a Origin) InProject() bool { return a.Kind == Rooted && a.Root == ProjectRoot }

// describeProject says where a path under the project root is:
// `"px.lock" under the project root`.
func (a Origin) describeProject() string {
	if p := displayPath(a.Path); p != "" {
		return report.Quote(p) + " under the project root"
	}
	return "the project root itself"
}
