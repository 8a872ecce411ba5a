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
