// Package deepcopy copies a value of any type through reflection,
// rewriting every string in it on the way: a generic function over any
// whose result can only be built from its argument (parametricity), even
// though the engine cannot follow reflect.Value copies.
package deepcopy

import "reflect"

// Strings returns a deep copy of v with every string s in it replaced by
// fn(s).
func Strings[T any](v T, fn func(string) (string, error)) (T, error) {
	orig := reflect.ValueOf(v)
	if !orig.IsValid() {
		return v, nil
	}
	cp := reflect.New(orig.Type()).Elem()
	if err := walk(cp, orig, fn); err != nil {
		var zero T
		return zero, err
	}
	return cp.Interface().(T), nil
}

func walk(dst, src reflect.Value, fn func(string) (string, error)) error {
	switch src.Kind() {
	case reflect.String:
		s, err := fn(src.String())
		if err != nil {
			return err
		}
		dst.SetString(s)
	case reflect.Pointer:
		if src.IsNil() {
			return nil
		}
		dst.Set(reflect.New(src.Elem().Type()))
		return walk(dst.Elem(), src.Elem(), fn)
	case reflect.Struct:
		for i := range src.NumField() {
			if err := walk(dst.Field(i), src.Field(i), fn); err != nil {
				return err
			}
		}
	case reflect.Slice:
		if src.IsNil() {
			return nil
		}
		dst.Set(reflect.MakeSlice(src.Type(), src.Len(), src.Len()))
		for i := range src.Len() {
			if err := walk(dst.Index(i), src.Index(i), fn); err != nil {
				return err
			}
		}
	default:
		dst.Set(src)
	}
	return nil
}

// Zero returns the zero value of T: built from no argument.
func Zero[T any]() T {
	var z T
	return z
}

// From asserts x to T: a T made from a value of another type (a
// reflect or interface conversion), which parametricity does not cover.
func From[T any](x any) T {
	t, _ := x.(T)
	return t
}
