// Package blobtest is the contract of musicify.BlobStore: every driver
// (local files, S3) runs Run, and a driver is done when it passes.
package blobtest

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/musicify/musicify/internal/musicify"
)

// BigSize is larger than an S3 multipart part (5 MiB at least), so a Put of
// unknown length goes through several parts.
const BigSize = 11 << 20

// Run checks a store; newStore returns an empty store for each subtest.
func Run(t *testing.T, newStore func(t *testing.T) musicify.BlobStore) {
	t.Run("a Put blob opens with the same bytes, size and time", func(t *testing.T) { testPutOpen(t, newStore(t)) })
	t.Run("a big blob of unknown length is stored whole", func(t *testing.T) { testBig(t, newStore(t)) })
	t.Run("a Put replaces the blob", func(t *testing.T) { testReplace(t, newStore(t)) })
	t.Run("a Put whose reader fails stores nothing and keeps the old blob", func(t *testing.T) { testFailedPut(t, newStore(t), false) })
	t.Run("a Put whose context ends stores nothing and keeps the old blob", func(t *testing.T) { testFailedPut(t, newStore(t), true) })
	t.Run("a reader open during a replacing Put never sees a mix", func(t *testing.T) { testReadDuringReplace(t, newStore(t)) })
	t.Run("opening a missing key is not found", func(t *testing.T) { testMissing(t, newStore(t)) })
	t.Run("delete removes a blob and is idempotent", func(t *testing.T) { testDelete(t, newStore(t)) })
	t.Run("list sees every key with its time", func(t *testing.T) { testList(t, newStore(t)) })
	t.Run("the body seeks and reads any range", func(t *testing.T) { testSeek(t, newStore(t)) })
	t.Run("the body serves Range requests through http.ServeContent", func(t *testing.T) { testServeContent(t, newStore(t)) })
	t.Run("keys that climb out or are malformed are refused", func(t *testing.T) { testBadKeys(t, newStore(t)) })
	t.Run("concurrent Puts of different keys all land", func(t *testing.T) { testConcurrent(t, newStore(t)) })
}

// pattern is n bytes in which every offset is distinguishable, so a range
// from the wrong place shows.
func pattern(n int, seed byte) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(i*7+i/251) ^ seed
	}
	return b
}

// opaque hides Len and Stat, so a driver cannot know the length in advance.
type opaque struct{ r io.Reader }

func (o opaque) Read(p []byte) (int, error) { return o.r.Read(p) }

func put(t *testing.T, s musicify.BlobStore, key string, data []byte) {
	t.Helper()
	n, err := s.Put(context.Background(), key, bytes.NewReader(data))
	if err != nil {
		t.Fatalf("Put %s: %v", key, err)
	}
	if n != int64(len(data)) {
		t.Fatalf("Put %s returned %d bytes, want %d", key, n, len(data))
	}
}

func read(t *testing.T, s musicify.BlobStore, key string) (*musicify.Blob, []byte) {
	t.Helper()
	b, err := s.Open(context.Background(), key)
	if err != nil {
		t.Fatalf("Open %s: %v", key, err)
	}
	defer b.Body.Close()
	got, err := io.ReadAll(b.Body)
	if err != nil {
		t.Fatalf("reading %s: %v", key, err)
	}
	return b, got
}

func wantNotFound(t *testing.T, s musicify.BlobStore, key string) {
	t.Helper()
	b, err := s.Open(context.Background(), key)
	if err == nil {
		b.Body.Close()
		t.Fatalf("Open %s: found a blob, want none", key)
	}
	if musicify.ErrorCode(err) != musicify.ENOTFOUND {
		t.Fatalf("Open %s: %v (code %q), want ENOTFOUND", key, err, musicify.ErrorCode(err))
	}
}

// near accepts times from a store with one-second precision and a clock of
// its own on this machine.
func near(got, before, after time.Time) bool {
	return !got.Before(before.Add(-2*time.Second)) && !got.After(after.Add(2*time.Second))
}

func testPutOpen(t *testing.T, s musicify.BlobStore) {
	data := pattern(70_001, 1)
	before := time.Now()
	put(t, s, "songs/ab/original.mp3", data)
	after := time.Now()
	b, got := read(t, s, "songs/ab/original.mp3")
	if !bytes.Equal(got, data) {
		t.Fatalf("read %d bytes that differ from the %d put", len(got), len(data))
	}
	if b.Size != int64(len(data)) {
		t.Errorf("Size = %d, want %d", b.Size, len(data))
	}
	if !near(b.ModTime, before, after) {
		t.Errorf("ModTime = %v, want between %v and %v", b.ModTime, before, after)
	}
	put(t, s, "covers/empty", nil)
	if b, got := read(t, s, "covers/empty"); b.Size != 0 || len(got) != 0 {
		t.Errorf("an empty blob reads as %d bytes, Size %d", len(got), b.Size)
	}
}

