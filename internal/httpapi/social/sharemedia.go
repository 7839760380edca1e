package social

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"image"
	"image/color"
	"image/jpeg"
	"io"
	"net/http"
	"slices"
	"strings"
	"time"

	xdraw "golang.org/x/image/draw"

	"github.com/musicify/musicify/internal/covers"
	"github.com/musicify/musicify/internal/delivery"
	"github.com/musicify/musicify/internal/httpapi/platform"
	"github.com/musicify/musicify/internal/musicify"
)

// The picture a link preview of a shared item shows: a JPEG of the size
// the big link cards are drawn at (1.91:1), the item's art in the middle on
// a blurred, darkened copy of itself.
const (
	ShareCardWidth  = 1200
	ShareCardHeight = 630
	// shareArtSize is the square art (cover or mosaic) the card is made of.
	shareArtSize = 640
)

// ShareCoverPath is where that picture is served, for anyone.
func ShareCoverPath(kind, id string) string {
	return "/api/share/" + kind + "/" + id + "/cover.jpg"
}

// handleSharePreviewAudio is public: the first seconds of a song the share
// link reaches, while its owner lets visitors hear them. It is rate limited
// per address, since it may run ffmpeg for anyone.
func (s *API) handleSharePreviewAudio(w http.ResponseWriter, r *http.Request) error {
	item, err := s.resolveShare(r.Context(), r.PathValue("type"), r.PathValue("id"))
	if err != nil {
		return err
	}
	songs, err := s.sharedSongs(r.Context(), item)
	if err != nil {
		return err
	}
	at := slices.IndexFunc(songs, func(song *musicify.Song) bool { return song.ID == r.PathValue("song") })
	if at < 0 || songs[at].Missing {
		return musicify.Errorf(musicify.ENOTFOUND, "This song is not in what was shared.")
	}
	on, err := s.Shares.SharePreviews(r.Context(), item.Type, item.ID)
	if err != nil {
		return err
	}
	if !on {
		return musicify.Errorf(musicify.EFORBIDDEN, "The owner has turned previews off for this %s. Sign up or log in to listen.", item.Type)
	}
	if err := s.P.RateLimit(r.Context(), s.PreviewRate, "previews", s.P.ClientOf(r).IP); err != nil {
		return err
	}
	if s.Renditions == nil {
		return musicify.Errorf(musicify.EUNAVAILABLE, "Previews need ffmpeg on the server.")
	}
	key, contentType, err := s.Renditions.Preview(r.Context(), songs[at])
	if err != nil {
		return err
	}
	return s.Files.Serve(w, r, delivery.Stored{Key: key, ContentType: contentType, CacheControl: "public, max-age=3600"}, false)
}

// handleShareCover is public: the shared item's picture as a JPEG card,
// for link previews, which do not show SVG or WebP. Its art is the item's
// cover; a playlist without one of its own gets the mosaic of its songs'
// covers; an item with no cover at all, a plain one. Drawing it costs a
// few milliseconds, so a fresh one is rate limited like the previews,
// while a revalidation (If-None-Match) is not.
func (s *API) handleShareCover(w http.ResponseWriter, r *http.Request) error {
	item, err := s.resolveShare(r.Context(), r.PathValue("type"), r.PathValue("id"))
	if err != nil {
		return err
	}
	tiles := []string{item.CoverKey}
	if item.CoverKey == "" {
		tiles = nil
		if item.playlist != nil {
			tiles = item.playlist.Mosaic
		}
	}
	sum := sha256.Sum256([]byte("share-card-v2 " + strings.Join(tiles, " ")))
	etag := `"` + hex.EncodeToString(sum[:12]) + `"`
	w.Header().Set("ETag", etag)
	w.Header().Set("Cache-Control", "public, max-age=3600")
	if r.Header.Get("If-None-Match") == etag {
		w.WriteHeader(http.StatusNotModified)
		return nil
	}
	if err := s.P.RateLimit(r.Context(), s.PreviewRate, "previews", s.P.ClientOf(r).IP); err != nil {
		return err
	}
	art, err := s.mosaic(r.Context(), tiles)
	if err != nil {
		return err
	}
	var out bytes.Buffer
	if err := jpeg.Encode(&out, card(art), &jpeg.Options{Quality: 85}); err != nil {
		return fmt.Errorf("encoding a share picture: %w", err)
	}
	w.Header().Set("Content-Type", "image/jpeg")
	http.ServeContent(w, r, "", time.Time{}, bytes.NewReader(out.Bytes()))
	return nil
}

