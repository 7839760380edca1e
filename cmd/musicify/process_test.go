package main

import (
	"bufio"
	"bytes"
	"io"
	"math"
	"os"
	"os/exec"
	"regexp"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/musicify/musicify/internal/bench"
	"github.com/musicify/musicify/internal/testserver"
)

func TestMain(m *testing.M) { testserver.Main(m) }

// proc is the binary serving on a port of its own.
type proc struct {
	cmd  *exec.Cmd
	URL  string
	mu   sync.Mutex
	logs bytes.Buffer
	done chan struct{}
}

var readyLine = regexp.MustCompile(`msg="musicify is ready" listen=(\S+)`)

// startBinary runs `musicify serve` on dataDir and waits until it listens.
func startBinary(t *testing.T, dataDir string, env ...string) *proc {
	t.Helper()
	cmd := exec.Command(testserver.Musicify(t), "serve")
	cmd.Env = append(os.Environ(), "MUSICIFY_ADDR=127.0.0.1:0", "MUSICIFY_DATA_DIR="+dataDir, "MUSICIFY_DEMO=false")
	cmd.Env = append(cmd.Env, env...)
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	p := &proc{cmd: cmd, done: make(chan struct{})}
	ready := make(chan string, 1)
	// The log is read to its end before Wait: Wait closes the pipe, and
	// the last lines a stopping server writes ("stopped") would be lost.
	// The server's own children write no stderr of theirs into it, so the
	// end comes when the server exits.
	go func() {
		sc := bufio.NewScanner(stderr)
		for sc.Scan() {
			line := sc.Text()
			p.mu.Lock()
			p.logs.WriteString(line + "\n")
			p.mu.Unlock()
			if m := readyLine.FindStringSubmatch(line); m != nil {
				ready <- m[1]
			}
		}
		_, _ = io.Copy(io.Discard, stderr) // a line too long for the scanner
		_ = cmd.Wait()
		close(p.done)
	}()
	t.Cleanup(func() {
		p.kill()
		// The server survives a panic in background work; the test does not.
		if log := p.log(); strings.Contains(log, "background worker panicked") {
			t.Errorf("the server recovered a panic:\n%s", log)
		}
	})
	select {
	case p.URL = <-ready:
	case <-p.done:
		t.Fatalf("musicify stopped before it listened:\n%s", p.log())
	case <-time.After(2 * time.Minute): // a guard against a hang, not a speed check
		t.Fatalf("musicify did not listen:\n%s", p.log())
	}
	return p
}

func (p *proc) log() string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.logs.String()
}

// kill stops the process the hard way, as a crash or the OOM killer would.
func (p *proc) kill() {
	_ = p.cmd.Process.Signal(syscall.SIGKILL)
	<-p.done
}

// peakRSS is the process's high-water mark of resident memory (VmHWM).
func (p *proc) peakRSS(t *testing.T) int64 {
	t.Helper()
	kb := bench.ProcKB(p.cmd.Process.Pid, "VmHWM")
	if math.IsNaN(kb) {
		t.Fatalf("no VmHWM in /proc/%d/status", p.cmd.Process.Pid)
	}
	return int64(kb) << 10
}
