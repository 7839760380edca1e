package main

import (
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"sync"
	"syscall"
	"time"

	"github.com/musicify/musicify/internal/testserver"
)

// instance is one `musicify serve` with a data dir of its own (in a
// cluster only its temp files: data and media are shared). It keeps its
// port and settings, so a restart serves at the same address.
type instance struct {
	name, url, dir, log string
	bin                 string
	env                 []string

	mu      sync.Mutex
	cmd     *exec.Cmd
	done    chan struct{}
	stopped bool // by the harness: its end is no crash
}

func startInstance(name, bin, dir string, env []string) (*instance, error) {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, err
	}
	port, err := freePort()
	if err != nil {
		return nil, err
	}
	url := "http://127.0.0.1:" + strconv.Itoa(port)
	in := &instance{name: name, url: url, dir: dir, log: filepath.Join(dir, "musicify.log"), bin: bin,
		env: append([]string{"MUSICIFY_ADDR=127.0.0.1:" + strconv.Itoa(port), "MUSICIFY_BASE_URL=" + url,
			"MUSICIFY_DATA_DIR=" + dir}, env...)}
	return in, in.start()
}

// start runs the instance, its output appended to its log (a restart
// keeps what the run before wrote).
func (in *instance) start() error {
	logf, err := os.OpenFile(in.log, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o600)
	if err != nil {
		return err
	}
	defer logf.Close()
	cmd := exec.Command(in.bin, "serve")
	cmd.Env = append(os.Environ(), in.env...)
	cmd.Stdout, cmd.Stderr = logf, logf
	// Should this program die unannounced, the kernel ends the instance too.
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
	if err := testserver.StartHeld(cmd); err != nil {
		return err
	}
	done := make(chan struct{})
	go func() { _ = cmd.Wait(); close(done) }()
	in.mu.Lock()
	in.cmd, in.done, in.stopped = cmd, done, false
	in.mu.Unlock()
	return nil
}

// running is the process now and the channel closed when it ends.
func (in *instance) running() (*exec.Cmd, chan struct{}) {
	in.mu.Lock()
	defer in.mu.Unlock()
	return in.cmd, in.done
}

// waitReady waits until the instance answers /healthz with its demo
// catalog (if any) seeded; the guard only stops a hang.
func (in *instance) waitReady() error {
	_, done := in.running()
	deadline := time.Now().Add(3 * time.Minute)
	for {
		res, err := http.Get(in.url + "/healthz")
		if err == nil {
			var health struct{ Demo string }
			err = json.NewDecoder(res.Body).Decode(&health)
			res.Body.Close()
			if err == nil && res.StatusCode == http.StatusOK && health.Demo != "seeding" {
				return nil
			}
		}
		select {
		case <-done:
			return fmt.Errorf("%s stopped before it was ready:\n%s", in.url, in.tail())
		case <-time.After(100 * time.Millisecond):
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("%s was not ready within 3 minutes:\n%s", in.url, in.tail())
		}
	}
}

// kill ends the instance with SIGKILL, as a crash or the OOM killer does.
func (in *instance) kill() {
	in.end(func(p *os.Process) { _ = p.Kill() })
}

// stop ends the instance as a supervisor does: SIGTERM, then SIGKILL after
// a guard.
func (in *instance) stop() {
	in.end(func(p *os.Process) {
		_ = p.Signal(syscall.SIGTERM)
		cmd, done := in.running()
		select {
		case <-done:
		case <-time.After(30 * time.Second):
			_ = cmd.Process.Kill()
		}
	})
}

// end stops the instance with how, once, and waits until it has ended.
func (in *instance) end(how func(*os.Process)) {
	in.mu.Lock()
	cmd, done, already := in.cmd, in.done, in.stopped
	in.stopped = true
	in.mu.Unlock()
	if cmd == nil || already {
		return
	}
	how(cmd.Process)
	<-done
}

// restart stops the instance gracefully and starts it again on the same
// data, port and settings, as `systemctl restart` does.
func (in *instance) restart() error {
	in.stop()
	if err := in.start(); err != nil {
		return err
	}
	return in.waitReady()
}

// exited says, when the instance ended without the harness stopping it,
// how it ended (a crash); "" while it runs or after a stop.
func (in *instance) exited() string {
	in.mu.Lock()
	cmd, done, stopped := in.cmd, in.done, in.stopped
	in.mu.Unlock()
	select {
	case <-done:
	default:
		return ""
	}
	if stopped {
		return ""
	}
	return cmd.ProcessState.String() // set before done closed

}

// tail is the end of the instance's log, for failure messages.
func (in *instance) tail() string {
	b, _ := os.ReadFile(in.log)
	if len(b) > 8<<10 {
		b = b[len(b)-8<<10:]
	}
	return string(b)
}
