package subsonic

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/jpeg"
	"io"
	"net/http"
	"os"
	"strconv"
	"strings"
	"sync"
	"time"

	"golang.org/x/image/draw"

	"github.com/musicify/musicify/internal/covers"
	"github.com/musicify/musicify/internal/delivery"
	"github.com/musicify/musicify/internal/media"
	"github.com/musicify/musicify/internal/musicify"
)

// transcodeFormats are the formats stream can encode to; "ogg" is taken
// as opus.
var transcodeFormats = map[string]string{"mp3": "mp3", "opus": "opus", "ogg": "opus"}

// stream sends a song: the original bytes (with Range) when the player
// can take them, else an encoding made on the fly by ffmpeg — for a
// format it asked for (mp3, opus), a bitrate below the original's
// (maxBitRate, kbps) or a start past the beginning (timeOffset, seconds;
// the transcodeOffset extension). Without ffmpeg the original is sent.
func (s *Server) stream(w http.ResponseWriter, q *request) (*response, error) {
	id, err := q.required("id")
	if err != nil {
		return nil, err
	}
	song, err := s.song(q, id)
	if err != nil {
		return nil, err
	}
	maxRate, err1 := q.int("maxBitRate", 0)
	offset, err2 := q.int("timeOffset", 0)
	if err := firstErr(err1, err2); err != nil {
		return nil, err
	}
	format := strings.ToLower(q.str("format"))
	t := media.Transcoding{Kbps: maxRate, Offset: float64(max(offset, 0))}
	if format != "raw" {
		target, named := transcodeFormats[format]
		lower := maxRate > 0 && (song.Bitrate == 0 || maxRate < song.Bitrate/1000)
		switch {
		case named && target != song.Format:
			t.Format = target
		case lower || t.Offset > 0:
			t.Format = "mp3"
			if named {
				t.Format = target
			}
		}
	}
	if t.Format != "" && s.FFmpeg != nil && s.FFmpeg.CanTranscode(t.Format) {
		return nil, s.transcode(w, q, song, t)
	}
	s.serveBlob(w, q, song.AudioKey, media.MIME(song.Format), `"`+song.ID+`-original"`)
	return nil, nil
}

// transcode streams the song re-encoded. Its length is unknown until the
// end, so the answer has no Content-Length (unless the player asks for an
// estimate) and ignores Range.
func (s *Server) transcode(w http.ResponseWriter, q *request, song *musicify.Song, t media.Transcoding) error {
	obj, err := s.Blobs.Open(q.ctx(), song.AudioKey)
	if err != nil {
		return err
	}
	defer obj.Body.Close()
	src, stdin := "pipe:0", io.Reader(obj.Body)
	if f, ok := obj.Body.(*os.File); ok {
		src, stdin = f.Name(), nil // ffmpeg seeks in a file; an MP4 with its index at the end needs it
	}
	contentType := media.MIME(t.Format)
	if t.Format == "opus" {
		contentType = "audio/ogg"
	}
	h := w.Header()
	h.Set("Content-Type", contentType)
	h.Set("Cache-Control", "no-store")
	h.Set("Accept-Ranges", "none")
	estimate := q.bool("estimateContentLength", false)
	if estimate {
		h.Set("Content-Length", strconv.FormatInt(estimatedLength(song, t), 10))
	}
	if q.r.Method == http.MethodHead {
		return nil
	}
	var out io.Writer = w
	if estimate {
		ex := &exactly{w: w, left: estimatedLength(song, t)}
		defer ex.pad()
		out = ex
	}
	if err := s.FFmpeg.Transcode(q.ctx(), src, stdin, out, t); err != nil && q.ctx().Err() == nil {
		// The status went out with the first bytes: all we can do is log.
		s.Logger.Error("transcoding a stream", "song", song.ID, "format", t.Format, "err", err)
	}
	return nil
}

// estimatedLength is what an encoding of the song will weigh: its
// bitrate (as media.FFmpeg.Transcode picks it: the asked one, else mp3's
// 192 or opus's 128 kbps, within 32 to 320) times what is left to play.
func estimatedLength(song *musicify.Song, t media.Transcoding) int64 {
	kbps := t.Kbps
	if kbps <= 0 {
		kbps = map[string]int{"mp3": 192, "opus": 128}[t.Format]
	}
	kbps = min(max(kbps, 32), 320)
	secs := max(song.Duration-t.Offset, 0)
	return int64(secs * float64(kbps) * 1000 / 8)
}

