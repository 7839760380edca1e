package bench

import (
	"bufio"
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"time"

	"github.com/musicify/musicify/internal/testsmtp"
)

// soakServer is the musicify a soak starts, as a self-hoster runs it: the
// binary as a process of its own on a data dir, its log in a file there,
// its mail going to an SMTP server inside the soak so sign-up codes can be
// read.
type soakServer struct {
	cmd     *exec.Cmd
	url     string
	dir     string
	temp    bool // dir is the soak's own, removed after a clean run
	logPath string
	token   string
	smtp    *testsmtp.Server
	exited  chan struct{}
}

func startSoakServer(ctx context.Context, binary, dir, library string) (*soakServer, error) {
	s := &soakServer{dir: dir, exited: make(chan struct{})}
	if dir == "" {
		tmp, err := os.MkdirTemp("", "musicify-soak-")
		if err != nil {
			return nil, err
		}
		s.dir, s.temp = tmp, true
	} else if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	var err error
	if s.smtp, err = testsmtp.Listen("127.0.0.1:0"); err != nil {
		return nil, err
	}
	token := make([]byte, 32)
	rand.Read(token)
	s.token = hex.EncodeToString(token)
	port, err := freePort()
	if err != nil {
		return nil, err
	}
	s.url = fmt.Sprintf("http://127.0.0.1:%d", port)
	s.logPath = filepath.Join(s.dir, "server.log")
	logFile, err := os.OpenFile(s.logPath, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		return nil, err
	}
	defer logFile.Close() // the child holds its own descriptor
	env := []string{"MUSICIFY_ADDR=127.0.0.1:" + fmt.Sprint(port), "MUSICIFY_BASE_URL=" + s.url,
		"MUSICIFY_DATA_DIR=" + filepath.Join(s.dir, "data"), "MUSICIFY_DEMO=false",
		"MUSICIFY_SMTP_URL=" + s.smtp.URL().String(), "MUSICIFY_METRICS_TOKEN=" + s.token}
	if library != "" {
		abs, err := filepath.Abs(library)
		if err != nil {
			return nil, err
		}
		env = append(env, "MUSICIFY_LIBRARY_DIRS="+abs)
	}
	s.cmd = exec.Command(binary, "serve")
	// Only the soak's settings: a MUSICIFY_DATABASE_URL in the caller's
	// shell must not point the soak at a real installation.
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "MUSICIFY_") {
			s.cmd.Env = append(s.cmd.Env, kv)
		}
	}
	s.cmd.Env = append(s.cmd.Env, env...)
	s.cmd.Stdout, s.cmd.Stderr = logFile, logFile
	s.cmd.SysProcAttr = soakChildAttr() // the server ends with the soak, even a soak killed hard
	if err := s.cmd.Start(); err != nil {
		return nil, err
	}
	go func() { _ = s.cmd.Wait(); close(s.exited) }()
	if err := s.waitHealthy(ctx); err != nil {
		s.stop()
		return nil, err
	}
	return s, nil
}

// freePort is a loopback port nothing listens on, so the server's address
// (and MUSICIFY_BASE_URL) is known before it starts.
func freePort() (int, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer ln.Close()
	return ln.Addr().(*net.TCPAddr).Port, nil
}

// waitHealthy waits until /healthz answers 200, or the server stops.
func (s *soakServer) waitHealthy(ctx context.Context) error {
	deadline := time.Now().Add(2 * time.Minute) // a guard against a hang, migrations included
	for {
		res, err := http.Get(s.url + "/healthz")
		if err == nil {
			res.Body.Close()
			if res.StatusCode == 200 {
				return nil
			}
		}
		select {
		case <-s.exited:
			return fmt.Errorf("musicify stopped before it answered (%v); its log:\n%s", s.cmd.ProcessState, s.logTail(20))
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(100 * time.Millisecond):
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("musicify did not answer /healthz within 2 minutes; its log:\n%s", s.logTail(20))
		}
	}
}

// stop ends the server as systemd does, SIGTERM, and waits for it to
// finish the requests in flight; it says how it exited.
func (s *soakServer) stop() error {
	defer s.smtp.Close()
	_ = s.cmd.Process.Signal(syscall.SIGTERM)
	select {
	case <-s.exited:
	case <-time.After(45 * time.Second): // serve gives requests 30 s
		_ = s.cmd.Process.Kill()
		<-s.exited
		return errors.New("musicify did not stop within 45 s of SIGTERM: killed")
	}
	if !s.cmd.ProcessState.Success() {
		return fmt.Errorf("musicify exited with %v after SIGTERM", s.cmd.ProcessState)
	}
	return nil
}

