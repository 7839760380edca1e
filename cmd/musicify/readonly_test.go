package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/musicify/musicify/internal/testserver"
)

// A data dir the server cannot write stops the start with one line that
// says so. Root writes anywhere, so as root the binary runs as nobody
// (65534); a read-only mount itself is covered in internal/config.
func TestADataDirItCannotWriteStopsTheStart(t *testing.T) {
	bin := testserver.Musicify(t)
	root, err := os.MkdirTemp("", "musicify-ro-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(root) })
	data := filepath.Join(root, "data")
	if err := os.Mkdir(data, 0o555); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(bin, "serve")
	cmd.Env = append(os.Environ(), "MUSICIFY_ADDR=127.0.0.1:0", "MUSICIFY_DATA_DIR="+data, "MUSICIFY_DEMO=false")
	if os.Geteuid() == 0 {
		for _, dir := range []string{root, filepath.Dir(bin)} {
			if err := os.Chmod(dir, 0o755); err != nil {
				t.Fatal(err)
			}
		}
		cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: 65534, Gid: 65534}}
	}
	out, err := cmd.CombinedOutput()
	if code := cmd.ProcessState.ExitCode(); err == nil || code != 1 {
		t.Fatalf("exit %d (%v), want 1:\n%s", code, err, out)
	}
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	last := lines[len(lines)-1]
	if !strings.HasPrefix(last, "musicify: cannot start: MUSICIFY_DATA_DIR: "+data+" is read-only") {
		t.Fatalf("last line %q, want one that says the data dir is read-only", last)
	}
}
