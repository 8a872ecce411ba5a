package findingkey

import "testing"

func TestRoundTrip(t *testing.T) {
	const base = "https://pkg.go.dev/github.com/staterootlint/staterootlint/analyzers/shadowwrite"
	for _, tc := range []struct{ op, origin string }{
		{"os.WriteFile", "env PX_DB_PATH"},
		{"os.Create", `literal "/var/tmp/px.pid"`},
		{"(*store.DB).Save", `literal "a&b=c #d?.log"`},
		{"os.Chdir", ""},
		{"", `statedir ".px"`},
	} {
		u := URL(base, tc.op, tc.origin)
		op, origin, ok := Parse(u)
		if !ok || op != tc.op || origin != tc.origin {
			t.Errorf("Parse(URL(%q, %q)) = %q, %q, %v (URL %s)", tc.op, tc.origin, op, origin, ok, u)
		}
	}
	if u := URL(base, "", ""); u != base {
		t.Errorf("URL without a key = %q, want the base", u)
	}
	for _, u := range []string{base, "", base + "#home", "%zz"} {
		if op, origin, ok := Parse(u); ok {
			t.Errorf("Parse(%q) = %q, %q, true; want no key", u, op, origin)
		}
	}
}

// TestNoFix: the reason a finding has no fix rides in its URL beside the
// key, which it leaves as it was.
func TestNoFix(t *testing.T) {
	const base = "https://pkg.go.dev/github.com/staterootlint/staterootlint/analyzers/shadowwrite"
	why := "the path is not below the state dir .px; moving data to another directory is the author's decision"
	u := WithNoFix(URL(base, "os.WriteFile", "env PX_DB_PATH"), why)
	if got := NoFix(u); got != why {
		t.Errorf("NoFix = %q, want %q", got, why)
	}
	if op, origin, ok := Parse(u); !ok || op != "os.WriteFile" || origin != "env PX_DB_PATH" {
		t.Errorf("Parse after WithNoFix = %q, %q, %v", op, origin, ok)
	}
	if got := NoFix(URL(base, "os.WriteFile", "x")); got != "" {
		t.Errorf("NoFix without a reason = %q", got)
	}
}
