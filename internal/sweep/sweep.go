// Package sweep removes what a crash leaves behind: spooled uploads and
// temp files, media no row names, empty song folders; and renditions made
// for players once they are old (RenditionMaxAge). Anything younger than
// the grace period stays, so work in flight (an upload spooling, a blob
// written whose row is not committed yet) is never touched. Media is swept
// only from a store whose marker names this installation, never under
// another installation's marker, and never more than a small share of the
// store in one pass unless forced: a wrong database or bucket would
// otherwise make everything look like garbage.
package sweep

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/musicify/musicify/internal/blob"
	"github.com/musicify/musicify/internal/catalog"
	"github.com/musicify/musicify/internal/musicify"
)

// Sweeper finds and removes orphans.
type Sweeper struct {
	Blobs musicify.BlobStore
	Refs  musicify.BlobRefs
	// TempDirs hold spooled uploads and files being written: the data
	// dir's, and the local store's own beside its blobs.
	TempDirs []string
	// Grace is how old a file must be before it counts as left behind.
	Grace  time.Duration
	Now    func() time.Time
	Logger *slog.Logger
	// Deployment is this installation's id: media is swept only while the
	// store's marker names it.
	Deployment string
	// Force lifts the cap on how much of the store one pass may delete.
	Force bool
	// RenditionBytes bounds the renditions kept for players: past it the
	// oldest made go first. 0 bounds them by age alone.
	RenditionBytes int64
}

// Without Force, one pass deletes at most this many media files, or this
// share of the store when that is more.
const (
	capFiles = 25
	capShare = 0.05
)

// Report counts what one sweep removed.
type Report struct {
	TempFiles int // files and folders in TempDirs
	Blobs     int
	Folders   int // empty media folders
}

// emptyFolders is a blob store with folders (local files), which a crash
// can leave empty; object stores have none.
type emptyFolders interface {
	RemoveEmptyDirs(ctx context.Context, before time.Time) (int, error)
}

// Sweep removes every orphan older than the grace period.
func (s *Sweeper) Sweep(ctx context.Context) (Report, error) {
	var r Report
	var errs []error
	cutoff := s.Now().Add(-s.Grace)
	var err error
	for _, dir := range s.TempDirs {
		n, err := s.sweepTemp(dir, cutoff)
		r.TempFiles += n
		if err != nil {
			errs = append(errs, err)
		}
	}
	if r.Blobs, err = s.sweepBlobs(ctx, cutoff); err != nil {
		errs = append(errs, err)
	}
	if f, ok := s.Blobs.(emptyFolders); ok {
		if r.Folders, err = f.RemoveEmptyDirs(ctx, cutoff); err != nil {
			errs = append(errs, err)
		}
	}
	return r, errors.Join(errs...)
}

// sweepTemp removes the files, and folders whose newest file, last changed
// before cutoff: a spool still being written is changed as bytes arrive.
func (s *Sweeper) sweepTemp(dir string, cutoff time.Time) (int, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return 0, fmt.Errorf("sweeping temp files: %w", err)
	}
	removed := 0
	for _, e := range entries {
		p := filepath.Join(dir, e.Name())
		if t, err := newest(p); err != nil || !t.Before(cutoff) {
			continue // gone meanwhile, unreadable or in use
		}
		if err := os.RemoveAll(p); err != nil {
			s.Logger.Warn("removing a temp file", "path", p, "err", err)
			continue
		}
		removed++
	}
	return removed, nil
}

// newest is the latest change of p or anything under it.
func newest(p string) (time.Time, error) {
	var t time.Time
	err := filepath.WalkDir(p, func(_ string, e fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		info, err := e.Info()
		if err != nil {
			return err
		}
		if info.ModTime().After(t) {
			t = info.ModTime()
		}
		return nil
	})
	return t, err
}

