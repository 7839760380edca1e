package main

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"mime/multipart"
	"net/http"
	"net/http/cookiejar"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/musicify/musicify/internal/auth"
	"github.com/musicify/musicify/internal/catalog"
	"github.com/musicify/musicify/internal/musicify"
	"github.com/musicify/musicify/internal/sqlstore"
)

// kill -9 during uploads once left 797 MiB of temp files, a 143 MB file no
// song named and empty song folders; songs saved just before a kill never
// got their analysis. Here the real binary is killed right after a song is
// saved and in the middle of an upload, and restarted on the same data.
func TestAKilledServerLosesNoWorkAndLeavesNoFilesBehind(t *testing.T) {
	dir := t.TempDir()
	// Uploads spool into the data dir's tmp; the local store writes its own
	// temp files beside the blobs, so a rename puts them in place.
	media, tmp, storeTmp := filepath.Join(dir, "media"), filepath.Join(dir, "tmp"), filepath.Join(dir, "media", ".tmp")
	dbPath := filepath.Join(dir, "musicify.db")
	// The account is made in the database: with MUSICIFY_DEMO=false no mail can be read.
	db, err := sqlstore.OpenSQLite(context.Background(), dbPath)
	if err != nil {
		t.Fatal(err)
	}
	hash, _ := auth.Argon2Params{Memory: 64, Time: 1, Threads: 1}.Hash("secret1")
	if err := db.CreateUser(context.Background(), &musicify.User{Username: "crash", Email: "crash@example.com", PasswordHash: hash}); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })

	// 1. Killed right after a song is saved: the song comes with its jobs.
	p := startBinary(t, dir)
	c := login(t, p.URL)
	flac := c.upload(t, "Lossless", "lossless.flac")
	waitFor(t, "the first song's analysis", func() (bool, string) { return analysed(t, db) })
	mp3 := c.upload(t, "Tune", "tune-12s.mp3")
	p.kill()
	if js, _ := db.JobsFor(context.Background(), mp3); !slices.ContainsFunc(js, func(j *musicify.Job) bool { return j.Kind == catalog.JobAnalyze }) {
		t.Fatalf("a song saved just before the kill has no analysis job: %+v", js)
	}
	// Before songs and jobs were one transaction, the kill could fall between
	// them: such rows, with no jobs and nothing measured, get their jobs at start.
	strand(t, dbPath)

	// 2. Killed in the middle of an upload: its spooled part stays behind.
	p = startBinary(t, dir)
	waitFor(t, "the analysis of songs that had no jobs", func() (bool, string) { return analysed(t, db) })
	for _, id := range []string{flac, mp3} {
		s, _ := db.Song(context.Background(), id)
		if s.StreamKey != "" || s.Loudness == nil {
			t.Errorf("after its jobs a song is measured and streams its original: stream %q, loudness %v", s.StreamKey, s.Loudness)
		}
	}
	login(t, p.URL).startUpload(t, tmp)
	p.kill()

	// What a kill in the other windows leaves: a stored file whose row was
	// never written, the empty folder made for it, a half-written blob.
	orphan := filepath.Join(media, "songs", musicify.NewID(), "original.mp3")
	empty := filepath.Join(media, "songs", musicify.NewID())
	for _, d := range []string{filepath.Dir(orphan), empty} {
		if err := os.MkdirAll(d, 0o750); err != nil {
			t.Fatal(err)
		}
	}
	for _, f := range []string{orphan, filepath.Join(storeTmp, "put-123")} {
		if err := os.WriteFile(f, []byte("left behind"), 0o640); err != nil {
			t.Fatal(err)
		}
	}
	// An hour passes: everything is past the sweep's grace period.
	ageAll(t, media, 2*time.Hour)
	ageAll(t, tmp, 2*time.Hour)

	// 3. The start-up sweep clears it all and keeps every file a row names.
	p = startBinary(t, dir)
	p.waitLog(t, "orphan sweep finished")
	if left := append(files(t, tmp), files(t, storeTmp)...); len(left) != 0 {
		t.Errorf("temp files left after the sweep: %v", left)
	}
	keys, err := db.BlobKeys(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range slices.DeleteFunc(files(t, media), func(f string) bool { return strings.HasPrefix(f, ".tmp/") || f == musicify.DeploymentKey }) {
		if !slices.ContainsFunc(keys, func(k string) bool { return f == k || strings.HasPrefix(f, k+"-") }) {
			t.Errorf("%s is left though no row names it", f)
		}
	}
	for _, k := range keys {
		if _, err := os.Stat(filepath.Join(media, filepath.FromSlash(k))); err != nil && !strings.HasPrefix(k, "covers/") {
			t.Errorf("the sweep removed %s, which a row names: %v", k, err)
		}
	}
	if _, err := os.Stat(empty); err == nil {
		t.Error("the empty song folder is left")
	}
	if ok, detail := analysed(t, db); !ok {
		t.Errorf("after the restart: %s", detail)
	}
}

