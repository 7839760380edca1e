package bench

import (
	"database/sql"
	"encoding/json"
	"flag"
	"fmt"
	"io/fs"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// benchFootprint measures what an import costs a running server, as a
// person runs it: `musicify serve` (the binary given) with a fresh data
// dir and MUSICIFY_DEMO=false imports a library folder; the bench reads the
// first scan's time, the jobs it queued, the CPU seconds of the server's
// children (ffmpeg, ffprobe) until the queue is drained, the bytes written
// to media storage, the peak RSS and the idle RSS after; then it restarts
// the server on the same data and times the rescan of unchanged files.
func benchFootprint(args []string) int {
	fl := flag.NewFlagSet("bench footprint", flag.ContinueOnError)
	bin := fl.String("bin", "bin/musicify", "the musicify binary to run")
	library := fl.String("library", "", "the music folder to import (go run ./scripts/genlibrary -out DIR -n 2000)")
	settle := fl.Duration("settle", 45*time.Second, "how long the drained server idles before its RSS is read")
	if err := fl.Parse(args); err != nil {
		return 2
	}
	if *library == "" {
		fmt.Fprintln(os.Stderr, "bench footprint: -library is needed")
		return 2
	}
	dir, err := os.MkdirTemp("", "musicify-footprint-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	defer os.RemoveAll(dir)
	if err := footprint(*bin, *library, dir, *settle); err != nil {
		fmt.Fprintln(os.Stderr, "bench footprint:", err)
		return 1
	}
	return 0
}

func footprint(bin, library, dir string, settle time.Duration) error {
	srv, err := startServe(bin, library, dir)
	if err != nil {
		return err
	}
	db, err := sql.Open("sqlite", "file:"+filepath.Join(dir, "musicify.db")+"?mode=ro&_pragma=busy_timeout(5000)")
	if err != nil {
		srv.stop()
		return err
	}
	defer db.Close()
	first, err := waitScan(db, time.Time{})
	if err != nil {
		srv.stop()
		return err
	}
	var queued int
	if err := db.QueryRow(`SELECT count(*) FROM jobs`).Scan(&queued); err != nil {
		srv.stop()
		return err
	}
	for {
		var left int
		if err := db.QueryRow(`SELECT count(*) FROM jobs WHERE state IN ('pending', 'running')`).Scan(&left); err != nil {
			srv.stop()
			return err
		}
		if left == 0 {
			break
		}
		time.Sleep(500 * time.Millisecond)
	}
	children := srv.childCPU()
	time.Sleep(settle)
	idle, peak := srv.rss()
	srv.stop()
	written := diskUse(filepath.Join(dir, "media"))

	again, err := startServe(bin, library, dir)
	if err != nil {
		return err
	}
	rescan, err := waitScan(db, first.Finished)
	again.stop()
	if err != nil {
		return err
	}
	fmt.Printf("%d files: first scan %.2f s, rescan %.3f s\n", first.Seen, first.took().Seconds(), rescan.took().Seconds())
	fmt.Printf("jobs queued %d (%.2f a file), CPU seconds of ffmpeg and ffprobe %.1f, media written %.1f MB\n",
		queued, float64(queued)/float64(max(first.Seen, 1)), children, float64(written)/1e6)
	fmt.Printf("RSS: peak %d MiB, idle after %s %d MiB\n", peak>>20, settle, idle>>20)
	return nil
}

type served struct {
	cmd *exec.Cmd
}

func startServe(bin, library, dir string) (*served, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	addr := l.Addr().String()
	l.Close()
	cmd := exec.Command(bin, "serve")
	cmd.Env = append(os.Environ(), "MUSICIFY_DEMO=false", "MUSICIFY_DATA_DIR="+dir, "MUSICIFY_LIBRARY_DIRS="+library, "MUSICIFY_ADDR="+addr)
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	return &served{cmd: cmd}, nil
}

func (s *served) stop() {
	_ = s.cmd.Process.Signal(os.Interrupt)
	_ = s.cmd.Wait()
}

// rss reads the server's resident memory now and at its peak, in bytes.
func (s *served) rss() (now, peak int64) {
	b, _ := os.ReadFile(fmt.Sprintf("/proc/%d/status", s.cmd.Process.Pid))
	for _, line := range strings.Split(string(b), "\n") {
		f := strings.Fields(line)
		if len(f) < 2 {
			continue
		}
		kb, _ := strconv.ParseInt(f[1], 10, 64)
		switch f[0] {
		case "VmRSS:":
			now = kb << 10
		case "VmHWM:":
			peak = kb << 10
		}
	}
	return now, peak
}

// childCPU is the CPU seconds of the server's children that ended: its
// ffmpeg and ffprobe runs.
func (s *served) childCPU() float64 {
	b, _ := os.ReadFile(fmt.Sprintf("/proc/%d/stat", s.cmd.Process.Pid))
	f := strings.Fields(string(b[strings.LastIndexByte(string(b), ')')+1:]))
	if len(f) < 15 {
		return 0
	}
	cu, _ := strconv.ParseFloat(f[13], 64) // cutime, field 16
	cs, _ := strconv.ParseFloat(f[14], 64) // cstime, field 17
	return (cu + cs) / 100                 // USER_HZ
}

type scanTimes struct {
	Started, Finished time.Time
	Running           bool
	Seen              int
}

func (s scanTimes) took() time.Duration { return s.Finished.Sub(s.Started) }

// waitScan waits for a scan that finished after after, as the server
// records it.
func waitScan(db *sql.DB, after time.Time) (scanTimes, error) {
	deadline := time.Now().Add(10 * time.Minute)
	for time.Now().Before(deadline) {
		var raw string
		err := db.QueryRow(`SELECT value FROM settings WHERE name = 'library_scan_status'`).Scan(&raw)
		if err == nil {
			var v struct{ Status scanTimes }
			if json.Unmarshal([]byte(raw), &v) == nil && !v.Status.Running && v.Status.Finished.After(after) {
				return v.Status, nil
			}
		}
		time.Sleep(100 * time.Millisecond)
	}
	return scanTimes{}, fmt.Errorf("no scan finished within 10 minutes")
}

func diskUse(dir string) int64 {
	var n int64
	_ = filepath.WalkDir(dir, func(_ string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			if info, err := d.Info(); err == nil {
				n += info.Size()
			}
		}
		return nil
	})
	return n
}
