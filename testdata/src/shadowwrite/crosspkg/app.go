package crosspkg

import (
	"shadowwrite/crosspkg/paths"
	"shadowwrite/crosspkg/store"
)

func run(project string, data []byte) error {
	l, err := paths.New(project)
	if err != nil {
		return err
	}
	store.Save(l.Join("runs", "x.json"), data) // ok: a Join method on a root type, across packages
	logs, _ := paths.Logs(project)
	store.Save(paths.Under(logs, "app.log"), data)  // ok: rooted-if-param helper of a derived authority
	store.Save(paths.Under("tmp", "app.log"), data) // want `store.Save receives "tmp/app.log" relative to the working directory for a path it writes \(via store.write → os.WriteFile at store.go:12\)`
	return store.Save("state.json", data)           // want `store.Save receives "state.json"`
}
