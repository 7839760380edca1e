package blob_test

import (
	"bytes"
	"context"
	"errors"
	"io"
	"net/http"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/musicify/musicify/internal/blob"
	"github.com/musicify/musicify/internal/blob/blobtest"
	"github.com/musicify/musicify/internal/musicify"
	"github.com/musicify/musicify/internal/testserver"
)

func TestMain(m *testing.M) {
	code := m.Run()
	testserver.StopS3()
	os.Exit(code)
}

// newS3 is a store in a fresh bucket with 5 MiB parts (S3's least), so
// blobtest's big blob takes several.
func newS3(t *testing.T, prefix string, rt http.RoundTripper) *blob.S3 {
	t.Helper()
	srv := testserver.S3(t)
	s, err := blob.NewS3(context.Background(), blob.S3Options{
		Bucket: srv.Bucket(t), Prefix: prefix, Endpoint: srv.Endpoint, Region: srv.Region, PathStyle: true,
		AccessKey: srv.AccessKey, SecretKey: srv.SecretKey, PartSize: 5 << 20, Transport: rt,
	})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestS3KeepsTheBlobContract(t *testing.T) {
	blobtest.Run(t, func(t *testing.T) musicify.BlobStore { return newS3(t, "media/", nil) })
}

// counter records the S3 requests and the bytes their answers carried.
type counter struct {
	mu       sync.Mutex
	requests []string
	bytes    int64
}

func (c *counter) RoundTrip(r *http.Request) (*http.Response, error) {
	res, err := http.DefaultTransport.RoundTrip(r)
	c.mu.Lock()
	defer c.mu.Unlock()
	c.requests = append(c.requests, r.Method+" "+r.Header.Get("Range"))
	if res != nil {
		res.Body = &counted{ReadCloser: res.Body, c: c}
	}
	return res, err
}

type counted struct {
	io.ReadCloser
	c *counter
}

func (b *counted) Read(p []byte) (int, error) {
	n, err := b.ReadCloser.Read(p)
	b.c.mu.Lock()
	b.c.bytes += int64(n)
	b.c.mu.Unlock()
	return n, err
}

func (c *counter) reset() (requests []string, bytes int64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	requests, bytes = c.requests, c.bytes
	c.requests, c.bytes = nil, 0
	return
}

func TestS3OpenAndSeekToTheEndDownloadNothing(t *testing.T) {
	c := &counter{}
	s := newS3(t, "", c)
	data := bytes.Repeat([]byte("0123456789abcdef"), 1<<20) // 16 MiB
	if _, err := s.Put(context.Background(), "songs/a/original.flac", bytes.NewReader(data)); err != nil {
		t.Fatal(err)
	}
	c.reset()
	b, err := s.Open(context.Background(), "songs/a/original.flac")
	if err != nil {
		t.Fatal(err)
	}
	if end, err := b.Body.Seek(0, io.SeekEnd); err != nil || end != int64(len(data)) {
		t.Fatalf("Seek to the end = %d, %v", end, err)
	}
	if _, err := b.Body.Seek(0, io.SeekStart); err != nil {
		t.Fatal(err)
	}
	b.Body.Close()
	if reqs, n := c.reset(); len(reqs) != 1 || reqs[0] != "HEAD " || n > 0 {
		t.Fatalf("Open, seek and close made requests %q carrying %d bytes; want one HEAD", reqs, n)
	}

	// A short range reads a small window, not the rest of the file.
	b, err = s.Open(context.Background(), "songs/a/original.flac")
	if err != nil {
		t.Fatal(err)
	}
	defer b.Body.Close()
	if _, err := b.Body.Seek(8<<20, io.SeekStart); err != nil {
		t.Fatal(err)
	}
	got := make([]byte, 64<<10)
	if _, err := io.ReadFull(b.Body, got); err != nil || !bytes.Equal(got, data[8<<20:8<<20+64<<10]) {
		t.Fatalf("reading 64 KiB at 8 MiB: %v", err)
	}
	reqs, n := c.reset()
	if len(reqs) != 2 || !strings.HasPrefix(reqs[1], "GET bytes=8388608-") || n > 1<<20 {
		t.Fatalf("64 KiB at 8 MiB took requests %q carrying %d bytes; want a HEAD and one ranged GET of at most 1 MiB", reqs, n)
	}
}

func TestS3PrefixesKeepStoresApart(t *testing.T) {
	srv := testserver.S3(t)
	bucket := srv.Bucket(t)
	open := func(prefix string) *blob.S3 {
		s, err := blob.NewS3(context.Background(), blob.S3Options{Bucket: bucket, Prefix: prefix, Endpoint: srv.Endpoint,
			Region: srv.Region, PathStyle: true, AccessKey: srv.AccessKey, SecretKey: srv.SecretKey})
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	a, b := open("a/"), open("b/")
	ctx := context.Background()
	if _, err := a.Put(ctx, "songs/x/original.mp3", strings.NewReader("from a")); err != nil {
		t.Fatal(err)
	}
	if _, err := b.Open(ctx, "songs/x/original.mp3"); musicify.ErrorCode(err) != musicify.ENOTFOUND {
		t.Fatalf("b opened a's blob: %v", err)
	}
	var keys []string
	if err := b.List(ctx, func(k string, _ int64, _ time.Time) error { keys = append(keys, k); return nil }); err != nil || len(keys) != 0 {
		t.Fatalf("b lists %q, %v; want nothing", keys, err)
	}
	// An object no store of a would write (a folder marker, a dot file)
	// is none of a's business, so the sweep never sees it.
	if _, err := open("").Put(ctx, "a/.keep", strings.NewReader("")); err != nil {
		t.Fatal(err)
	}
	if err := a.List(ctx, func(k string, _ int64, _ time.Time) error { keys = append(keys, k); return nil }); err != nil || len(keys) != 1 || keys[0] != "songs/x/original.mp3" {
		t.Fatalf("a lists %q, %v", keys, err)
	}
}

func TestS3RefusesAMissingBucket(t *testing.T) {
	srv := testserver.S3(t)
	_, err := blob.NewS3(context.Background(), blob.S3Options{Bucket: "no-such-bucket", Endpoint: srv.Endpoint,
		Region: srv.Region, PathStyle: true, AccessKey: srv.AccessKey, SecretKey: srv.SecretKey})
	if err == nil || !strings.Contains(err.Error(), "no-such-bucket does not exist") {
		t.Fatalf("NewS3 on a missing bucket: %v", err)
	}
}

// brokenAfter gives n bytes, then fails, or ends ctx and goes on.
type brokenAfter struct {
	n      int
	cancel context.CancelFunc
}

func (b *brokenAfter) Read(p []byte) (int, error) {
	if b.n <= 0 {
		if b.cancel == nil {
			return 0, errors.New("the client went away")
		}
		b.cancel()
	}
	k := min(len(p), max(b.n, 1))
	b.n -= k
	return k, nil
}

func TestS3AFailedMultipartPutLeavesNoParts(t *testing.T) {
	srv := testserver.S3(t)
	bucket := srv.Bucket(t)
	s, err := blob.NewS3(context.Background(), blob.S3Options{Bucket: bucket, Endpoint: srv.Endpoint, Region: srv.Region,
		PathStyle: true, AccessKey: srv.AccessKey, SecretKey: srv.SecretKey, PartSize: 5 << 20})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	if _, err := s.Put(context.Background(), "songs/a/original.flac", &brokenAfter{n: 7 << 20}); err == nil {
		t.Fatal("a Put whose reader broke succeeded")
	}
	if _, err := s.Put(ctx, "songs/b/original.flac", &brokenAfter{n: 7 << 20, cancel: cancel}); err == nil {
		t.Fatal("a Put whose context ended succeeded")
	}
	if left := srv.IncompleteUploads(t, bucket); len(left) != 0 {
		t.Fatalf("failed Puts left the parts of %q in the bucket", left)
	}
}

// Half a key pair says which half is missing, before S3 is even asked.
func TestS3WithHalfAKeyPairNamesTheMissingVariable(t *testing.T) {
	for set, missing := range map[string]string{"AWS_ACCESS_KEY_ID": "AWS_SECRET_ACCESS_KEY", "AWS_SECRET_ACCESS_KEY": "AWS_ACCESS_KEY_ID"} {
		t.Setenv("AWS_ACCESS_KEY_ID", "")
		t.Setenv("AWS_SECRET_ACCESS_KEY", "")
		t.Setenv(set, "something")
		_, err := blob.NewS3(context.Background(), blob.S3Options{Bucket: "music", Endpoint: "http://127.0.0.1:1"})
		if err == nil || !strings.Contains(err.Error(), missing+" is not") {
			t.Errorf("with only %s: %v", set, err)
		}
	}
}

// With the bucket unreachable, media requests hung 4.5–5.9 s in the
// client's retries and then were 500s: now opening a file answers the
// storage's 503 (with Retry-After) after one bounded attempt.
func TestS3UnreachableIsUnavailable(t *testing.T) {
	srv := testserver.S3(t)
	proxy := testserver.NewProxy(t, strings.TrimPrefix(srv.Endpoint, "http://"))
	s, err := blob.NewS3(context.Background(), blob.S3Options{Bucket: srv.Bucket(t), Endpoint: "http://" + proxy.Addr,
		Region: srv.Region, PathStyle: true, AccessKey: srv.AccessKey, SecretKey: srv.SecretKey})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Put(context.Background(), "songs/a/original.mp3", strings.NewReader("ID3 tune")); err != nil {
		t.Fatal(err)
	}
	proxy.Cut()
	_, err = s.Open(context.Background(), "songs/a/original.mp3")
	if musicify.ErrorCode(err) != musicify.EUNAVAILABLE || musicify.ErrorRetryAfter(err) <= 0 ||
		!strings.Contains(musicify.ErrorMessage(err), "media storage") {
		t.Fatalf("open with the bucket unreachable: %v (%s)", err, musicify.ErrorCode(err))
	}
	proxy.Restore()
	if b, err := s.Open(context.Background(), "songs/a/original.mp3"); err != nil {
		t.Fatalf("once it is back: %v", err)
	} else {
		b.Body.Close()
	}
}

// A bucket that takes connections and never answers holds no call: each
// fails once its requests wait out the timeout, and the store works again
// when the bucket does.
func TestS3ThatStopsAnsweringHoldsNoCall(t *testing.T) {
	srv := testserver.S3(t)
	proxy := testserver.NewProxy(t, strings.TrimPrefix(srv.Endpoint, "http://"))
	s, err := blob.NewS3(context.Background(), blob.S3Options{Bucket: srv.Bucket(t), Endpoint: "http://" + proxy.Addr,
		Region: srv.Region, PathStyle: true, AccessKey: srv.AccessKey, SecretKey: srv.SecretKey, Timeout: 200 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	if _, err := s.Put(ctx, "songs/a/original.mp3", strings.NewReader("ID3 tune")); err != nil {
		t.Fatal(err)
	}
	proxy.Stall()
	calls := map[string]func() error{
		"put":    func() error { _, err := s.Put(ctx, "songs/b/original.mp3", strings.NewReader("ID3 other")); return err },
		"open":   func() error { _, err := s.Open(ctx, "songs/a/original.mp3"); return err },
		"delete": func() error { return s.Delete(ctx, "songs/a/original.mp3") },
		"list":   func() error { return s.List(ctx, func(string, int64, time.Time) error { return nil }) },
	}
	for name, call := range calls {
		done := make(chan error, 1)
		go func() { done <- call() }()
		select {
		case err := <-done:
			if err == nil {
				t.Errorf("%s succeeded against a bucket that does not answer", name)
			}
		case <-time.After(2 * time.Minute): // a guard against a hang, not a speed check
			t.Fatalf("%s still waits on a bucket that does not answer", name)
		}
	}
	proxy.Restore()
	if b, err := s.Open(ctx, "songs/a/original.mp3"); err != nil {
		t.Fatalf("once it answers again: %v", err)
	} else {
		b.Body.Close()
	}
}
