package main

import (
	"encoding/json"
	"fmt"
	"net/url"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// sarifRequired lists, per SARIF 2.1.0 schema object reached from the log,
// the properties the schema marks required ("required" and "anyOf"
// alternatives folded in), plus what GitHub code scanning needs beyond the
// schema (a ruleId, a message text, a region start line).
var sarifRequired = map[string][]string{
	"sarifLog":                 {"version", "runs"},
	"run":                      {"tool", "results"},
	"tool":                     {"driver"},
	"toolComponent":            {"name", "rules"},
	"reportingDescriptor":      {"id", "shortDescription"},
	"multiformatMessageString": {"text"},
	"result":                   {"message", "ruleId", "locations"},
	"message":                  {"text"},
	"location":                 {"physicalLocation"},
	"physicalLocation":         {"artifactLocation", "region"},
	"artifactLocation":         {"uri"},
	"region":                   {"startLine"},
}

func requireFields(t *testing.T, where, kind string, obj any) map[string]any {
	t.Helper()
	m, ok := obj.(map[string]any)
	if !ok {
		t.Fatalf("%s: %s is %T, want an object", where, kind, obj)
	}
	for _, f := range sarifRequired[kind] {
		if _, ok := m[f]; !ok {
			t.Errorf("%s: %s lacks required property %q", where, kind, f)
		}
	}
	return m
}

func list(t *testing.T, where string, v any) []any {
	t.Helper()
	l, ok := v.([]any)
	if !ok {
		t.Fatalf("%s is %T, want an array", where, v)
	}
	return l
}

func TestSARIF(t *testing.T) {
	suite, _ := newFakeSuite()
	code, out, errOut := runCLI(t, suite, "-C", "testdata/findings", "--format", "sarif")
	if code != exitFindings {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var doc any
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatal(err)
	}
	log := requireFields(t, "log", "sarifLog", doc)
	if log["version"] != "2.1.0" {
		t.Errorf("version = %v", log["version"])
	}
	runs := list(t, "runs", log["runs"])
	if len(runs) != 1 {
		t.Fatalf("%d runs, want 1", len(runs))
	}
	run := requireFields(t, "runs[0]", "run", runs[0])
	driver := requireFields(t, "driver", "toolComponent", requireFields(t, "tool", "tool", run["tool"])["driver"])
	var ruleIDs []string
	for i, r := range list(t, "rules", driver["rules"]) {
		rule := requireFields(t, fmt.Sprintf("rules[%d]", i), "reportingDescriptor", r)
		for _, k := range []string{"shortDescription", "fullDescription", "help"} {
			if rule[k] != nil {
				requireFields(t, fmt.Sprintf("rules[%d].%s", i, k), "multiformatMessageString", rule[k])
			}
		}
		ruleIDs = append(ruleIDs, rule["id"].(string))
	}
	if !slices.Equal(ruleIDs, []string{"fakequiet", "fakewrite"}) {
		t.Errorf("rules = %v, want one per analyzer", ruleIDs)
	}
	if d := driver["rules"].([]any)[1].(map[string]any)["fullDescription"].(map[string]any)["text"]; !strings.Contains(d.(string), "The fake analyzer of the CLI tests.") {
		t.Errorf("rule fullDescription %q is not the analyzer's Doc", d)
	}

	base := run["originalUriBaseIds"].(map[string]any)[srcRoot].(map[string]any)["uri"].(string)
	if u, err := url.Parse(base); err != nil || !u.IsAbs() || !strings.HasSuffix(base, "/") {
		t.Errorf("%s base %q: want an absolute URI ending in /", srcRoot, base)
	}
	var uris []string
	for i, r := range list(t, "results", run["results"]) {
		where := fmt.Sprintf("results[%d]", i)
		res := requireFields(t, where, "result", r)
		requireFields(t, where+".message", "message", res["message"])
		if idx := int(res["ruleIndex"].(float64)); ruleIDs[idx] != res["ruleId"] {
			t.Errorf("%s: ruleIndex %d names %s, ruleId is %v", where, idx, ruleIDs[idx], res["ruleId"])
		}
		if lv := res["level"]; !slices.Contains([]any{"none", "note", "warning", "error"}, lv) {
			t.Errorf("%s: level %v", where, lv)
		}
		// The category, which JSON has as a field, is a result property
		// (a property bag, as SARIF defines them).
		if props, ok := res["properties"].(map[string]any); !ok || props["category"] != "relative" {
			t.Errorf("%s: properties %v, want the diagnostic's category \"relative\"", where, res["properties"])
		}
		for j, l := range list(t, where+".locations", res["locations"]) {
			loc := requireFields(t, fmt.Sprintf("%s.locations[%d]", where, j), "location", l)
			phys := requireFields(t, where, "physicalLocation", loc["physicalLocation"])
			art := requireFields(t, where, "artifactLocation", phys["artifactLocation"])
			region := requireFields(t, where, "region", phys["region"])
			if region["startLine"].(float64) < 1 || region["startColumn"].(float64) < 1 {
				t.Errorf("%s: region %v", where, region)
			}
			if art["uriBaseId"] != srcRoot {
				t.Errorf("%s: uriBaseId %v", where, art["uriBaseId"])
			}
			uris = append(uris, art["uri"].(string))
		}
	}
	// The repository root is the checkout holding .git (or the module root
	// when there is none); URIs are relative to it.
	root := repoRoot(mustAbs(t, "testdata/findings"))
	rel, _ := filepath.Rel(root, mustAbs(t, "testdata/findings"))
	want := []string{filepath.ToSlash(rel) + "/main.go", filepath.ToSlash(rel) + "/store/store.go"}
	if !slices.Equal(uris, want) {
		t.Errorf("uris = %v, want %v", uris, want)
	}
}

func mustAbs(t *testing.T, p string) string {
	t.Helper()
	a, err := filepath.Abs(p)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

func TestSARIFClean(t *testing.T) {
	suite, _ := newFakeSuite()
	code, out, _ := runCLI(t, suite, "-C", "testdata/clean", "--format", "sarif")
	if code != exitClean || !strings.Contains(out, `"results": []`) {
		t.Errorf("clean sarif: exit %d\n%s", code, out)
	}
}
