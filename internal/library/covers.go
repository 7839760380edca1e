package library

import (
	"bytes"
	"context"
	"strings"
	"sync"

	"github.com/musicify/musicify/internal/covers"
	"github.com/musicify/musicify/internal/foreground"
	"github.com/musicify/musicify/internal/media"
)

// coverNames are folder images by preference, without their extension.
var coverNames = []string{"cover", "folder", "front", "album"}

var imageExts = map[string]bool{".jpg": true, ".jpeg": true, ".png": true, ".gif": true, ".webp": true}

func coverRank(name string) int {
	stem := strings.ToLower(strings.TrimSuffix(name, extOf(name)))
	for i, n := range coverNames {
		if stem == n {
			return i
		}
	}
	return len(coverNames)
}

func isCoverName(name string) bool {
	return imageExts[extOf(name)] && coverRank(name) < len(coverNames)
}

// coverQueue makes album covers beside the scan, one at a time: decoding
// and scaling is the costliest step of an import, and it waits for the
// process's decode budget like every other cover (media.Covers). It also
// takes one of the readers' slots while it renders, so a scan never keeps
// more cores busy than Workers.
type coverQueue struct {
	s    *Scanner
	ctx  context.Context
	cpu  foreground.Slots
	work chan coverJob
	wg   sync.WaitGroup
}

type coverJob struct {
	albumID string
	picture []byte
	dir     string // the library folder
	image   string // a folder image's path in it
}

func newCoverQueue(ctx context.Context, s *Scanner, cpu foreground.Slots) *coverQueue {
	q := &coverQueue{s: s, ctx: ctx, cpu: cpu, work: make(chan coverJob, 64)}
	q.wg.Go(func() {
		for j := range q.work {
			_ = s.Supervisor.Do("library.covers", func() error { // an image that panics costs its album's cover only
				q.make(j)
				return nil
			})
		}
	})
	return q
}

// add asks for an album's cover from an embedded picture, else a folder
// image (its path in the folder dir).
func (q *coverQueue) add(albumID string, picture []byte, dir, image string) {
	if q.s.Blobs == nil || (len(picture) == 0 && image == "") {
		return
	}
	q.work <- coverJob{albumID, picture, dir, image}
}

// wait lets the covers asked for be made, once the scan asks no more.
func (q *coverQueue) wait() {
	close(q.work)
	q.wg.Wait()
}

func (q *coverQueue) make(j coverJob) {
	ctx := q.ctx
	if ctx.Err() != nil {
		return
	}
	if a, err := q.s.Store.Album(ctx, j.albumID); err != nil || a.CoverKey != "" {
		return // once per album
	}
	q.s.giveWay(ctx)
	if !q.cpu.Take(ctx) {
		return
	}
	defer q.cpu.Give()
	var sizes [][]byte
	var err error
	if len(j.picture) > 0 {
		sizes, err = media.Covers(ctx, bytes.NewReader(j.picture))
	}
	if (len(j.picture) == 0 || err != nil) && j.image != "" {
		var b []byte
		if b, err = readSmallIn(j.dir, j.image, 20<<20); err == nil {
			sizes, err = media.Covers(ctx, bytes.NewReader(b))
		}
	}
	if err != nil {
		q.s.Logger.Warn("library cover not made", "album", j.albumID, "err", err)
		return
	}
	key, err := covers.Put(ctx, q.s.Blobs, q.s.Logger, sizes)
	if err != nil {
		q.s.Logger.Error("storing a library cover", "album", j.albumID, "err", err)
		return
	}
	if took, err := q.s.Store.SetAlbumCover(ctx, j.albumID, key); err != nil || !took {
		covers.Delete(ctx, q.s.Blobs, q.s.Logger, key)
	}
}
