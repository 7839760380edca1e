package main

import (
	"encoding/json"
	"io"
	"net/http"
	"testing"
	"time"
)

// getJSON reads base+path with c, fails the test unless it is a 200, and
// decodes it into v (when not nil); it returns the body.
func getJSON(t *testing.T, c *http.Client, base, path string, v any) string {
	t.Helper()
	res, err := c.Get(base + path)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	if res.StatusCode != http.StatusOK {
		t.Fatalf("%s: %d %s", path, res.StatusCode, b)
	}
	if v != nil {
		if err := json.Unmarshal(b, v); err != nil {
			t.Fatalf("%s: %v", path, err)
		}
	}
	return string(b)
}

type scanStatus struct {
	Finished string
	Running  bool
	Added    int
	Failures []struct{ Path, Reason string }
}

// waitForScan waits until the admin page's scan (c is an admin) has
// finished, and returns its status.
func waitForScan(t *testing.T, c *http.Client, base string) scanStatus {
	t.Helper()
	deadline := time.Now().Add(2 * time.Minute) // a guard against a hang
	for {
		var st scanStatus
		getJSON(t, c, base, "/api/admin/library", &st)
		if st.Finished != "" && !st.Running {
			return st
		}
		if time.Now().After(deadline) {
			t.Fatalf("the scan did not finish: %+v", st)
		}
		time.Sleep(20 * time.Millisecond)
	}
}
