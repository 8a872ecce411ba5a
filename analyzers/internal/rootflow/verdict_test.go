package rootflow

import (
	"strings"
	"testing"

	"github.com/staterootlint/staterootlint/analyzers/internal/lattice"
)

// TestWriteVerdict checks that explain's verdict agrees with the findings
// where a policy allows an origin: an ancestor of a root made by
// os.MkdirAll, and a declared file in the working directory.
func TestWriteVerdict(t *testing.T) {
	cfg := DefaultConfig()
	climb := Origin{Kind: Bad, Cause: CauseClimb, Path: ".."}
	if ok, why := cfg.WriteVerdict(climb, "os.MkdirAll"); !ok || !strings.Contains(why, "ancestor") {
		t.Errorf("MkdirAll of a root's ancestor: %v %q; want allowed, naming the exemption", ok, why)
	}
	if ok, _ := cfg.WriteVerdict(climb, "os.WriteFile"); ok {
		t.Error("WriteFile of a root's ancestor: allowed; want not rooted")
	}
	cwd := Origin{Kind: Rooted, Root: lattice.CwdRoot, Path: "app.toml"}
	if ok, why := cfg.WriteVerdict(cwd, "os.WriteFile"); !ok || !strings.Contains(why, "allow-write cwd:app.toml") {
		t.Errorf("declared cwd:app.toml: %v %q; want allowed, naming the allowance", ok, why)
	}
	exe := Origin{Kind: Rooted, Root: lattice.ExeRoot}
	if ok, why := cfg.WriteVerdict(exe, "os.Rename"); !ok || !strings.Contains(why, "allow-write exe") {
		t.Errorf("declared exe: %v %q; want allowed, naming the allowance", ok, why)
	}
	project := Origin{Kind: Rooted, Root: lattice.ProjectRoot, Path: "x.lock"}
	if ok, _ := cfg.WriteVerdict(project, "os.WriteFile"); ok != cfg.Allowed(project) {
		t.Errorf("project:x.lock: verdict %v, but Allowed says %v", ok, cfg.Allowed(project))
	}
}
