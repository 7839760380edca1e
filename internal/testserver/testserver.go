// Package testserver starts the real servers the contract suites run
// against (PostgreSQL, an S3 gateway, NATS) on free loopback ports in temp
// dirs, one per test binary, or uses the MUSICIFY_TEST_* URL given for each.
// A suite is never skipped because a server is missing: one that cannot
// start fails the test with what to install. Only `go test -short`, the fast
// tier, skips the tests that need a server, each saying which. It also
// builds the musicify binary, once, for the tests that run it as a process.
package testserver

import (
	"bufio"
	"bytes"
	"fmt"
	"net"
	"os"
	"os/exec"
	"runtime"
	"sync"
	"syscall"
	"testing"
	"time"
)

// Needs skips t in -short mode, the tier that runs without servers, naming
// the server it needs. Every helper here that needs one calls it.
func Needs(t testing.TB, server string) {
	t.Helper()
	if testing.Short() {
		t.Skipf("needs %s: run without -short (make test starts one)", server)
	}
}

// FreePort returns a loopback port that nothing listens on right now.
func FreePort(t testing.TB) int {
	t.Helper()
	port, err := freePort()
	if err != nil {
		t.Fatalf("finding a free port: %v", err)
	}
	return port
}

func freePort() (int, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer ln.Close()
	return ln.Addr().(*net.TCPAddr).Port, nil
}

// Process is a server this package started; Stop ends it.
type Process struct {
	Name string
	cmd  *exec.Cmd
	mu   sync.Mutex
	out  bytes.Buffer
	done chan struct{}
}

// Start runs name with args, its output kept for failure messages.
func Start(name string, args []string, env ...string) (*Process, error) {
	cmd := exec.Command(name, args...)
	cmd.Env = append(os.Environ(), env...)
	// Should the program that started it die unannounced (a harness killed
	// with -9), the kernel ends the server too instead of leaving it running.
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
	p := &Process{Name: name, cmd: cmd, done: make(chan struct{})}
	r, w, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	cmd.Stdout, cmd.Stderr = w, w
	if err := StartHeld(cmd); err != nil {
		r.Close()
		w.Close()
		return nil, fmt.Errorf("starting %s: %w", name, err)
	}
	w.Close()
	go func() {
		sc := bufio.NewScanner(r)
		for sc.Scan() {
			p.mu.Lock()
			p.out.WriteString(sc.Text() + "\n")
			p.mu.Unlock()
		}
		r.Close()
	}()
	go func() { _ = cmd.Wait(); close(p.done) }()
	return p, nil
}

// Output is what the process printed so far.
func (p *Process) Output() string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.out.String()
}

// WaitTCP waits until addr accepts connections, the process ends, or the
// guard runs out (a guard against a hang, not a speed check).
func (p *Process) WaitTCP(addr string, guard time.Duration) error {
	deadline := time.Now().Add(guard)
	for {
		c, err := net.DialTimeout("tcp", addr, time.Second)
		if err == nil {
			c.Close()
			return nil
		}
		select {
		case <-p.done:
			return fmt.Errorf("%s stopped before it listened on %s:\n%s", p.Name, addr, p.Output())
		case <-time.After(50 * time.Millisecond):
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("%s did not listen on %s within %v:\n%s", p.Name, addr, guard, p.Output())
		}
	}
}

// Stop kills the process and waits for it.
func (p *Process) Stop() {
	if p.cmd.Process != nil {
		_ = p.cmd.Process.Kill()
	}
	<-p.done
}

// StartHeld starts cmd from an OS thread that lives as long as the test
// binary. Pdeathsig kills a child when the thread that started it ends,
// not the process: Go ends a thread when a goroutine locked to it returns
// without unlocking, and the thread that started a server from any other
// goroutine may later be that one.
func StartHeld(cmd *exec.Cmd) error {
	started := make(chan error)
	go func() {
		runtime.LockOSThread()
		started <- cmd.Start()
		select {} // hold the thread
	}()
	return <-started
}
