package suppressed

import "os"

func writes(data []byte) {
	os.WriteFile("debug.log", data, 0o644) //staterootlint:ignore debugging aid, removed before release

	//staterootlint:ignore the pid file location is mandated by the init system
	os.Create("/run/app.pid")

	os.WriteFile("trace.log", data, 0o644) //nolint:shadowwrite // legacy

	os.WriteFile("other.log", data, 0o644) /* want `needs a reason` `os.WriteFile writes "other.log"` */ //staterootlint:ignore
}
