package bench

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"mime/multipart"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"regexp"
	"strings"
	"sync"
	"time"

	"github.com/musicify/musicify/internal/demo/synth"
)

// soakUser is one person of the soak: a web session (its cookie jar) and
// an app password for the Subsonic app on their phone.
type soakUser struct {
	name, id, base string
	admin          bool
	web, app       *http.Client // app sends no cookie, as a Subsonic app does not
	appPassword    string
	appPasswordID  string

	mu    sync.Mutex
	songs []soakSong // as the web app lists them for this user: its own signed audio URLs
}

type soakSong struct {
	ID     string `json:"_id"`
	Name   string `json:"song"`
	Artist string `json:"artist"`
	Audio  string `json:"audio"`
}

func newSoakUser(base, name string, tr http.RoundTripper) *soakUser {
	jar, _ := cookiejar.New(nil)
	return &soakUser{name: name, base: base,
		web: &http.Client{Transport: tr, Jar: jar, Timeout: time.Minute},
		app: &http.Client{Transport: tr, Timeout: time.Minute}}
}

// call makes one web API request as u and decodes a JSON answer into out;
// any status but want is an error with the server's message.
func (u *soakUser) call(method, path string, body any, want int, out any) error {
	var rd io.Reader
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			return err
		}
		rd = bytes.NewReader(b)
	}
	req, err := http.NewRequest(method, u.base+path, rd)
	if err != nil {
		return err
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	return soakDo(u.web, req, want, out)
}

