package shape

import (
	"context"
	"encoding/json"
	"html"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/staterootlint/staterootlint/analyzers/inventory"
)

// requireMermaidEnv, set by .ci/run, makes a missing renderer a failure:
// CI installs it, so a skip there would hide a broken install.
const requireMermaidEnv = "STATEROOTLINT_REQUIRE_MERMAID"

const installMermaid = "apt-get install chromium && (cd tools/mermaid && PUPPETEER_SKIP_DOWNLOAD=1 npm ci)"

// TestRenderExampleDiagram renders the diagram of the example app's
// contract document with mermaid-cli and Debian's chromium, and checks
// that the picture names every pattern the document lists.
func TestRenderExampleDiagram(t *testing.T) {
	root := filepath.Join("..", "..")
	tools := filepath.Join(root, "tools", "mermaid")
	mmdc, _ := filepath.Abs(filepath.Join(tools, "node_modules", ".bin", "mmdc"))
	config, _ := filepath.Abs(filepath.Join(tools, "puppeteer.json"))
	var pc struct {
		ExecutablePath string `json:"executablePath"`
	}
	if b, err := os.ReadFile(config); err != nil {
		t.Fatal(err)
	} else if err := json.Unmarshal(b, &pc); err != nil || pc.ExecutablePath == "" {
		t.Fatalf("%s: no executablePath (%v)", config, err)
	}
	for _, p := range []string{mmdc, pc.ExecutablePath} {
		if _, err := os.Stat(p); err != nil {
			msg := "no " + p + "; install the renderer: " + installMermaid
			if os.Getenv(requireMermaidEnv) != "" {
				t.Fatal(msg)
			}
			t.Skip(msg)
		}
	}

	docPath := filepath.Join(root, "examples", "STATE_ROOTS.md")
	doc, err := os.ReadFile(docPath)
	if err != nil {
		t.Fatal(err)
	}
	d, err := FindDiagram(doc)
	if err != nil {
		t.Fatal(err)
	}
	src, ok := strings.CutPrefix(string(doc[d.Start:d.End]), "```mermaid\n")
	src, ok2 := strings.CutSuffix(src, "```\n")
	if !ok || !ok2 {
		t.Fatalf("%s: the diagram is not a fenced mermaid block:\n%s", docPath, doc[d.Start:d.End])
	}
	contract, err := inventory.ParseContract(docPath)
	if err != nil {
		t.Fatal(err)
	}

	dir := t.TempDir()
	in, out := filepath.Join(dir, "shape.mmd"), filepath.Join(dir, "shape.svg")
	if err := os.WriteFile(in, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, mmdc, "--quiet", "-p", config, "-i", in, "-o", out)
	cmd.Env = append(os.Environ(), "PUPPETEER_SKIP_DOWNLOAD=1")
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("%s: %v\n%s", strings.Join(cmd.Args, " "), err, b)
	}
	svg, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	text := html.UnescapeString(string(svg))
	if !strings.HasPrefix(strings.TrimSpace(text), "<svg") {
		t.Fatalf("mmdc wrote no SVG:\n%.300s", text)
	}
	if len(contract.Entries) < 10 {
		t.Fatalf("%s lists %d patterns; want the example's twenty and more", docPath, len(contract.Entries))
	}
	for _, e := range contract.Entries {
		// A node's label is its pattern, the only text of its element.
		if !strings.Contains(text, ">"+e.Pattern+"<") {
			t.Errorf("the rendered diagram does not show %s (line %d of the document)", e.Pattern, e.Line)
		}
	}
	for _, cmd := range []string{">run<", ">gc<", ">status<", ">--out<"} {
		if !strings.Contains(text, cmd) {
			t.Errorf("the rendered diagram does not show %s", cmd)
		}
	}
}