// soakLogProblem is a line of the server's log that fails a soak: an
// ERROR, or a panic anywhere (a recovered one is logged, a fatal one is
// printed by the runtime).
var soakLogProblem = regexp.MustCompile(`level=ERROR|(?i:\bpanic)|^fatal error:`)

// scanLog lists the log's problem lines, and counts its warnings.
func (s *soakServer) scanLog() (problems []string, warnings int, err error) {
	f, err := os.Open(s.logPath)
	if err != nil {
		return nil, 0, err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		line := sc.Text()
		switch {
		case soakLogProblem.MatchString(line):
			problems = append(problems, "server log: "+line)
		case strings.Contains(line, "level=WARN"):
			warnings++
		}
	}
	return problems, warnings, sc.Err()
}

// logTail is the log's last n lines, for a server that would not start.
func (s *soakServer) logTail(n int) string {
	b, _ := os.ReadFile(s.logPath)
	lines := strings.Split(strings.TrimRight(string(b), "\n"), "\n")
	return strings.Join(lines[max(0, len(lines)-n):], "\n")
}

// soakTarget is the server soaked and the people using it.
type soakTarget struct {
	base         string
	users        []*soakUser
	metricsToken string
	srv          *soakServer // nil for a server someone else runs
	out          io.Writer
}

// target starts a server and signs its people up, one per worker, each
// uploading a song; or, with --url, signs in to a server that runs.
func (s *soak) target(ctx context.Context, tr http.RoundTripper) (*soakTarget, error) {
	if s.url != "" {
		t := &soakTarget{base: strings.TrimRight(s.url, "/"), metricsToken: s.metricsToken, out: s.out}
		u := newSoakUser(t.base, s.user, tr)
		if err := u.login(s.password); err != nil {
			return nil, err
		}
		t.users = []*soakUser{u}
		return t, u.prepare()
	}
	fmt.Fprintf(s.out, "starting %s serve\n", s.binary)
	srv, err := startSoakServer(ctx, s.binary, s.dir, s.library)
	if err != nil {
		return nil, err
	}
	t := &soakTarget{base: srv.url, metricsToken: srv.token, srv: srv, out: s.out}
	fmt.Fprintf(s.out, "musicify (pid %d) answers at %s; its log is %s\n", t.pid(), t.base, srv.logPath)
	for i := range s.workers {
		u, err := srv.signUp(t.base, fmt.Sprintf("soak%d", i+1), tr)
		if err == nil {
			err = u.prepare()
		}
		if err == nil {
			err = u.upload(i, 8)
		}
		if err != nil {
			return t, fmt.Errorf("signing up soak%d: %w", i+1, err)
		}
		t.users = append(t.users, u)
	}
	if !t.users[0].admin {
		return t, errors.New("the first account to sign up is not an admin")
	}
	fmt.Fprintf(s.out, "%d accounts signed up (%s is the admin), each with an app password and a song uploaded\n", len(t.users), t.users[0].name)
	return t, t.users[0].waitForLibrary(ctx, s.out, s.jobsWait)
}

// pid is the server's process id, 0 for a server someone else runs.
func (t *soakTarget) pid() int {
	if t.srv == nil {
		return 0
	}
	return t.srv.cmd.Process.Pid
}

// close revokes the app passwords the soak made, stops the server it
// started and lists the problems in its log; the data dir is removed
// after a clean run unless it was asked for.
func (t *soakTarget) close(clean bool) []string {
	for _, u := range t.users {
		if u.appPasswordID != "" && t.srv == nil { // a server the soak started is thrown away
			if err := u.call("DELETE", "/api/app-passwords/"+u.appPasswordID, nil, 200, nil); err != nil {
				fmt.Fprintln(t.out, "revoking the soak's app password:", err)
			}
		}
	}
	if t.srv == nil {
		return nil
	}
	var problems []string
	if err := t.srv.stop(); err != nil {
		problems = append(problems, err.Error())
	}
	lines, warnings, err := t.srv.scanLog()
	if err != nil {
		problems = append(problems, "reading the server's log: "+err.Error())
	}
	problems = append(problems, lines...)
	fmt.Fprintf(t.out, "\nthe server's log: %d panics or errors, %d warnings\n", len(lines), warnings)
	for i, p := range problems {
		if i == 20 {
			fmt.Fprintf(t.out, "  … and %d more\n", len(problems)-i)
			break
		}
		fmt.Fprintln(t.out, " ", p)
	}
	if clean && len(problems) == 0 && t.srv.temp {
		os.RemoveAll(t.srv.dir)
	} else {
		fmt.Fprintf(t.out, "the server's data and log are kept in %s\n", t.srv.dir)
	}
	return problems
}