// exactly passes on exactly the announced length (estimateContentLength):
// an encoding longer than the estimate is cut, a shorter one padded with
// zeros, which players skip as they skip any bytes after the last frame.
// A Content-Length that the body did not match would make clients drop
// the connection as broken.
type exactly struct {
	w    io.Writer
	left int64
}

func (e *exactly) Write(p []byte) (int, error) {
	n := len(p)
	if int64(len(p)) > e.left {
		p = p[:e.left]
	}
	m, err := e.w.Write(p)
	e.left -= int64(m)
	if err != nil {
		return m, err
	}
	return n, nil // what is cut counts as written: ffmpeg finishes normally
}

func (e *exactly) pad() {
	zeros := make([]byte, 32<<10)
	for e.left > 0 {
		m, err := e.w.Write(zeros[:min(int64(len(zeros)), e.left)])
		e.left -= int64(m)
		if err != nil {
			return
		}
	}
}

// download sends a song's original file as an attachment, or a ZIP of
// the originals of an album, an artist or a playlist (zip.go).
func (s *Server) download(w http.ResponseWriter, q *request) (*response, error) {
	id, err := q.required("id")
	if err != nil {
		return nil, err
	}
	song, err := s.song(q, id)
	if err != nil {
		name, entries, ok, zerr := s.zipOf(q, id)
		switch {
		case zerr != nil:
			return nil, zerr
		case !ok:
			return nil, err
		case len(entries) == 0:
			return nil, notFound("There is nothing to download in " + id + ": its songs' files are gone.")
		}
		s.downloadZip(w, q, name, entries)
		return nil, nil
	}
	w.Header().Set("Content-Disposition", delivery.Attachment(song.Name+"."+media.Ext(song.Format)))
	s.serveBlob(w, q, song.AudioKey, media.MIME(song.Format), `"`+song.ID+`-original"`)
	return nil, nil
}

// serveBlob sends a stored file (delivery.Serve); a row names every file
// asked for here, so a missing one is worth logging.
func (s *Server) serveBlob(w http.ResponseWriter, q *request, key, contentType, etag string) {
	files := delivery.Store{Blobs: s.Blobs, Sign: s.SignMedia, Logger: s.Logger}
	err := files.Serve(w, q.r, delivery.Stored{Key: key, ContentType: contentType, ETag: etag,
		CacheControl: "private, " + delivery.Immutable}, true)
	if err != nil {
		s.writeError(w, q, err)
	}
}

// coverKey finds the cover an id names: a song's (else its album's), an
// album's, an artist's or a playlist's. "" is none.
func (s *Server) coverKey(ctx context.Context, id string) (string, error) {
	switch {
	case strings.HasPrefix(id, albumPrefix):
		al, err := s.Albums.Album(ctx, bareID(id, albumPrefix))
		if err != nil {
			return "", err
		}
		return al.CoverKey, nil
	case strings.HasPrefix(id, artistPrefix):
		ar, err := s.Albums.ArtistByID(ctx, bareID(id, artistPrefix))
		if err != nil {
			return "", err
		}
		return ar.CoverKey, nil
	case strings.HasPrefix(id, playlistPrefix):
		p, err := s.Playlists.Store.Playlist(ctx, bareID(id, playlistPrefix))
		if err != nil {
			return "", err
		}
		return p.CoverKey, nil
	}
	song, err := s.Songs.Song(ctx, id)
	if err != nil {
		return "", err
	}
	if song.CoverKey == "" && song.AlbumID != "" {
		if al, err := s.Albums.Album(ctx, song.AlbumID); err == nil {
			return al.CoverKey, nil
		}
	}
	return song.CoverKey, nil
}

