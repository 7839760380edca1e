package config

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

func TestAWritableDataDirIsMadeAndLeftClean(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "new", "data")
	c, err := Load(env(map[string]string{"MUSICIFY_DATA_DIR": dir}))
	if err != nil {
		t.Fatal(err)
	}
	if err := c.CheckWritable(); err != nil {
		t.Fatal(err)
	}
	left, _ := os.ReadDir(dir)
	for _, e := range left {
		if strings.HasPrefix(e.Name(), ".musicify-write-check") {
			t.Errorf("the check left %s", e.Name())
		}
	}
}

// A read-only mount cannot be made here (no mount as a test), so the
// error a write meets on one is handed to dirError as the kernel would;
// cmd/musicify starts the binary on a directory it really cannot write.
func TestAReadOnlyDirSaysSoAndNamesTheVariable(t *testing.T) {
	for _, errno := range []syscall.Errno{syscall.EROFS, syscall.EACCES} {
		err := dirError("MUSICIFY_DATA_DIR", "/srv/m", &os.PathError{Op: "open", Path: "/srv/m/.musicify-write-check-1", Err: errno})
		var ce *Error
		if !errors.As(err, &ce) || ce.Var != "MUSICIFY_DATA_DIR" || !strings.Contains(err.Error(), "/srv/m is read-only") ||
			strings.Contains(err.Error(), "\n") {
			t.Errorf("%v: %v", errno, err)
		}
	}
	if err := dirError("MUSICIFY_DATA_DIR", "/srv/m", syscall.ENOSPC); strings.Contains(err.Error(), "read-only") {
		t.Errorf("a full disk called read-only: %v", err)
	}
}
