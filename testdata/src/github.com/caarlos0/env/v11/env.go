// Package env is a stub of github.com/caarlos0/env/v11 for the fixtures:
// it fills a struct's fields from environment variables by reflection,
// with the envDefault tag's value when a variable is unset.
package env

// Parse fills v, a pointer to a struct.
func Parse(v any) error { return nil }

// ParseAs returns a T filled from the environment.
func ParseAs[T any]() (T, error) {
	var t T
	return t, nil
}
