package runner

import (
	"os"
	"os/exec"
)

// Engine runs the user's build and program.
type Engine struct {
	cfg *Config
}

// New is an engine for the project cfg describes.
func New(cfg *Config) *Engine { return &Engine{cfg: cfg} }

// Run prepares the scratch directory, builds and runs the program,
// logging a failed build, and removes the scratch directory at the end.
func (e *Engine) Run() error {
	p := e.cfg.scratchPath()
	if err := os.MkdirAll(p, 0o755); err != nil {
		return err
	}
	defer e.cleanup()
	if err := exec.Command("go", "build", "-o", e.cfg.Bin, ".").Run(); err != nil {
		e.logError(err.Error())
		return err
	}
	return exec.Command(e.cfg.binPath()).Run()
}

func (e *Engine) cleanup() {
	_ = os.RemoveAll(e.cfg.scratchPath())
}

func (e *Engine) logError(msg string) {
	f, err := os.OpenFile(e.cfg.errorLogPath(), os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
	if err != nil {
		return
	}
	defer f.Close()
	_, _ = f.WriteString(msg + "\n")
}
