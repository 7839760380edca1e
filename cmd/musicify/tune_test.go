package main

import (
	"os"
	"os/exec"
	"runtime"
	"runtime/metrics"
	"strconv"
	"strings"
	"testing"
)

// rss reads the process's resident memory from /proc.
func rss(t *testing.T) int64 {
	t.Helper()
	status, err := os.ReadFile("/proc/self/status")
	if err != nil {
		t.Fatal(err)
	}
	for line := range strings.Lines(string(status)) {
		if rest, ok := strings.CutPrefix(line, "VmRSS:"); ok {
			kb, err := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(rest), " kB"), 10, 64)
			if err != nil {
				t.Fatal(err)
			}
			return kb << 10
		}
	}
	t.Fatal("no VmRSS in /proc/self/status")
	return 0
}

// The floor makes the collector wait for 128 MB of heap before it runs,
// and costs no resident memory. It is measured in a process of its own, as
// the server raises it at start: in this one, memory other tests freed
// would be reused, and zeroed, for the floor.
func TestTheGCFloorDelaysCollectionsWithoutUsingMemory(t *testing.T) {
	if os.Getenv("MUSICIFY_GC_FLOOR_CHILD") == "" {
		child := exec.Command(os.Args[0], "-test.run=^TestTheGCFloorDelaysCollectionsWithoutUsingMemory$", "-test.count=1", "-test.v")
		child.Env = append(os.Environ(), "MUSICIFY_GC_FLOOR_CHILD=1")
		if out, err := child.CombinedOutput(); err != nil || !strings.Contains(string(out), "--- PASS") {
			t.Fatalf("the floor in a fresh process: %v\n%s", err, out)
		}
		return
	}
	before := rss(t)
	raiseGCFloor()
	defer func() { gcFloor = nil }()
	runtime.GC()
	goal := []metrics.Sample{{Name: "/gc/heap/goal:bytes"}}
	metrics.Read(goal)
	if got := goal[0].Value.Uint64(); got < 2*gcFloorBytes {
		t.Errorf("heap goal %d MB, want at least %d MB", got>>20, 2*gcFloorBytes>>20)
	}
	if grew := rss(t) - before; grew > gcFloorBytes/4 {
		t.Errorf("resident memory grew %d MB with the floor", grew>>20)
	}
}

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