// sweepBlobs deletes the blobs written before cutoff that no row names. It
// lists the blobs before it reads the rows: a row committed in between is
// seen, and a blob whose row is not committed yet is younger than cutoff.
func (s *Sweeper) sweepBlobs(ctx context.Context, cutoff time.Time) (int, error) {
	marker, err := blob.ReadDeployment(ctx, s.Blobs)
	if err != nil {
		return 0, fmt.Errorf("sweeping media: %w", err)
	}
	if marker == "" || marker != s.Deployment {
		s.Logger.Warn("the media storage is not marked as this installation's; not sweeping media", "marker", marker, "deployment", s.Deployment)
		return 0, nil
	}
	var old, foreign, derived []string
	var kept []rendition
	total := 0
	staleRendition := s.Now().Add(-RenditionMaxAge)
	err = s.Blobs.List(ctx, func(key string, size int64, written time.Time) error {
		total++
		if strings.HasPrefix(key, catalog.RenditionBlobs) {
			if written.Before(staleRendition) {
				derived = append(derived, key)
			} else {
				kept = append(kept, rendition{key, size, written})
			}
		} else if dir, ok := strings.CutSuffix(key, "/"+musicify.DeploymentKey); ok {
			foreign = append(foreign, dir+"/") // another installation's folder
		} else if key != musicify.DeploymentKey && written.Before(cutoff) {
			old = append(old, key)
		}
		return nil
	})
	if err != nil {
		return 0, err
	}
	derived = append(derived, overBound(kept, s.RenditionBytes)...)
	if len(old)+len(derived) == 0 {
		return 0, nil
	}
	keys, err := s.Refs.BlobKeys(ctx)
	if err != nil {
		return 0, fmt.Errorf("sweeping media: %w", err)
	}
	if len(keys) == 0 {
		// Media beside a database that names none of it is more likely a
		// wrong MUSICIFY_DATABASE_URL than garbage: keep it.
		s.Logger.Warn("no song, cover or station names any stored media file; not sweeping media", "files", len(old))
		return 0, nil
	}
	refs := make(map[string]bool, len(keys))
	for _, k := range keys {
		refs[k] = true
	}
	var orphans []string
	for _, key := range old {
		switch {
		case referenced(refs, key) || under(foreign, key):
		case legacyRendition.MatchString(key):
			derived = append(derived, key)
		default:
			orphans = append(orphans, key)
		}
	}
	if limit := max(capFiles, int(float64(total)*capShare)); len(orphans) > limit && !s.Force {
		return 0, fmt.Errorf("sweeping media: %d of %d stored files are named by no row, more than one pass deletes (%d); nothing deleted. If they are garbage, run musicify sweep --force", len(orphans), total, limit)
	}
	// Renditions are made again from the originals when asked for: a wrong
	// database costs their encoding, not music, so they pass the cap.
	orphans = append(orphans, derived...)
	removed := 0
	for _, key := range orphans {
		if err := s.Blobs.Delete(ctx, key); err != nil {
			s.Logger.Warn("removing a media file no row names", "key", key, "err", err)
			continue
		}
		s.Logger.Info("removed a media file no row names", "key", key)
		removed++
	}
	return removed, nil
}

type rendition struct {
	key     string
	size    int64
	written time.Time
}

// overBound picks the renditions to delete so that the rest fit in bound
// bytes, the oldest made first: the ones made lately are the ones played.
func overBound(kept []rendition, bound int64) []string {
	var sum int64
	for _, r := range kept {
		sum += r.size
	}
	if bound <= 0 || sum <= bound {
		return nil
	}
	slices.SortFunc(kept, func(a, b rendition) int { return a.written.Compare(b.written) })
	var out []string
	for _, r := range kept {
		if sum <= bound {
			break
		}
		out = append(out, r.key)
		sum -= r.size
	}
	return out
}

// RenditionMaxAge is how long a rendition made for a player is kept (see
// catalog.Renditions): one still played is made again after it.
const RenditionMaxAge = 30 * 24 * time.Hour

// legacyRendition is a rendition older versions made at import beside the
// original; no row names them since songs stream their originals.
var legacyRendition = regexp.MustCompile(`^songs/[^/]+/stream\.(mp3|m4a)$`)

// under tells whether key lies in one of the folders.
func under(folders []string, key string) bool {
	for _, f := range folders {
		if strings.HasPrefix(key, f) {
			return true
		}
	}
	return false
}

// referenced tells whether a row names key itself or, for a cover size
// (prefix-size.jpg), its prefix. The recommendation model is named by no
// row, and kept.
func referenced(refs map[string]bool, key string) bool {
	if refs[key] || strings.HasPrefix(key, musicify.RecommendBlobs) {
		return true
	}
	i := strings.LastIndexByte(key, '-')
	return i > 0 && refs[key[:i]]
}
