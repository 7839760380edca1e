package main

import (
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"time"
)

// routes is the control API the end-to-end tests drive:
//
//	POST /nats/stop              kill the broker, as a crash does
//	POST /nats/start             start it again on its port and store
//	POST /a/kill-mid-upload      wait until A spools an upload, then SIGKILL A
//	GET  /logs                   the end of each instance's log
//	GET  /log?instance=a|b       the whole log of one instance
//
// and with -real:
//
//	GET  /mail?to=ADDR[&n=N]     the latest (or N-th) mail to ADDR, waiting up to 10 s for one:
//	                             {"subject", "body", "code"} (code: its first 6-digit number)
//	POST /library/add?path=P     copy P (a file or folder) of the generated library into the music folder
//	POST /library/remove?path=P  remove P from the music folder
//	POST /restart?instance=a|b   SIGTERM, wait, start again on the same data and port
//	GET  /check                  what every instance's log says that it should not (check.go): {"problems": [...]}
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
		for _, in := range c.instances {
			fmt.Fprintf(w, "--- instance %s (%s)\n%s\n", in.name, in.url, in.tail())
		}
	})
	mux.HandleFunc("GET /log", func(w http.ResponseWriter, r *http.Request) {
		for _, in := range c.instances {
			if strings.EqualFold(in.name, r.URL.Query().Get("instance")) {
				http.ServeFile(w, r, in.log)
				return
			}
		}
		http.Error(w, "no instance "+r.URL.Query().Get("instance"), http.StatusNotFound)
	})
	mux.HandleFunc("GET /mail", c.mail)
	mux.HandleFunc("POST /library/add", func(w http.ResponseWriter, r *http.Request) {
		rel, ok := libraryPath(w, r)
		if ok {
			reply(w, copyTree(filepath.Join(c.staging, rel), filepath.Join(c.library, rel), func(string) bool { return false }))
		}
	})
	mux.HandleFunc("POST /library/remove", func(w http.ResponseWriter, r *http.Request) {
		rel, ok := libraryPath(w, r)
		if !ok {
			return
		}
		if _, err := os.Stat(filepath.Join(c.library, rel)); err != nil {
			reply(w, err)
			return
		}
		reply(w, os.RemoveAll(filepath.Join(c.library, rel)))
	})
	mux.HandleFunc("POST /restart", func(w http.ResponseWriter, r *http.Request) {
		for _, in := range c.instances {
			if strings.EqualFold(in.name, r.URL.Query().Get("instance")) {
				reply(w, in.restart())
				return
			}
		}
		http.Error(w, "no instance "+r.URL.Query().Get("instance"), http.StatusNotFound)
	})
	mux.HandleFunc("GET /check", func(w http.ResponseWriter, r *http.Request) {
		problems := []problem{}
		for _, in := range c.instances {
			problems = append(problems, in.problems()...)
		}
		w.Header().Set("Content-Type", "application/json")
		_ = json.NewEncoder(w).Encode(map[string]any{"problems": problems})
	})
	return mux
}

var sixDigits = regexp.MustCompile(`\b\d{6}\b`)

// mail answers the latest mail to an address, or the n-th.
func (c *cluster) mail(w http.ResponseWriter, r *http.Request) {
	if c.smtp == nil {
		http.Error(w, "no SMTP server: run with -real", http.StatusNotFound)
		return
	}
	to := r.URL.Query().Get("to")
	n, _ := strconv.Atoi(r.URL.Query().Get("n"))
	if n <= 0 {
		n = max(c.smtp.Count(to), 1)
	}
	m, err := c.smtp.Wait(to, n, 10*time.Second)
	if err != nil {
		http.Error(w, err.Error(), http.StatusNotFound)
		return
	}
	code := sixDigits.FindString(m.Subject())
	if code == "" {
		code = sixDigits.FindString(m.Body)
	}
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(map[string]string{"subject": m.Subject(), "body": m.Body, "code": code})
}

// libraryPath is the path parameter, when it stays inside the library.
func libraryPath(w http.ResponseWriter, r *http.Request) (string, bool) {
	rel := r.URL.Query().Get("path")
	if !filepath.IsLocal(rel) {
		http.Error(w, fmt.Sprintf("path %q is not inside the library", rel), http.StatusBadRequest)
		return "", false
	}
	return rel, true
}

func reply(w http.ResponseWriter, err error) {
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
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
