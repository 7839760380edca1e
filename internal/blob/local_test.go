package blob_test

import (
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
