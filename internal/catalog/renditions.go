package catalog

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"os"
	"runtime"
	"strconv"
	"sync"
	"time"

	"github.com/musicify/musicify/internal/media"
	"github.com/musicify/musicify/internal/musicify"
)

// Qualities are the bitrates (kbps) of the renditions a player may ask
// for: the web app's streaming qualities (High, Normal, Data saver).
// Renditions are kept per song and quality, so their number stays bounded.
var Qualities = []int{256, 160, 96}

// RenditionBlobs is the folder of the renditions in blob storage: no row
// names them; the sweep removes the old ones, and they are made again when
// asked for.
const RenditionBlobs = "renditions/"

// CheckQuality refuses a bitrate that is not one of Qualities.
func CheckQuality(kbps int) error {
	for _, q := range Qualities {
		if q == kbps {
			return nil
		}
	}
	return musicify.Errorf(musicify.EINVALID, "The streaming quality is one of 256, 160 or 96 kbps.").In("kbps")
}

// Renditions makes the lighter copy of a song a player asks for, once: the
// first player hears it as ffmpeg encodes it, later ones get the stored
// file (with Range, so they can seek). Nothing is made at import.
type Renditions struct {
	Blobs   musicify.BlobStore
	FFmpeg  *media.FFmpeg
	TempDir string // "": the system's
	Logger  *slog.Logger

	mu      sync.Mutex
	running map[string]*renditionRun
	slots   chan struct{} // ffmpeg encodings at once
	// previewing makes one preview at a time (previews.go).
	previewing sync.Mutex
}

// Rendition is a rendition to send: the stored file (Key), or the
// encoding as it is being made (Live, to close), whose length is unknown.
type Rendition struct {
	Key         string
	ContentType string
	Live        io.ReadCloser
}

// Format is the format renditions are made in: MP3, which every browser
// and app plays, else Opus.
func (r *Renditions) Format() string {
	if r.FFmpeg.CanTranscode("mp3") {
		return "mp3"
	}
	return "opus"
}

// Key is where the rendition of a song at kbps is kept. It names the
// original's checksum: a library file changed in place gets new renditions.
func (r *Renditions) Key(song *musicify.Song, kbps int) string {
	ext := r.Format()
	if ext == "opus" {
		ext = "ogg"
	}
	return renditionKey(song, kbps, ext)
}

func renditionKey(song *musicify.Song, kbps int, ext string) string {
	sum := song.SHA256[:min(len(song.SHA256), 16)]
	return RenditionBlobs + song.ID + "/" + sum + "-" + strconv.Itoa(kbps) + "." + ext
}

// renditionKeys are every rendition a song may have, in either format, so
// that deleting the song takes them too instead of leaving them to the sweep.
func renditionKeys(song *musicify.Song) []string {
	var keys []string
	for _, kbps := range Qualities {
		for _, ext := range []string{"mp3", "ogg"} {
			keys = append(keys, renditionKey(song, kbps, ext))
		}
	}
	return append(keys, previewKey(song, "mp3"), previewKey(song, "ogg"))
}

func (r *Renditions) contentType() string {
	if r.Format() == "opus" {
		return "audio/ogg"
	}
	return media.MIME("mp3")
}

// Open gives the rendition of song at kbps: stored, or started (or joined,
// when another player asked first) and followed as it is encoded.
func (r *Renditions) Open(ctx context.Context, song *musicify.Song, kbps int) (*Rendition, error) {
	if err := CheckQuality(kbps); err != nil {
		return nil, err
	}
	key := r.Key(song, kbps)
	out := &Rendition{ContentType: r.contentType()}
	r.mu.Lock()
	defer r.mu.Unlock()
	run := r.running[key]
	if run == nil {
		if obj, err := r.Blobs.Open(ctx, key); err == nil {
			obj.Body.Close()
			out.Key = key
			return out, nil
		} else if musicify.ErrorCode(err) != musicify.ENOTFOUND {
			return nil, err
		}
		var err error
		if run, err = r.start(song, kbps, key); err != nil {
			return nil, err
		}
	}
	// The file exists while the run is listed: it is removed after.
	f, err := os.Open(run.path)
	if err != nil {
		return nil, fmt.Errorf("following a rendition: %w", err)
	}
	out.Live = &follower{f: f, run: run, ctx: ctx}
	return out, nil
}

