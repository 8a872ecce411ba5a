package rootflow

// authorityOrigin is the origin of a value an authority returns. Its kind
// names a state root ("repo", "global", ...), except "user" and "temp":
// a configured source of user-chosen or temporary paths (a CLI library's
// flag accessor the engine does not know, a project's temp-dir helper).
func authorityOrigin(kind string) Origin {
	switch kind {
	case "user":
		return Origin{Kind: User}
	case "temp":
		return Origin{Kind: Temp}
	}
	return Origin{Kind: Rooted, Root: kind}
}
