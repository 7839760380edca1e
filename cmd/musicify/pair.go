package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"slices"
	"time"

	"github.com/musicify/musicify/internal/blob"
	"github.com/musicify/musicify/internal/musicify"
	"github.com/musicify/musicify/internal/sqlstore"
)

// errStop ends a listing early.
var errStop = errors.New("stop")

// pairStorage checks that the media storage and the database belong to one
// installation, and marks a new pair: the database keeps an id, the storage
// a marker naming it. An instance started with the wrong MUSICIFY_*_URL (a
// fresh SQLite beside the cluster's bucket, another deployment's bucket)
// stops here with one line naming the variable, before anything, the
// sweep above all, can take another installation's media for garbage.
func (m *Main) pairStorage(ctx context.Context, db *sqlstore.DB, blobs musicify.BlobStore) (string, error) {
	dbID, err := db.Setting(ctx, "deployment_id")
	if err != nil && musicify.ErrorCode(err) != musicify.ENOTFOUND {
		return "", err
	}
	marker, err := blob.ReadDeployment(ctx, blobs)
	if err != nil {
		return "", fmt.Errorf("reading the deployment marker (MUSICIFY_STORAGE_URL): %w", err)
	}
	switch {
	case marker != "" && marker == dbID:
		return dbID, m.claimLocalStorage(ctx, db, true)
	case marker != "" && dbID != "":
		return "", fmt.Errorf("MUSICIFY_STORAGE_URL holds the media of another Musicify installation (%s) than this database's (%s): set MUSICIFY_STORAGE_URL and MUSICIFY_DATABASE_URL to a pair that belongs together", marker, dbID)
	case marker != "":
		return "", fmt.Errorf("MUSICIFY_STORAGE_URL holds the media of the Musicify installation %s, whose database this is not: set MUSICIFY_DATABASE_URL to that installation's database, or MUSICIFY_STORAGE_URL to storage of this one's own", marker)
	}
	// No marker: a new installation, one from before markers, or storage
	// that holds none of this database's media.
	keys, err := db.BlobKeys(ctx)
	if err != nil {
		return "", err
	}
	// Library files live in their music folders, not in the storage.
	keys = slices.DeleteFunc(keys, musicify.IsLibraryKey)
	if len(keys) > 0 {
		empty, err := isEmpty(ctx, blobs)
		if err != nil {
			return "", fmt.Errorf("listing the media storage (MUSICIFY_STORAGE_URL): %w", err)
		}
		if empty {
			return "", fmt.Errorf("MUSICIFY_STORAGE_URL holds none of this database's media (%d files): set it to where they are (with PostgreSQL and several instances, shared S3 storage)", len(keys))
		}
	}
	// Claimed before marking: a refused instance leaves no marker that
	// would let it in next time.
	if err := m.claimLocalStorage(ctx, db, false); err != nil {
		return "", err
	}
	if dbID == "" {
		if dbID, err = db.EnsureSetting(ctx, "deployment_id", musicify.NewID()); err != nil {
			return "", err
		}
	}
	if err := blob.WriteDeployment(ctx, blobs, dbID); err != nil {
		return "", fmt.Errorf("writing the deployment marker (MUSICIFY_STORAGE_URL): %w", err)
	}
	m.Logger.Info("media storage marked as this installation's", "deployment", dbID)
	return dbID, nil
}

// claimLocalStorage refuses a second instance on PostgreSQL that keeps its
// media on a local disk: uploads would land on one machine and be missing
// on the others. The first instance names its machine and folder in the
// database; another with a copy of the media (its marker) takes over, as a
// move to a new machine does.
func (m *Main) claimLocalStorage(ctx context.Context, db *sqlstore.DB, marked bool) error {
	if db.Dialect() != "postgres" || m.Config.S3 != nil {
		return nil
	}
	host, _ := os.Hostname()
	mine := host + ":" + m.Config.MediaDir
	owner, err := db.EnsureSetting(ctx, "local_media", mine)
	if err != nil || owner == mine {
		return err
	}
	if !marked {
		return fmt.Errorf("this database keeps its media on the local disk of %s: a second instance needs the media in shared S3 storage (MUSICIFY_STORAGE_URL=s3://…, after musicify migrate --to-storage)", owner)
	}
	m.Logger.Info("taking over the database's local media from another machine or container (its media is here)", "was", owner, "now", mine)
	return db.SetSetting(ctx, "local_media", mine)
}

// isEmpty says whether the store holds no media.
func isEmpty(ctx context.Context, blobs musicify.BlobStore) (bool, error) {
	found := false
	err := blobs.List(ctx, func(key string, _ int64, _ time.Time) error {
		if key == musicify.DeploymentKey {
			return nil
		}
		found = true
		return errStop
	})
	if errors.Is(err, errStop) {
		err = nil
	}
	return !found, err
}
