package blob_test

import (
	"context"
	"os"
	"testing"

	"github.com/musicify/musicify/internal/blob"
	"github.com/musicify/musicify/internal/blob/blobtest"
	"github.com/musicify/musicify/internal/musicify"
)

func TestLocalKeepsTheBlobContract(t *testing.T) {
	blobtest.Run(t, func(t *testing.T) musicify.BlobStore {
		s, err := blob.NewLocal(t.TempDir())
		if err != nil {
			t.Fatal(err)
		}
		return s
	})
}

func TestLocalPingFailsWhenTheMediaDirectoryIsGone(t *testing.T) {
	root := t.TempDir()
	s, err := blob.NewLocal(root)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Ping(context.Background()); err != nil {
		t.Fatalf("ping of a fresh store: %v", err)
	}
	if err := os.RemoveAll(root); err != nil {
		t.Fatal(err)
	}
	if err := s.Ping(context.Background()); err == nil {
		t.Fatal("ping passed with the media directory removed")
	}
}