// card lays square art out as a link card: the art in the middle, with a
// margin, on a blur of itself (shrunk to a few pixels and stretched back)
// darkened so that the art stands out.
func card(art image.Image) image.Image {
	out := image.NewRGBA(image.Rect(0, 0, ShareCardWidth, ShareCardHeight))
	tiny := image.NewRGBA(image.Rect(0, 0, 8, 8))
	xdraw.ApproxBiLinear.Scale(tiny, tiny.Rect, art, art.Bounds(), xdraw.Src, nil)
	// The blur fills the width; its middle band is the card's height.
	band := image.Rect(0, (ShareCardHeight-ShareCardWidth)/2, ShareCardWidth, (ShareCardHeight+ShareCardWidth)/2)
	xdraw.BiLinear.Scale(out, band, tiny, tiny.Rect, xdraw.Src, nil)
	shade := image.NewUniform(color.RGBA{0, 0, 0, 0x8c})
	xdraw.Draw(out, out.Rect, shade, image.Point{}, xdraw.Over)
	const margin = 48
	side := ShareCardHeight - 2*margin
	at := image.Rect((ShareCardWidth-side)/2, margin, (ShareCardWidth+side)/2, margin+side)
	xdraw.CatmullRom.Scale(out, at, art, art.Bounds(), xdraw.Src, nil)
	return out
}

// mosaic draws up to four covers in a square grid (one fills it; two or
// three repeat to fill four places), or, with none, a plain gradient.
func (s *API) mosaic(ctx context.Context, keys []string) (image.Image, error) {
	const size, half = shareArtSize, shareArtSize / 2
	out := image.NewRGBA(image.Rect(0, 0, size, size))
	if len(keys) == 0 {
		top, bottom := color.RGBA{0x3b, 0x2a, 0x6e, 0xff}, color.RGBA{0x12, 0x12, 0x18, 0xff}
		for y := range size {
			c := blend(top, bottom, float64(y)/size)
			for x := range size {
				out.SetRGBA(x, y, c)
			}
		}
		return out, nil
	}
	places := []image.Rectangle{out.Rect}
	if len(keys) > 1 {
		places = []image.Rectangle{image.Rect(0, 0, half, half), image.Rect(half, 0, size, half),
			image.Rect(0, half, half, size), image.Rect(half, half, size, size)}
	}
	for i, place := range places {
		tile, err := s.coverImage(ctx, keys[i%len(keys)], place.Dx())
		if err != nil {
			return nil, err
		}
		xdraw.CatmullRom.Scale(out, place, tile, tile.Bounds(), xdraw.Src, nil)
	}
	return out, nil
}

// coverImage decodes the stored JPEG of a cover at the size nearest to px.
func (s *API) coverImage(ctx context.Context, key string, px int) (image.Image, error) {
	size := 640
	if px <= 320 {
		size = 320
	}
	file, _, err := s.Covers.Open(ctx, key, size, covers.JPEG)
	if err != nil {
		return nil, err
	}
	obj, err := s.Files.Blobs.Open(ctx, file)
	if err != nil {
		return nil, err
	}
	defer obj.Body.Close()
	img, err := jpeg.Decode(io.LimitReader(obj.Body, 8<<20))
	if err != nil {
		return nil, fmt.Errorf("decoding cover %s: %w", file, err)
	}
	return img, nil
}

func blend(a, b color.RGBA, t float64) color.RGBA {
	mix := func(x, y uint8) uint8 { return uint8(float64(x)*(1-t) + float64(y)*t) }
	return color.RGBA{mix(a.R, b.R), mix(a.G, b.G), mix(a.B, b.B), 0xff}
}

// handleSharePreviews is PUT /api/share/{type}/{id}/previews {previews}:
// the owner (a song's uploader) lets visitors of its link hear previews, or not.
func (s *API) handleSharePreviews(w http.ResponseWriter, r *http.Request) error {
	var in struct {
		Previews *bool `json:"previews"`
	}
	if err := platform.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	if in.Previews == nil {
		return musicify.Errorf(musicify.EINVALID, "Say whether visitors may hear previews.").In("previews")
	}
	item, err := s.resolveShare(r.Context(), r.PathValue("type"), r.PathValue("id"))
	if err != nil {
		return err
	}
	if platform.UserOf(r).ID != item.ownerID() {
		return musicify.Errorf(musicify.EFORBIDDEN, "Only its owner can change what visitors of this %s hear.", item.Type)
	}
	if err := s.Shares.SetSharePreviews(r.Context(), item.Type, item.ID, *in.Previews); err != nil {
		return err
	}
	platform.WriteJSON(w, http.StatusOK, map[string]any{"success": true, "previews": *in.Previews})
	return nil
}