func testBig(t *testing.T, s musicify.BlobStore) {
	data := pattern(BigSize, 2)
	n, err := s.Put(context.Background(), "songs/big/original.flac", opaque{bytes.NewReader(data)})
	if err != nil || n != int64(len(data)) {
		t.Fatalf("Put = %d, %v; want %d bytes", n, err, len(data))
	}
	b, got := read(t, s, "songs/big/original.flac")
	if b.Size != int64(len(data)) || !bytes.Equal(got, data) {
		t.Fatalf("read back %d bytes (Size %d) that differ from the %d put", len(got), b.Size, len(data))
	}
}

func testReplace(t *testing.T, s musicify.BlobStore) {
	put(t, s, "a/b", []byte("first version, longer"))
	put(t, s, "a/b", []byte("second"))
	if b, got := read(t, s, "a/b"); string(got) != "second" || b.Size != 6 {
		t.Fatalf("after replacing: %q (Size %d), want %q", got, b.Size, "second")
	}
}

// failing gives some bytes, then fails or ends the context, and would go on.
type failing struct {
	r      io.Reader
	after  int
	cancel context.CancelFunc
}

func (f *failing) Read(p []byte) (int, error) {
	if f.after <= 0 {
		if f.cancel == nil {
			return 0, errors.New("the upload broke off")
		}
		f.cancel()
	}
	p = p[:min(len(p), max(f.after, 1))]
	n, err := f.r.Read(p)
	f.after -= n
	return n, err
}

func testFailedPut(t *testing.T, s musicify.BlobStore, viaContext bool) {
	old := []byte("the old bytes")
	put(t, s, "songs/x/original.mp3", old)
	for _, tc := range []struct {
		name string
		key  string
		size int
	}{
		{"a small replacement", "songs/x/original.mp3", 100_000},
		{"a big replacement", "songs/x/original.mp3", BigSize},
		{"a new key", "songs/y/original.mp3", BigSize},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			f := &failing{r: bytes.NewReader(pattern(tc.size, 3)), after: tc.size * 2 / 3}
			if viaContext {
				f.cancel = cancel
			}
			if _, err := s.Put(ctx, tc.key, opaque{f}); err == nil {
				t.Fatal("Put succeeded with a broken reader")
			}
			if tc.key == "songs/y/original.mp3" {
				wantNotFound(t, s, tc.key)
			} else if _, got := read(t, s, tc.key); !bytes.Equal(got, old) {
				t.Fatalf("after a failed Put the blob reads %d bytes, want the old %q", len(got), old)
			}
		})
	}
	var keys []string
	if err := s.List(context.Background(), func(k string, _ int64, _ time.Time) error { keys = append(keys, k); return nil }); err != nil {
		t.Fatal(err)
	}
	if len(keys) != 1 || keys[0] != "songs/x/original.mp3" {
		t.Errorf("after failed Puts the store lists %q, want only the old blob", keys)
	}
}

// A reader that started before a Put replaced its blob reads the old bytes
// whole, or fails; it never hands out a mix of old and new.
func testReadDuringReplace(t *testing.T, s musicify.BlobStore) {
	old, repl := bytes.Repeat([]byte("o"), 3<<20), bytes.Repeat([]byte("n"), 3<<20)
	put(t, s, "k", old)
	b, err := s.Open(context.Background(), "k")
	if err != nil {
		t.Fatal(err)
	}
	defer b.Body.Close()
	head := make([]byte, 1000)
	if _, err := io.ReadFull(b.Body, head); err != nil {
		t.Fatal(err)
	}
	put(t, s, "k", repl)
	rest, err := io.ReadAll(b.Body)
	if err != nil {
		return // refusing to go on is fine
	}
	got := append(head, rest...)
	if !bytes.Equal(got, old) {
		t.Fatalf("a reader saw %d bytes mixing two versions (%d of them new)", len(got), bytes.Count(got, []byte("n")))
	}
}

func testMissing(t *testing.T, s musicify.BlobStore) {
	wantNotFound(t, s, "songs/none/original.mp3")
	put(t, s, "songs/one/original.mp3", []byte("x"))
	wantNotFound(t, s, "songs/one")             // a "folder" is no blob
	wantNotFound(t, s, "songs/one/original.mp") // nor a prefix
}

func testDelete(t *testing.T, s musicify.BlobStore) {
	ctx := context.Background()
	if err := s.Delete(ctx, "songs/never/there.mp3"); err != nil {
		t.Fatalf("deleting a missing key: %v", err)
	}
	put(t, s, "songs/d/original.mp3", []byte("bye"))
	put(t, s, "songs/d/stream.ogg", []byte("stays"))
	for range 2 {
		if err := s.Delete(ctx, "songs/d/original.mp3"); err != nil {
			t.Fatalf("Delete: %v", err)
		}
	}
	wantNotFound(t, s, "songs/d/original.mp3")
	if _, got := read(t, s, "songs/d/stream.ogg"); string(got) != "stays" {
		t.Fatalf("the neighbour reads %q", got)
	}
}