// start begins encoding song into a temporary file, with r.mu held. The
// encoding goes on when the player that asked goes away, so the next one
// finds it stored.
func (r *Renditions) start(song *musicify.Song, kbps int, key string) (*renditionRun, error) {
	tmp, err := os.CreateTemp(r.TempDir, "rendition-*")
	if err != nil {
		return nil, fmt.Errorf("making a rendition: %w", err)
	}
	if r.running == nil {
		r.running = map[string]*renditionRun{}
		r.slots = make(chan struct{}, max(1, runtime.NumCPU()))
	}
	run := &renditionRun{path: tmp.Name(), changed: make(chan struct{})}
	r.running[key] = run
	go func() {
		err := r.encode(song, kbps, key, tmp, run)
		if err != nil {
			r.Logger.Error("making a rendition", "song", song.ID, "kbps", kbps, "err", err)
		}
		r.mu.Lock()
		delete(r.running, key)
		r.mu.Unlock()
		run.finish(err)
		os.Remove(tmp.Name())
	}()
	return run, nil
}

func (r *Renditions) encode(song *musicify.Song, kbps int, key string, tmp *os.File, run *renditionRun) error {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()
	r.slots <- struct{}{}
	defer func() { <-r.slots }()
	err := r.transcode(ctx, song, &notifier{w: tmp, run: run}, media.Transcoding{Format: r.Format(), Kbps: kbps})
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return err
	}
	return r.store(ctx, key, tmp.Name())
}

// transcode runs ffmpeg on the song's original into w: from the file
// itself when the storage is a folder (ffmpeg seeks in a file; an MP4 with
// its index at the end needs it), else through a pipe.
func (r *Renditions) transcode(ctx context.Context, song *musicify.Song, w io.Writer, t media.Transcoding) error {
	obj, err := r.Blobs.Open(ctx, song.AudioKey)
	if err != nil {
		return err
	}
	defer obj.Body.Close()
	src, stdin := "pipe:0", io.Reader(obj.Body)
	if f, ok := obj.Body.(*os.File); ok {
		src, stdin = f.Name(), nil
	}
	return r.FFmpeg.Transcode(ctx, src, stdin, w, t)
}

// store puts the finished file at path into the storage under key.
func (r *Renditions) store(ctx context.Context, key, path string) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	_, err = r.Blobs.Put(ctx, key, f)
	return err
}

// renditionRun is one encoding under way: its file grows, and changed is
// closed (and replaced) at each write and at the end.
type renditionRun struct {
	path    string
	mu      sync.Mutex
	changed chan struct{}
	done    bool
	err     error
}

func (run *renditionRun) wake() {
	run.mu.Lock()
	close(run.changed)
	run.changed = make(chan struct{})
	run.mu.Unlock()
}

func (run *renditionRun) finish(err error) {
	run.mu.Lock()
	run.done, run.err = true, err
	close(run.changed)
	run.changed = make(chan struct{})
	run.mu.Unlock()
}

// notifier wakes the followers of a run at each write.
type notifier struct {
	w   io.Writer
	run *renditionRun
}

func (n *notifier) Write(p []byte) (int, error) {
	k, err := n.w.Write(p)
	n.run.wake()
	return k, err
}

// follower reads a run's file as it grows, to its end once the run is done.
type follower struct {
	f   *os.File
	run *renditionRun
	ctx context.Context
}

func (fl *follower) Read(p []byte) (int, error) {
	for {
		fl.run.mu.Lock()
		done, err, changed := fl.run.done, fl.run.err, fl.run.changed
		fl.run.mu.Unlock()
		n, rerr := fl.f.Read(p)
		if n > 0 || (rerr != nil && rerr != io.EOF) {
			return n, rerr
		}
		if done { // everything written before done was read above
			if err != nil {
				return 0, err
			}
			return 0, io.EOF
		}
		select {
		case <-changed:
		case <-fl.ctx.Done():
			return 0, fl.ctx.Err()
		}
	}
}

func (fl *follower) Close() error { return fl.f.Close() }
