package testserver

import (
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"sync"
	"testing"
	"time"
)

// NATS is a broker for a test: the one MUSICIFY_TEST_NATS_URL names, or a
// nats-server started on a free port, stopped when the test ends.
type NATS struct {
	URL string

	mu   sync.Mutex
	args []string
	addr string
	proc *Process // nil for a broker this package did not start
}

// NATSServer returns the broker MUSICIFY_TEST_NATS_URL names, else starts one.
func NATSServer(t testing.TB) *NATS {
	t.Helper()
	Needs(t, "NATS")
	if url := os.Getenv("MUSICIFY_TEST_NATS_URL"); url != "" {
		return &NATS{URL: url}
	}
	return OwnNATSServer(t)
}

// OwnNATSServer always starts a nats-server, for a test that restarts it.
func OwnNATSServer(t testing.TB) *NATS {
	t.Helper()
	Needs(t, "NATS")
	n, err := StartNATS(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(n.Stop)
	return n
}

// StartNATS starts a nats-server on a free port with its JetStream store in
// dir, for a harness that is not a test; Stop ends it.
func StartNATS(dir string) (*NATS, error) {
	bin, err := exec.LookPath("nats-server")
	if err != nil {
		if _, statErr := os.Stat("/usr/sbin/nats-server"); statErr != nil {
			return nil, fmt.Errorf("nats-server is not installed: run scripts/system-deps.sh (Debian's nats-server), or set MUSICIFY_TEST_NATS_URL")
		}
		bin = "/usr/sbin/nats-server"
	}
	port, err := freePort()
	if err != nil {
		return nil, err
	}
	n := &NATS{
		URL:  fmt.Sprintf("nats://127.0.0.1:%d", port),
		addr: fmt.Sprintf("127.0.0.1:%d", port),
		args: []string{bin, "-a", "127.0.0.1", "-p", strconv.Itoa(port), "-js", "-sd", dir},
	}
	if err := n.Start(); err != nil {
		return nil, err
	}
	return n, nil
}

// Start starts the broker (again) on its port and store, as a supervisor does.
func (n *NATS) Start() error {
	p, err := Start(n.args[0], n.args[1:])
	if err != nil {
		return err
	}
	if err := p.WaitTCP(n.addr, 30*time.Second); err != nil {
		p.Stop()
		return err
	}
	n.mu.Lock()
	n.proc = p
	n.mu.Unlock()
	return nil
}

// Stop kills the broker, as a crash does, and waits for it to end.
func (n *NATS) Stop() {
	n.mu.Lock()
	p := n.proc
	n.proc = nil
	n.mu.Unlock()
	if p != nil {
		p.Stop()
	}
}

// Kill stops the broker as a crash does; Resume starts it again.
func (n *NATS) Kill(t testing.TB) {
	t.Helper()
	if n.args == nil {
		t.Fatal("only a broker from OwnNATSServer can be killed, not MUSICIFY_TEST_NATS_URL's")
	}
	n.Stop()
}

// Resume starts the killed broker again on the same port and store, as a
// supervisor does.
func (n *NATS) Resume(t testing.TB) {
	t.Helper()
	if err := n.Start(); err != nil {
		t.Fatalf("restarting nats-server: %v", err)
	}
}

// Restart kills the broker and starts it again.
func (n *NATS) Restart(t testing.TB) {
	t.Helper()
	n.Kill(t)
	n.Resume(t)
}