func testList(t *testing.T, s musicify.BlobStore) {
	before := time.Now()
	want := map[string]bool{"covers/aa-640.jpg": true, "songs/s1/original.mp3": true, "songs/s1/stream.ogg": true, "stations/st/audio.mp3": true, "top": true}
	for k := range want {
		put(t, s, k, []byte(k))
	}
	after := time.Now()
	put(t, s, "songs/gone/original.mp3", []byte("x"))
	if err := s.Delete(context.Background(), "songs/gone/original.mp3"); err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	err := s.List(context.Background(), func(key string, size int64, written time.Time) error {
		if seen[key] {
			t.Errorf("List gave %s twice", key)
		}
		seen[key] = true
		if size != int64(len(key)) { // each blob holds its own key
			t.Errorf("%s listed with %d bytes, want %d", key, size, len(key))
		}
		if !near(written, before, after.Add(time.Second)) {
			t.Errorf("%s written at %v, want near %v", key, written, before)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(seen) != fmt.Sprint(want) {
		t.Fatalf("List saw %v, want %v", seen, want)
	}
	stop := errors.New("stop")
	calls := 0
	if err := s.List(context.Background(), func(string, int64, time.Time) error { calls++; return stop }); !errors.Is(err, stop) || calls != 1 {
		t.Fatalf("List whose callback fails: %v after %d calls, want the callback's error after 1", err, calls)
	}
}

func testSeek(t *testing.T, s musicify.BlobStore) {
	data := pattern(3<<20+17, 4)
	put(t, s, "songs/seek/original.mp3", data)
	b, err := s.Open(context.Background(), "songs/seek/original.mp3")
	if err != nil {
		t.Fatal(err)
	}
	defer b.Body.Close()
	n := int64(len(data))
	if end, err := b.Body.Seek(0, io.SeekEnd); err != nil || end != n {
		t.Fatalf("Seek to the end = %d, %v; want %d", end, err, n)
	}
	if k, err := b.Body.Read(make([]byte, 10)); k != 0 || err != io.EOF {
		t.Fatalf("Read at the end = %d, %v; want 0, EOF", k, err)
	}
	for _, r := range []struct {
		whence   int
		off, pos int64
		len      int
	}{
		{io.SeekStart, 0, 0, 100},
		{io.SeekStart, 2 << 20, 2 << 20, 70_000},
		{io.SeekCurrent, -1000, 2<<20 + 69_000, 5},
		{io.SeekEnd, -10, n - 10, 10},
		{io.SeekStart, 5, 5, 1 << 20},
		{io.SeekCurrent, 0, 5 + 1<<20, 1},
		{io.SeekStart, n - 3, n - 3, 3},
	} {
		pos, err := b.Body.Seek(r.off, r.whence)
		if err != nil || pos != r.pos {
			t.Fatalf("Seek(%d, %d) = %d, %v; want %d", r.off, r.whence, pos, err, r.pos)
		}
		got := make([]byte, r.len)
		if _, err := io.ReadFull(b.Body, got); err != nil {
			t.Fatalf("reading %d bytes at %d: %v", r.len, pos, err)
		}
		if !bytes.Equal(got, data[pos:pos+int64(r.len)]) {
			t.Fatalf("%d bytes at %d differ from what was put", r.len, pos)
		}
	}
	if _, err := b.Body.Seek(-1, io.SeekStart); err == nil {
		t.Error("seeking before the start succeeded")
	}
}

func testBadKeys(t *testing.T, s musicify.BlobStore) {
	ctx := context.Background()
	for _, key := range []string{"", "../escape", "songs/../../escape", "songs/./x", "/abs", "a//b", "a/", `a\b`, ".tmp/x", "songs/.."} {
		if _, err := s.Put(ctx, key, strings.NewReader("x")); err == nil {
			t.Errorf("Put(%q) succeeded", key)
		}
		if b, err := s.Open(ctx, key); err == nil {
			b.Body.Close()
			t.Errorf("Open(%q) succeeded", key)
		}
		if err := s.Delete(ctx, key); err == nil {
			t.Errorf("Delete(%q) succeeded", key)
		}
	}
	var keys []string
	_ = s.List(ctx, func(k string, _ int64, _ time.Time) error { keys = append(keys, k); return nil })
	if len(keys) != 0 {
		t.Errorf("refused keys left %q", keys)
	}
}

func testConcurrent(t *testing.T, s musicify.BlobStore) {
	const n = 8
	var wg sync.WaitGroup
	errs := make(chan error, n)
	for i := range n {
		wg.Go(func() {
			data := pattern(200_000+i, byte(i))
			if _, err := s.Put(context.Background(), fmt.Sprintf("songs/c%d/original.mp3", i), opaque{bytes.NewReader(data)}); err != nil {
				errs <- err
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatalf("a concurrent Put: %v", err)
	}
	for i := range n {
		if _, got := read(t, s, fmt.Sprintf("songs/c%d/original.mp3", i)); !bytes.Equal(got, pattern(200_000+i, byte(i))) {
			t.Errorf("blob %d reads back different", i)
		}
	}
}
