package main

import (
	"runtime"
	"testing"
)

// A spare P, unless GOMAXPROCS says otherwise.
func TestRequestsGetASpareP(t *testing.T) {
	before := runtime.GOMAXPROCS(0)
	defer runtime.GOMAXPROCS(before)
	t.Setenv("GOMAXPROCS", "")
	spareP()
	if got := runtime.GOMAXPROCS(0); got != before+1 {
		t.Errorf("GOMAXPROCS %d, want %d", got, before+1)
	}
	runtime.GOMAXPROCS(before)
	t.Setenv("GOMAXPROCS", "2")
	spareP()
	if got := runtime.GOMAXPROCS(0); got != before {
		t.Errorf("GOMAXPROCS %d with the variable set, want %d as it was", got, before)
	}
}
