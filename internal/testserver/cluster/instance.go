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

// instance is one `musicify serve` with a data dir of its own (only its
// temp files: data and media are shared).
type instance struct {
	url, dir, log string
	cmd           *exec.Cmd
	done          chan struct{}
	stopOnce      sync.Once
}

func startInstance(bin, dir string, env []string) (*instance, error) {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, err
	}
	port, err := freePort()
	if err != nil {
		return nil, err
	}
	in := &instance{url: "http://127.0.0.1:" + strconv.Itoa(port), dir: dir, log: filepath.Join(dir, "musicify.log"),
		done: make(chan struct{})}
	logf, err := os.Create(in.log)
	if err != nil {
		return nil, err
	}
	defer logf.Close()
	in.cmd = exec.Command(bin, "serve")
	in.cmd.Env = append(append(os.Environ(), "MUSICIFY_ADDR=127.0.0.1:"+strconv.Itoa(port),
		"MUSICIFY_BASE_URL="+in.url, "MUSICIFY_DATA_DIR="+dir), env...)
	in.cmd.Stdout, in.cmd.Stderr = logf, logf
	// Should this program die unannounced, the kernel ends the instance too.
	in.cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
	if err := testserver.StartHeld(in.cmd); err != nil {
		return nil, err
	}
	go func() { _ = in.cmd.Wait(); close(in.done) }()
	return in, nil
}

// waitReady waits until the instance answers /healthz with its demo
// catalog (if any) seeded; the guard only stops a hang.
func (in *instance) waitReady() error {
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
		case <-in.done:
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
	in.stopOnce.Do(func() {
		_ = in.cmd.Process.Kill()
		<-in.done
	})
}

// stop ends the instance as a supervisor does: SIGTERM, then SIGKILL after
// a guard.
func (in *instance) stop() {
	in.stopOnce.Do(func() {
		_ = in.cmd.Process.Signal(syscall.SIGTERM)
		select {
		case <-in.done:
		case <-time.After(30 * time.Second):
			_ = in.cmd.Process.Kill()
			<-in.done
		}
	})
}

// tail is the end of the instance's log, for failure messages.
func (in *instance) tail() string {
	b, _ := os.ReadFile(in.log)
	if len(b) > 8<<10 {
		b = b[len(b)-8<<10:]
	}
	return string(b)
}
