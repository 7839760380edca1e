package blob

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"

	"github.com/musicify/musicify/internal/musicify"
)

// marker is what a store's DeploymentKey holds.
type marker struct {
	Deployment string `json:"deployment"`
}

// ReadDeployment returns the installation a store's marker names, or ""
// when the store has no marker.
func ReadDeployment(ctx context.Context, store musicify.BlobStore) (string, error) {
	b, err := store.Open(ctx, musicify.DeploymentKey)
	if musicify.ErrorCode(err) == musicify.ENOTFOUND {
		return "", nil
	} else if err != nil {
		return "", err
	}
	defer b.Body.Close()
	var m marker
	if err := json.NewDecoder(io.LimitReader(b.Body, 4096)).Decode(&m); err != nil || m.Deployment == "" {
		return "", fmt.Errorf("%s is not a Musicify deployment marker", musicify.DeploymentKey)
	}
	return m.Deployment, nil
}

// WriteDeployment marks a store as the media of the installation id.
func WriteDeployment(ctx context.Context, store musicify.BlobStore, id string) error {
	b, err := json.Marshal(marker{Deployment: id})
	if err != nil {
		return err
	}
	_, err = store.Put(ctx, musicify.DeploymentKey, bytes.NewReader(b))
	return err
}