// analysed tells whether every song's jobs ran to their end with loudness
// measured and no transcript left pending, and if not, what is missing.
func analysed(t *testing.T, db *sqlstore.DB) (bool, string) {
	t.Helper()
	ctx := context.Background()
	songs, err := db.Songs(ctx)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range songs {
		js, err := db.JobsFor(ctx, s.ID)
		if err != nil {
			t.Fatal(err)
		}
		if s.Loudness == nil || s.Transcript == musicify.TranscriptPending || len(js) == 0 {
			return false, fmt.Sprintf("%s: loudness %v, transcript %s, %d jobs", s.Name, s.Loudness, s.Transcript, len(js))
		}
		for _, j := range js {
			if j.State != musicify.JobDone && !(j.Kind == catalog.JobTranscribe && j.State == musicify.JobFailed) {
				return false, fmt.Sprintf("%s: job %s is %s (%s)", s.Name, j.Kind, j.State, j.Error)
			}
		}
	}
	return len(songs) > 0, fmt.Sprintf("%d songs", len(songs))
}

// strand makes every song as a kill between the row and its jobs left it
// before they were one transaction: no jobs, nothing measured.
func strand(t *testing.T, dbPath string) {
	t.Helper()
	raw, err := sql.Open("sqlite", "file:"+dbPath+"?_pragma=busy_timeout(10000)")
	if err != nil {
		t.Fatal(err)
	}
	defer raw.Close()
	for _, q := range []string{`DELETE FROM jobs`,
		`UPDATE songs SET loudness = NULL, stream_key = '', transcript_state = CASE WHEN body_text = '' THEN 'pending' ELSE transcript_state END`} {
		if _, err := raw.Exec(q); err != nil {
			t.Fatal(err)
		}
	}
}

type crashClient struct {
	http *http.Client
	url  string
}

func login(t *testing.T, url string) *crashClient {
	t.Helper()
	jar, _ := cookiejar.New(nil)
	c := &crashClient{http: &http.Client{Jar: jar}, url: url}
	res, err := c.http.Post(url+"/api/auth/login", "application/json", strings.NewReader(`{"username":"crash","password":"secret1"}`))
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != 200 {
		t.Fatalf("login: %d", res.StatusCode)
	}
	return c
}

// upload sends a song and returns its id.
func (c *crashClient) upload(t *testing.T, name, fixture string) string {
	t.Helper()
	audio, err := os.ReadFile(filepath.Join("..", "..", "testdata", "audio", fixture))
	if err != nil {
		t.Fatal(err)
	}
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	_ = mw.WriteField("song", name)
	fw, _ := mw.CreateFormFile("audio", fixture)
	_, _ = fw.Write(audio)
	_ = mw.Close()
	res, err := c.http.Post(c.url+"/api/upload", mw.FormDataContentType(), &body)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var out struct {
		Song struct {
			ID string `json:"_id"`
		} `json:"song"`
	}
	raw, _ := io.ReadAll(res.Body)
	if err := json.Unmarshal(raw, &out); err != nil || res.StatusCode != 200 || out.Song.ID == "" {
		t.Fatalf("upload %s: %d %s", fixture, res.StatusCode, raw)
	}
	return out.Song.ID
}

// startUpload sends the start of an upload and returns once the server is
// spooling it into tmp; the rest of the body never comes.
func (c *crashClient) startUpload(t *testing.T, tmp string) {
	t.Helper()
	pr, pw := io.Pipe()
	mw := multipart.NewWriter(pw)
	req, _ := http.NewRequest(http.MethodPost, c.url+"/api/upload", pr)
	req.Header.Set("Content-Type", mw.FormDataContentType())
	go func() {
		res, err := c.http.Do(req)
		if err == nil {
			res.Body.Close()
		}
		pr.CloseWithError(io.EOF) // the server is gone: stop the writer
	}()
	go func() {
		_ = mw.WriteField("song", "Interrupted")
		fw, _ := mw.CreateFormFile("audio", "big.mp3")
		_, _ = fw.Write(bytes.Repeat([]byte{0xFF, 0xFB, 0x90, 0x64}, 64<<10))
	}()
	waitFor(t, "the upload to be spooling", func() (bool, string) {
		for _, f := range files(t, tmp) {
			if info, err := os.Stat(filepath.Join(tmp, f)); err == nil && strings.HasPrefix(f, "upload-") && info.Size() > 0 {
				return true, ""
			}
		}
		return false, fmt.Sprintf("temp files %v", files(t, tmp))
	})
}

// files lists the files under root, as slash paths relative to it.
func files(t *testing.T, root string) []string {
	t.Helper()
	var out []string
	err := filepath.WalkDir(root, func(p string, e fs.DirEntry, err error) error {
		if err != nil || e.IsDir() {
			return err
		}
		rel, err := filepath.Rel(root, p)
		out = append(out, filepath.ToSlash(rel))
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// ageAll makes every file and folder under root look changed d ago.
func ageAll(t *testing.T, root string, d time.Duration) {
	t.Helper()
	then := time.Now().Add(-d)
	err := filepath.WalkDir(root, func(p string, _ fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		return os.Chtimes(p, then, then)
	})
	if err != nil {
		t.Fatal(err)
	}
}

// waitFor polls cond until it holds; the limit is a guard against a hang,
// not a speed check.
func waitFor(t *testing.T, what string, cond func() (bool, string)) {
	t.Helper()
	deadline := time.Now().Add(3 * time.Minute)
	for {
		ok, detail := cond()
		if ok {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("waited for %s: %s", what, detail)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// waitLog waits until the process has logged a line containing s.
func (p *proc) waitLog(t *testing.T, s string) {
	t.Helper()
	waitFor(t, fmt.Sprintf("the log line %q", s), func() (bool, string) {
		select {
		case <-p.done:
			t.Fatalf("musicify stopped:\n%s", p.log())
		default:
		}
		return strings.Contains(p.log(), s), "not yet"
	})
}
