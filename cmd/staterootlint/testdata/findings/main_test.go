package main

import (
	"os"
	"testing"
)

func TestWrite(t *testing.T) {
	_ = os.WriteFile("test.out", nil, 0o644)
}
