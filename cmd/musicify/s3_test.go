package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/musicify/musicify/internal/auth"
	"github.com/musicify/musicify/internal/blob"
	"github.com/musicify/musicify/internal/musicify"
	"github.com/musicify/musicify/internal/sqlstore"
	"github.com/musicify/musicify/internal/testserver"
)

// The real binary with its media in S3: songs upload, get their loudness
// and rendition from a copy, stream with Range, go away on delete; with
// MUSICIFY_STORAGE_REDIRECT the bucket serves the bytes itself.
func TestTheAppRunsWithItsMediaInS3(t *testing.T) {
	srv := testserver.S3(t)
	bucket := srv.Bucket(t)
	store, err := blob.NewS3(context.Background(), blob.S3Options{Bucket: bucket, Prefix: "music/", Endpoint: srv.Endpoint,
		Region: srv.Region, PathStyle: true, AccessKey: srv.AccessKey, SecretKey: srv.SecretKey})
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	db, err := sqlstore.OpenSQLite(context.Background(), filepath.Join(dir, "musicify.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	hash, _ := auth.Argon2Params{Memory: 64, Time: 1, Threads: 1}.Hash("secret1")
	if err := db.CreateUser(context.Background(), &musicify.User{Username: "crash", Email: "crash@example.com", PasswordHash: hash}); err != nil {
		t.Fatal(err)
	}
	env := []string{
		fmt.Sprintf("MUSICIFY_STORAGE_URL=s3://%s/music?endpoint=%s&region=%s&path_style=true", bucket, srv.Endpoint, srv.Region),
		"AWS_ACCESS_KEY_ID=" + srv.AccessKey, "AWS_SECRET_ACCESS_KEY=" + srv.SecretKey, "AWS_SESSION_TOKEN=",
	}

	p := startBinary(t, dir, env...)
	c := login(t, p.URL)
	flac := c.upload(t, "Lossless", "lossless.flac")
	mp3 := c.upload(t, "Tune", "tune-12s.mp3")
	waitFor(t, "the analysis of songs stored in S3", func() (bool, string) { return analysed(t, db) })
	song, err := db.Song(context.Background(), flac)
	if err != nil {
		t.Fatal(err)
	}
	if song.StreamKey != "" {
		t.Fatalf("an upload got a rendition at import: %s", song.StreamKey)
	}
	if b, err := store.Open(context.Background(), song.AudioKey); err != nil {
		t.Fatalf("%s is not in the bucket: %v", song.AudioKey, err)
	} else {
		b.Body.Close()
	}
	if _, err := os.Stat(filepath.Join(dir, "media")); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("a local media folder was made beside S3: %v", err)
	}
	if left := files(t, filepath.Join(dir, "tmp")); len(left) != 0 {
		t.Errorf("temp files left after the jobs: %v", left)
	}

	// Range, from the bucket through the server.
	original, _ := os.ReadFile(filepath.Join("..", "..", "testdata", "audio", "lossless.flac"))
	res, body := c.get(t, "/media/songs/"+flac+"/original.flac", "bytes=100-1099")
	if res.StatusCode != 206 || !bytes.Equal(body, original[100:1100]) || res.Header.Get("Content-Range") != fmt.Sprintf("bytes 100-1099/%d", len(original)) {
		t.Fatalf("range of the original: %d %q, %d bytes", res.StatusCode, res.Header.Get("Content-Range"), len(body))
	}
	// A rendition is made when a player asks for one, and kept in the bucket.
	if res, body := c.get(t, "/media/songs/"+flac+"/rendition?kbps=96", ""); res.StatusCode != 200 || len(body) == 0 {
		t.Fatalf("the rendition: %d, %d bytes", res.StatusCode, len(body))
	}
	rendition := "renditions/" + flac + "/" + song.SHA256[:16] + "-96.mp3"
	waitFor(t, "the rendition kept in the bucket", func() (bool, string) {
		b, err := store.Open(context.Background(), rendition)
		if err != nil {
			return false, err.Error()
		}
		b.Body.Close()
		return true, ""
	})

	// Delete: the row and its blobs go.
	req, _ := http.NewRequest(http.MethodDelete, p.URL+"/api/songs/"+flac, nil)
	if res, err := c.http.Do(req); err != nil || res.StatusCode >= 300 {
		t.Fatalf("delete: %v %v", res, err)
	} else {
		res.Body.Close()
	}
	for _, k := range []string{song.AudioKey, rendition} {
		if _, err := store.Open(context.Background(), k); musicify.ErrorCode(err) != musicify.ENOTFOUND {
			t.Errorf("%s after the song's delete: %v, want not found", k, err)
		}
	}
	p.kill()

	// With redirects, the server signs and the bucket answers the range.
	p = startBinary(t, dir, append(env, "MUSICIFY_STORAGE_REDIRECT=true")...)
	c = login(t, p.URL)
	c.http.CheckRedirect = func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
	tune, _ := os.ReadFile(filepath.Join("..", "..", "testdata", "audio", "tune-12s.mp3"))
	res, _ = c.get(t, "/media/songs/"+mp3+"/original.mp3", "bytes=10-19")
	loc := res.Header.Get("Location")
	if res.StatusCode != http.StatusFound || !strings.HasPrefix(loc, srv.Endpoint+"/"+bucket+"/music/songs/") {
		t.Fatalf("with redirects: %d to %q", res.StatusCode, loc)
	}
	res, body = c.getURL(t, loc, "bytes=10-19")
	if res.StatusCode != 206 || !bytes.Equal(body, tune[10:20]) || res.Header.Get("Content-Type") != "audio/mpeg" {
		t.Fatalf("the signed URL: %d %q, %q", res.StatusCode, res.Header.Get("Content-Type"), body)
	}
	res, _ = c.get(t, "/media/songs/"+mp3+"/download", "")
	res, _ = c.getURL(t, res.Header.Get("Location"), "")
	if cd := res.Header.Get("Content-Disposition"); res.StatusCode != 200 || !strings.Contains(cd, `filename="Tune.mp3"`) {
		t.Fatalf("the signed download: %d, Content-Disposition %q", res.StatusCode, cd)
	}
	// Only a signed-in listener is sent to a signed URL.
	anon := &crashClient{http: &http.Client{CheckRedirect: c.http.CheckRedirect}, url: p.URL}
	if res, _ := anon.get(t, "/media/songs/"+mp3+"/original.mp3", ""); res.StatusCode != http.StatusUnauthorized || res.Header.Get("Location") != "" {
		t.Fatalf("signed out: %d to %q, want 401 and no URL", res.StatusCode, res.Header.Get("Location"))
	}
}

func (c *crashClient) get(t *testing.T, path, rng string) (*http.Response, []byte) {
	t.Helper()
	return c.getURL(t, c.url+path, rng)
}

func (c *crashClient) getURL(t *testing.T, url, rng string) (*http.Response, []byte) {
	t.Helper()
	req, err := http.NewRequest(http.MethodGet, url, nil)
	if err != nil {
		t.Fatal(err)
	}
	if rng != "" {
		req.Header.Set("Range", rng)
	}
	res, err := c.http.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	body, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	return res, body
}