// getCoverArt sends the cover at size: without a size, or with one above
// the largest stored square (640 px), the full copy — the picture at its
// own dimensions, up to media.MaxFullCover, re-encoded at upload as every
// size is, so nothing a hostile file carried is sent; the stored square
// (160 or 640 pixels) when size is one, else the next bigger one scaled
// down; a plain default image when the item has no cover. A cover stored
// before the full copy was kept falls back to its largest square.
func (s *Server) getCoverArt(w http.ResponseWriter, q *request) (*response, error) {
	id, err := q.required("id")
	if err != nil {
		return nil, err
	}
	size, err := q.int("size", 0)
	if err != nil {
		return nil, err
	}
	key, err := s.coverKey(q.ctx(), id)
	if err != nil {
		return nil, err
	}
	px := media.CoverSizes[0]
	if size > 0 {
		for _, c := range media.CoverSizes { // the smallest stored size at least as big, else the biggest
			if c >= size && c < px {
				px = c
			}
		}
	}
	if key == "" {
		if size > 0 && size < px {
			px = size
		}
		s.serveDefaultCover(w, q, px)
		return nil, nil
	}
	tag := strings.TrimPrefix(key, "covers/")
	if size <= 0 || size > px {
		full := covers.FullFile(key)
		obj, err := s.Blobs.Open(q.ctx(), full)
		if err == nil {
			obj.Body.Close()
			s.serveBlob(w, q, full, "image/jpeg", fmt.Sprintf(`"%s-full"`, tag))
			return nil, nil
		} else if musicify.ErrorCode(err) != musicify.ENOTFOUND {
			return nil, fmt.Errorf("opening cover %s: %w", full, err)
		}
	}
	if size <= 0 || size >= px {
		s.serveBlob(w, q, covers.File(key, px), "image/jpeg", fmt.Sprintf(`"%s-%d"`, tag, px))
		return nil, nil
	}
	// Apps ask for their own thumbnail sizes (64, 300…): scaling a stored
	// size down costs a millisecond, less than a stored size per app.
	obj, err := s.Blobs.Open(q.ctx(), covers.File(key, px))
	if err != nil {
		return nil, err
	}
	defer obj.Body.Close()
	src, err := jpeg.Decode(io.LimitReader(obj.Body, 8<<20))
	if err != nil {
		return nil, fmt.Errorf("reading cover %s: %w", key, err)
	}
	serveJPEG(w, q, scaleDown(src, size), fmt.Sprintf(`"%s-%d"`, strings.TrimPrefix(key, "covers/"), size))
	return nil, nil
}

// scaleDown fits img into size×size pixels, keeping its shape.
func scaleDown(img image.Image, size int) image.Image {
	b := img.Bounds()
	w, h := size, size
	if b.Dx() > b.Dy() {
		h = max(1, b.Dy()*size/b.Dx())
	} else if b.Dy() > b.Dx() {
		w = max(1, b.Dx()*size/b.Dy())
	}
	dst := image.NewRGBA(image.Rect(0, 0, w, h))
	draw.CatmullRom.Scale(dst, dst.Bounds(), img, b, draw.Src, nil)
	return dst
}

// serveJPEG sends an image made for this request.
func serveJPEG(w http.ResponseWriter, q *request, img image.Image, etag string) {
	var b bytes.Buffer
	if err := jpeg.Encode(&b, img, &jpeg.Options{Quality: 85}); err != nil {
		http.Error(w, "The cover could not be made.", http.StatusInternalServerError)
		return
	}
	if delivery.Refuse(w, q.r, int64(b.Len())) {
		return
	}
	w.Header().Set("Content-Type", "image/jpeg")
	w.Header().Set("Cache-Control", "public, max-age=86400")
	w.Header().Set("ETag", etag)
	http.ServeContent(w, q.r, "", time.Time{}, bytes.NewReader(b.Bytes()))
}

// defaultCovers holds the default image by size, made once per size.
var defaultCovers sync.Map

// serveDefaultCover sends a plain dark square: apps show an image for
// every item, and many cannot draw the web app's SVG.
func (s *Server) serveDefaultCover(w http.ResponseWriter, q *request, px int) {
	cached, ok := defaultCovers.Load(px)
	if !ok {
		img := image.NewRGBA(image.Rect(0, 0, px, px))
		for i := 0; i < len(img.Pix); i += 4 {
			copy(img.Pix[i:], []byte{0x2a, 0x2d, 0x3a, 0xff})
		}
		var b bytes.Buffer
		_ = jpeg.Encode(&b, img, &jpeg.Options{Quality: 80})
		cached, _ = defaultCovers.LoadOrStore(px, b.Bytes())
	}
	if delivery.Refuse(w, q.r, int64(len(cached.([]byte)))) {
		return
	}
	w.Header().Set("Content-Type", "image/jpeg")
	w.Header().Set("Cache-Control", "public, max-age=86400")
	http.ServeContent(w, q.r, "", time.Time{}, bytes.NewReader(cached.([]byte)))
}