// soakDo sends req, reads the whole answer and checks its status.
func soakDo(c *http.Client, req *http.Request, want int, out any) error {
	res, err := c.Do(req)
	if err != nil {
		return err
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	if err != nil {
		return fmt.Errorf("%s %s: reading the answer: %w", req.Method, req.URL.Path, err)
	}
	if res.StatusCode != want {
		var e struct{ Message string }
		if json.Unmarshal(b, &e) != nil || e.Message == "" {
			e.Message = strings.TrimSpace(string(b[:min(len(b), 200)]))
		}
		return fmt.Errorf("%s %s: status %d: %s", req.Method, req.URL.Path, res.StatusCode, e.Message)
	}
	if out != nil {
		if err := json.Unmarshal(b, out); err != nil {
			return fmt.Errorf("%s %s: %w", req.Method, req.URL.Path, err)
		}
	}
	return nil
}

var soakCode = regexp.MustCompile(`\b(\d{6})\b`)

// signUp makes the account as a person does: asks for a code, reads it from
// the mail, signs up with it, then signs in with the password.
func (s *soakServer) signUp(base, name string, tr http.RoundTripper) (*soakUser, error) {
	u := newSoakUser(base, name, tr)
	creds := map[string]string{"username": name, "email": name + "@soak.example", "password": "soak-" + name + "-password"}
	if err := u.call("POST", "/api/auth/cheak", creds, 200, nil); err != nil {
		return nil, err
	}
	m, err := s.smtp.Wait(creds["email"], 1, time.Minute)
	if err != nil {
		return nil, err
	}
	code := soakCode.FindStringSubmatch(m.Subject() + "\n" + m.Body)
	if code == nil {
		return nil, fmt.Errorf("no code in the sign-up mail %q", m.Subject())
	}
	creds["otp"] = code[1]
	if err := u.call("POST", "/api/auth/signup", creds, 200, nil); err != nil {
		return nil, err
	}
	return u, u.login(creds["password"])
}

func (u *soakUser) login(password string) error {
	return u.call("POST", "/api/auth/login", map[string]string{"username": u.name, "password": password}, 200, nil)
}

// prepare reads who u is and makes the app password their Subsonic app
// signs in with.
func (u *soakUser) prepare() error {
	var me struct {
		ID    string `json:"_id"`
		Admin bool   `json:"admin"`
	}
	if err := u.call("GET", "/api/auth/profile", nil, 200, &me); err != nil {
		return err
	}
	u.id, u.admin = me.ID, me.Admin
	var pw struct{ ID, Password string }
	name := fmt.Sprintf("soak %s", time.Now().Format("2006-01-02 15:04:05.000"))
	if err := u.call("POST", "/api/app-passwords", map[string]string{"name": name}, 201, &pw); err != nil {
		return err
	}
	u.appPassword, u.appPasswordID = pw.Password, pw.ID
	return nil
}

// upload sends a song of n seconds, a tone of its own per user (the same
// bytes twice would be refused), as the upload page does.
func (u *soakUser) upload(n int, seconds int) error {
	const rate = 22050
	samples := make([]float32, rate*seconds)
	freq := 220 * math.Pow(2, float64(n)/12)
	for i := range samples {
		samples[i] = float32(0.3 * math.Sin(2*math.Pi*freq*float64(i)/rate))
	}
	var body bytes.Buffer
	w := multipart.NewWriter(&body)
	_ = w.WriteField("song", fmt.Sprintf("Soak Tone %d of %s", n+1, u.name))
	part, err := w.CreateFormFile("audio", "tone.wav")
	if err != nil {
		return err
	}
	if err := synth.WriteWAV(part, samples, rate, 1); err != nil {
		return err
	}
	if err := w.Close(); err != nil {
		return err
	}
	req, err := http.NewRequest("POST", u.base+"/api/upload", &body)
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", w.FormDataContentType())
	return soakDo(u.web, req, 200, nil)
}

// waitForLibrary waits, as an admin watching the admin page, until the
// first scan of the library is done and the analysis jobs it queued have
// run, so the soak measures the server people use, not an import.
func (u *soakUser) waitForLibrary(ctx context.Context, log io.Writer, jobsFor time.Duration) error {
	t0 := time.Now()
	for {
		var st struct {
			Configured, Running bool
			Finished            string
			Seen, Added, Failed int
		}
		if err := u.call("GET", "/api/admin/library", nil, 200, &st); err != nil {
			return err
		}
		if !st.Configured || (!st.Running && st.Finished != "") {
			if st.Configured {
				fmt.Fprintf(log, "library scanned in %s: %d files, %d added, %d failed\n", time.Since(t0).Round(time.Second), st.Seen, st.Added, st.Failed)
			}
			break
		}
		if err := soakPause(ctx, 500*time.Millisecond); err != nil {
			return err
		}
	}
	t0 = time.Now()
	said := t0
	for {
		var jobs struct{ Pending, Running, Failed int }
		if err := u.call("GET", "/api/admin/jobs", nil, 200, &jobs); err != nil {
			return err
		}
		left := jobs.Pending + jobs.Running
		if left == 0 || time.Since(t0) > jobsFor {
			fmt.Fprintf(log, "background jobs: %d left after %s (%d failed)\n", left, time.Since(t0).Round(time.Second), jobs.Failed)
			return nil
		}
		if time.Since(said) >= time.Minute {
			said = time.Now()
			fmt.Fprintf(log, "waiting for the background jobs (the library's analysis): %d left after %s\n", left, time.Since(t0).Round(time.Second))
		}
		if err := soakPause(ctx, 500*time.Millisecond); err != nil {
			return err
		}
	}
}

// soakPause waits d, or less when ctx ends: polling a server for a state,
// not timing anything.
func soakPause(ctx context.Context, d time.Duration) error {
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-time.After(d):
		return nil
	}
}

// listSongs reads the songs view as u, which is also where u's signed
// audio URLs come from.
func (u *soakUser) listSongs() ([]soakSong, error) {
	var songs []soakSong
	if err := u.call("GET", "/api/search/all", nil, 200, &songs); err != nil {
		return nil, err
	}
	u.mu.Lock()
	u.songs = songs
	u.mu.Unlock()
	return songs, nil
}

// restQuery is a Subsonic call's query for u's app.
func (u *soakUser) restQuery(call string, params url.Values) string {
	return u.base + restPath(call, u.name, u.appPassword, "soak", params)
}
