package blob_test

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"io"
	"strings"
	"testing"

	"github.com/musicify/musicify/internal/blob"
	"github.com/musicify/musicify/internal/musicify"
)

// Moving media: Copy copies every blob, checks each copy, copies nothing
// the second time, copies a changed blob again and reports a bad copy.
func TestCopyMovesMediaLocalToLocal(t *testing.T) {
	testCopy(t, func(t *testing.T) musicify.BlobStore { return newLocal(t) })
}

func TestCopyMovesMediaLocalToS3(t *testing.T) {
	testCopy(t, func(t *testing.T) musicify.BlobStore { return newS3(t, "media/", nil) })
}

func newLocal(t *testing.T) *blob.Local {
	t.Helper()
	s, err := blob.NewLocal(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func testCopy(t *testing.T, newStore func(*testing.T) musicify.BlobStore) {
	ctx := context.Background()
	from, to := newLocal(t), newStore(t)
	blobs := map[string][]byte{
		"songs/s1/original.mp3": bytes.Repeat([]byte("ab"), 300<<10),
		"songs/s2/original.ogg": []byte("second song"),
		"covers/c1-64.jpg":      []byte("a cover"),
		"empty":                 {},
	}
	var total int64
	for k, v := range blobs {
		put(t, from, k, v)
		total += int64(len(v))
	}
	var heard []string
	res, err := blob.Copy(ctx, from, to, blob.CopyOptions{Workers: 2,
		Progress: func(key string, copied bool, _ int64, _ error) { heard = append(heard, key) }})
	if err != nil || res.Copied != 4 || res.Skipped != 0 || res.Bytes != total || len(res.Failed) != 0 {
		t.Fatalf("first copy = %+v, %v; want 4 copied, %d bytes", res, err, total)
	}
	if len(heard) != 4 {
		t.Errorf("progress heard %v, want every key", heard)
	}
	for k, v := range blobs {
		if got := read(t, to, k); !bytes.Equal(got, v) {
			t.Errorf("%s holds %d bytes, want %d", k, len(got), len(v))
		}
	}

	res, err = blob.Copy(ctx, from, to, blob.CopyOptions{})
	if err != nil || res.Copied != 0 || res.Skipped != 4 || res.Bytes != 0 {
		t.Fatalf("second copy = %+v, %v; want everything skipped", res, err)
	}

	// Same key, same size, other bytes: only the SHA-256 tells them apart.
	changed := []byte("SECOND SONG")
	put(t, from, "songs/s2/original.ogg", changed)
	res, err = blob.Copy(ctx, from, to, blob.CopyOptions{})
	if err != nil || res.Copied != 1 || res.Skipped != 3 || res.Bytes != int64(len(changed)) {
		t.Fatalf("copy after a change = %+v, %v; want 1 copied", res, err)
	}
	if got := read(t, to, "songs/s2/original.ogg"); !bytes.Equal(got, changed) {
		t.Errorf("the changed blob reads %q", got)
	}

	// A destination that garbles one blob: that key fails, the rest carry on.
	put(t, from, "songs/s3/original.mp3", []byte("third song"))
	put(t, from, "songs/s4/original.mp3", []byte("fourth song"))
	bad := garbling{BlobStore: to, key: "songs/s3/original.mp3"}
	res, err = blob.Copy(ctx, from, bad, blob.CopyOptions{})
	if err != nil || res.Copied != 1 || len(res.Failed) != 1 || res.Failed["songs/s3/original.mp3"] == nil {
		t.Fatalf("copy into a garbling store = %+v, %v; want songs/s3 failed and songs/s4 copied", res, err)
	}
	if msg := res.Failed["songs/s3/original.mp3"].Error(); !strings.Contains(msg, "reads back with another") {
		t.Errorf("the failure says %q", msg)
	}

	// A checksum known from the database must match the source.
	sum := sha256.Sum256([]byte("fourth song"))
	want := map[string]string{
		"songs/s3/original.mp3": strings.Repeat("0", 64),
		"songs/s4/original.mp3": hex.EncodeToString(sum[:]),
	}
	res, err = blob.Copy(ctx, from, to, blob.CopyOptions{Want: want})
	if err != nil || len(res.Failed) != 1 || res.Failed["songs/s3/original.mp3"] == nil || res.Skipped != 5 {
		t.Fatalf("copy with checksums = %+v, %v; want songs/s3 failed against the database's checksum", res, err)
	}
	if keys := res.FailedKeys(); len(keys) != 1 || keys[0] != "songs/s3/original.mp3" {
		t.Errorf("failed keys %v", keys)
	}
}

// garbling is a store whose Put flips the first byte of key.
type garbling struct {
	musicify.BlobStore
	key string
}

func (g garbling) Put(ctx context.Context, key string, r io.Reader) (int64, error) {
	if key != g.key {
		return g.BlobStore.Put(ctx, key, r)
	}
	b, err := io.ReadAll(r)
	if err != nil {
		return 0, err
	}
	b[0] ^= 0xff
	return g.BlobStore.Put(ctx, key, bytes.NewReader(b))
}

func put(t *testing.T, s musicify.BlobStore, key string, b []byte) {
	t.Helper()
	if _, err := s.Put(context.Background(), key, bytes.NewReader(b)); err != nil {
		t.Fatal(err)
	}
}

func read(t *testing.T, s musicify.BlobStore, key string) []byte {
	t.Helper()
	b, err := s.Open(context.Background(), key)
	if err != nil {
		t.Fatalf("opening %s: %v", key, err)
	}
	defer b.Body.Close()
	got, err := io.ReadAll(b.Body)
	if err != nil {
		t.Fatal(err)
	}
	return got
}
