package rootflow

import "testing"

// TestDSNPath checks the file a SQLite data source name writes.
func TestDSNPath(t *testing.T) {
	for _, tc := range []struct {
		dsn, want string
		ok        bool
	}{
		{"app.db", "app.db", true},
		{"/x/y.db", "/x/y.db", true},
		{"file:/x/y.db?cache=shared", "/x/y.db", true},
		{"file:y.db", "y.db", true},
		{"file:///x/y.db?mode=rwc", "/x/y.db", true},
		{"y.db?_pragma=foreign_keys(1)", "y.db", true},
		{":memory:", "", false},
		{"file::memory:?cache=shared", "", false},
		{"file:", "", false},
		{"", "", false},
	} {
		if got, ok := dsnPath(tc.dsn); got != tc.want || ok != tc.ok {
			t.Errorf("dsnPath(%q) = %q, %v; want %q, %v", tc.dsn, got, ok, tc.want, tc.ok)
		}
	}
}
