package main

import (
	"fmt"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"time"
)

// routes is the control API the end-to-end test drives:
//
//	POST /nats/stop              kill the broker, as a crash does
//	POST /nats/start             start it again on its port and store
//	POST /a/kill-mid-upload      wait until A spools an upload, then SIGKILL A
//	GET  /logs                   the end of each instance's log
func (c *cluster) routes() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("POST /nats/stop", func(w http.ResponseWriter, r *http.Request) {
		c.nats.Stop()
	})
	mux.HandleFunc("POST /nats/start", func(w http.ResponseWriter, r *http.Request) {
		if err := c.nats.Start(); err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
		}
	})
	mux.HandleFunc("POST /a/kill-mid-upload", func(w http.ResponseWriter, r *http.Request) {
		spooled, err := c.a.waitForUpload()
		if err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
		c.a.kill()
		fmt.Fprintf(w, "killed A while it received %s\n", spooled)
	})
	mux.HandleFunc("GET /logs", func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprintf(w, "--- instance A (%s)\n%s\n--- instance B (%s)\n%s", c.a.url, c.a.tail(), c.b.url, c.b.tail())
	})
	return mux
}

// waitForUpload waits until the instance has begun spooling an upload to
// its temp dir (see httpapi's SpoolDir): the request is mid-way.
func (in *instance) waitForUpload() (string, error) {
	deadline := time.Now().Add(60 * time.Second)
	for {
		files, _ := filepath.Glob(filepath.Join(in.dir, "tmp", "upload-*"))
		for _, f := range files {
			if st, err := os.Stat(f); err == nil && st.Size() > 0 {
				return filepath.Base(f), nil
			}
		}
		if time.Now().After(deadline) {
			return "", fmt.Errorf("no upload reached %s within 60 s", in.url)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

func freePort() (int, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer ln.Close()
	return ln.Addr().(*net.TCPAddr).Port, nil
}
