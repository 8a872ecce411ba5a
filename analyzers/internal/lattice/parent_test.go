package lattice

import "testing"

// TestParent checks the directory above a root whose own name in it is
// known (a shared base declared =KIND:base): paths back down through the
// name are in the root, other names are outside, a name the analysis
// cannot see is unproven, and a caller's mark survives Dir until a call
// expands it.
func TestParent(t *testing.T) {
	base := Parent("global", []string{"myapp"}, "the shared base xdg.ConfigHome", at)
	for _, c := range []struct {
		name string
		got  Origin
		want string // String(), then Describe() for outside origins
		desc string
	}{
		{"the base itself", base, "outside(climb)[root-name=\"myapp\"]", `the shared base xdg.ConfigHome itself, above this program's directory "myapp" in it`},
		{"the root", base.AppendPath("myapp", at), "global", ""},
		{"below the root", base.AppendPath("myapp/state.json", at), "global:state.json", ""},
		{"another program's directory", base.AppendPath("foo2/x", at), "outside(climb)[root-name=\"myapp\"]", `"foo2/x" under the shared base xdg.ConfigHome, outside this program's directory "myapp" in it`},
		{"a sibling file of the root", base.AppendPath("myapp.json", at), "outside(climb)[root-name=\"myapp\"]", `"myapp.json" under the shared base xdg.ConfigHome, outside this program's directory "myapp" in it`},
		{"in and out again", base.AppendPath("myapp/../x", at), "outside(climb)[root-name=\"myapp\"]", `"x" under the shared base xdg.ConfigHome, outside this program's directory "myapp" in it`},
		{"a name it cannot see", base.AppendPath("*", at), "outside(unproven)", ""},
		{"concatenated", base.AppendRaw("/myapp/", at).AppendRaw("x.json", at), "global:x.json", ""},
		{"concatenated without a separator", base.AppendRaw("myapp", at), "outside(climb)", ""},
		{"a caller's mark", base.AppendPath(ElemsSegment(0), at).AppendPath("..", at), "outside(climb)[root-name=\"myapp\"]", ""},
		{"the mark expanded", base.AppendPath(ElemsSegment(0), at).AppendPath("..", at).Repath(CleanPattern("../myapp/cfg.yaml/.."), at), "global", ""},
		{"the mark at the write", base.AppendPath(ElemsSegment(0), at).AtWrite(at), "outside(unproven)", ""},
		{"no name known", Parent("global", nil, "the shared base X (set state-dir)", at).AppendPath("myapp/x", at), "outside(climb)", ""},
	} {
		if s := c.got.String(); s != c.want {
			t.Errorf("%s: %s, want %s", c.name, s, c.want)
		}
		if c.desc != "" {
			if d := c.got.Describe(); d != c.desc {
				t.Errorf("%s: Describe() = %q, want %q", c.name, d, c.desc)
			}
		}
	}
	if p := base.AppendPath(ElemsSegment(0), at).AppendPath("..", at).Path; p != "../"+ElemsSegment(0)+"/.." {
		t.Errorf("Dir of a caller's mark below the base: path %q, want the mark kept", p)
	}
}
