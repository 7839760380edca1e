package catalog

import (
	"context"
	"fmt"
	"os"

	"github.com/musicify/musicify/internal/media"
	"github.com/musicify/musicify/internal/musicify"
)

// PreviewSeconds is how much of a song a visitor of a share link hears
// without an account: its beginning, this long.
const PreviewSeconds = 30

// previewKbps is the bitrate of a preview: a taste, not the song.
const previewKbps = 128

// previewKey is where the preview of a song is kept, beside its renditions
// (the sweep removes old ones; they are made again when asked for).
func previewKey(song *musicify.Song, ext string) string {
	sum := song.SHA256[:min(len(song.SHA256), 16)]
	return RenditionBlobs + song.ID + "/" + sum + "-preview" + fmt.Sprint(PreviewSeconds) + "." + ext
}

// Preview gives the stored key and type of the first PreviewSeconds of
// song, encoded (once) before it returns: a preview is small, and sent
// whole with Range so that a player can seek in it.
func (r *Renditions) Preview(ctx context.Context, song *musicify.Song) (key, contentType string, err error) {
	ext := r.Format()
	if ext == "opus" {
		ext = "ogg"
	}
	key, contentType = previewKey(song, ext), r.contentType()
	if obj, err := r.Blobs.Open(ctx, key); err == nil {
		obj.Body.Close()
		return key, contentType, nil
	} else if musicify.ErrorCode(err) != musicify.ENOTFOUND {
		return "", "", err
	}
	r.previewing.Lock() // one at a time: two visitors of a new preview make it once
	defer r.previewing.Unlock()
	if obj, err := r.Blobs.Open(ctx, key); err == nil {
		obj.Body.Close()
		return key, contentType, nil
	}
	if err := r.cutPreview(ctx, song, key); err != nil {
		return "", "", fmt.Errorf("making a preview of %s: %w", song.ID, err)
	}
	return key, contentType, nil
}

func (r *Renditions) cutPreview(ctx context.Context, song *musicify.Song, key string) error {
	tmp, err := os.CreateTemp(r.TempDir, "preview-*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	err = r.transcode(ctx, song, tmp, media.Transcoding{Format: r.Format(), Kbps: previewKbps, Seconds: PreviewSeconds})
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return err
	}
	return r.store(ctx, key, tmp.Name())
}
