// Package demo seeds an empty server with a catalog a newcomer can play at
// once: songs the program composes itself (package synth), covers it draws
// (package art), their artists and a demo listener.
package demo

import (
	"bufio"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"image/jpeg"
	"io"
	"log/slog"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/musicify/musicify/internal/demo/art"
	"github.com/musicify/musicify/internal/demo/synth"
	"github.com/musicify/musicify/internal/media"
	"github.com/musicify/musicify/internal/musicify"
)

// The demo listener's account, printed in the log and the README.
const (
	User     = "demo"
	Password = "musicify-demo"
	Email    = "demo@example.com"
)

// Store is what seeding writes to.
type Store interface {
	musicify.UserStore
	musicify.SongStore
	musicify.PlaylistStore
	musicify.LikeStore
	musicify.FollowStore
	Setting(ctx context.Context, name string) (string, error)
	SetSetting(ctx context.Context, name, value string) error
}

// seededSetting marks a complete demo catalog, so a later start neither
// seeds again nor leaves a catalog that a stop cut short half done.
const seededSetting = "demo_catalog_seeded"

// Seeder fills an empty database.
type Seeder struct {
	Store   Store
	Catalog musicify.Catalog
	FFmpeg  *media.FFmpeg // nil: songs are stored as WAV
	Hash    func(password string) (string, error)
	TempDir string
	Logger  *slog.Logger
	Now     func() time.Time
	// Specs is the catalog to seed; nil means synth.Catalog().
	Specs []synth.SongSpec
	// Rate is the sample rate to render at; 0 means 44.1 kHz with ffmpeg
	// and 22.05 kHz (smaller WAV files) without.
	Rate int
}

// Needed tells whether this database should get the demo catalog: it is
// empty, or a first seeding was cut short. A server with its own accounts
// is never touched.
func (s *Seeder) Needed(ctx context.Context) (bool, error) {
	if _, err := s.Store.Setting(ctx, seededSetting); err == nil {
		return false, nil
	} else if musicify.ErrorCode(err) != musicify.ENOTFOUND {
		return false, err
	}
	users, err := s.Store.Users(ctx)
	if err != nil {
		return false, err
	}
	if len(users) == 0 {
		return true, nil
	}
	_, err = s.Store.UserByUsername(ctx, User)
	if musicify.ErrorCode(err) == musicify.ENOTFOUND {
		return false, nil
	}
	return err == nil, err
}

// Seed creates the demo listener, the artists and whatever songs of the
// catalog are missing, then marks the catalog complete.
func (s *Seeder) Seed(ctx context.Context) error {
	start := time.Now()
	listener, err := s.user(ctx, User, Email, Password)
	if err != nil {
		return err
	}
	specs := s.Specs
	if specs == nil {
		specs = synth.Catalog()
	}
	artists := map[string]*musicify.User{}
	var missing []synth.SongSpec
	for _, spec := range specs {
		if artists[spec.Artist] == nil {
			// Artists have no password: their accounts exist to own songs.
			if artists[spec.Artist], err = s.user(ctx, spec.Artist, spec.Artist+"@example.com", ""); err != nil {
				return err
			}
			// Their songs go under the name with its capitals, not the handle.
			if err := s.Store.SetArtistName(ctx, artists[spec.Artist].ID, spec.ArtistName); err != nil {
				return err
			}
		}
		if !s.has(ctx, spec) {
			missing = append(missing, spec)
		}
	}
	songs, err := s.songs(ctx, missing, artists)
	if err != nil {
		return err
	}
	if err := s.listen(ctx, listener, songs); err != nil {
		return err
	}
	if err := s.library(ctx, listener, artists); err != nil {
		return err
	}
	if err := s.Store.SetSetting(ctx, seededSetting, s.Now().UTC().Format(time.RFC3339)); err != nil {
		return err
	}
	s.Logger.Info("demo catalog seeded", "songs", len(songs), "artists", len(artists),
		"took", time.Since(start).Round(time.Millisecond), "sign_in_as", User, "password", Password)
	return nil
}

// has tells whether the song is already there, from a seeding cut short.
func (s *Seeder) has(ctx context.Context, spec synth.SongSpec) bool {
	songs, err := s.Store.SongsByArtist(ctx, spec.Artist)
	if err != nil {
		return false
	}
	for _, song := range songs {
		if song.Name == spec.Title {
			return true
		}
	}
	return false
}

// user returns the account, creating it when a first seeding has not.
func (s *Seeder) user(ctx context.Context, name, email, password string) (*musicify.User, error) {
	if u, err := s.Store.UserByUsername(ctx, name); err == nil {
		return u, nil
	}
	return s.createUser(ctx, name, email, password)
}

func (s *Seeder) createUser(ctx context.Context, name, email, password string) (*musicify.User, error) {
	u := &musicify.User{Username: name, Email: email}
	if password != "" {
		hash, err := s.Hash(password)
		if err != nil {
			return nil, fmt.Errorf("hashing demo password: %w", err)
		}
		u.PasswordHash = hash
	}
	if err := s.Store.CreateUser(ctx, u); err != nil {
		return nil, fmt.Errorf("creating demo user %s: %w", name, err)
	}
	return u, nil
}

// songs composes, encodes and uploads the catalog. Three workers keep both
// cores busy: while one waits for ffmpeg, the others render.
func (s *Seeder) songs(ctx context.Context, specs []synth.SongSpec, artists map[string]*musicify.User) ([]*musicify.Song, error) {
	out := make([]*musicify.Song, len(specs))
	errs := make([]error, len(specs))
	next := make(chan int)
	var wg sync.WaitGroup
	for w := 0; w < 3; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				out[i], errs[i] = s.song(ctx, specs[i], artists[specs[i].Artist])
			}
		}()
	}
	for i := range specs {
		next <- i
	}
	close(next)
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			return nil, fmt.Errorf("seeding %q: %w", specs[i].Title, err)
		}
	}
	return out, nil
}

func (s *Seeder) song(ctx context.Context, spec synth.SongSpec, artist *musicify.User) (*musicify.Song, error) {
	dir, err := os.MkdirTemp(s.TempDir, "demo-*")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)

	rate := s.Rate
	switch {
	case rate > 0:
	case s.FFmpeg != nil:
		rate = 44100
	default:
		rate = 22050 // WAV is large: half the rate keeps the catalog near 100 MB
	}
	samples := synth.Render(spec, rate)
	audioPath := filepath.Join(dir, "audio")
	if s.FFmpeg != nil {
		pr, pw := io.Pipe()
		go func() { pw.CloseWithError(synth.WriteWAV(pw, samples, rate, 2)) }()
		// Tagged like a bought album, so its songs file under it.
		err = s.FFmpeg.Encode(ctx, pr, audioPath, 160, map[string]string{
			"album": spec.Album, "album_artist": spec.ArtistName, "artist": spec.ArtistName,
			"title": spec.Title, "genre": spec.Genre, "track": strconv.Itoa(spec.Track)})
		pr.Close()
	} else {
		err = writeFile(audioPath, func(w io.Writer) error { return synth.WriteWAV(w, samples, rate, 2) })
	}
	if err != nil {
		return nil, fmt.Errorf("encoding: %w", err)
	}
	// A high-quality JPEG, not a PNG: it encodes and decodes ten times faster.
	coverPath := filepath.Join(dir, "cover.jpg")
	if err := writeFile(coverPath, func(w io.Writer) error {
		return jpeg.Encode(w, art.Cover(spec.Title, spec.Artist, spec.Seed, 640), &jpeg.Options{Quality: 95})
	}); err != nil {
		return nil, fmt.Errorf("drawing cover: %w", err)
	}
	sum, size, err := hashFile(audioPath)
	if err != nil {
		return nil, err
	}
	text := Description(spec)
	return s.Catalog.Upload(ctx, musicify.SongUpload{
		User: artist, Name: spec.Title, AudioPath: audioPath, SHA256: sum, Size: size, CoverPath: coverPath, Text: text,
	})
}

// listen gives the catalog a history: some songs were played more than
// others, at times spread over the last weeks, so top songs mean something.
func (s *Seeder) listen(ctx context.Context, listener *musicify.User, songs []*musicify.Song) error {
	r := rand.New(rand.NewPCG(7, 11))
	now := s.Now()
	for _, song := range songs {
		for n := r.IntN(25); n > 0; n-- {
			at := now.Add(-time.Duration(r.IntN(30*24)) * time.Hour)
			if _, err := s.Store.AddView(ctx, song.ID, listener.ID, at); err != nil {
				return fmt.Errorf("seeding listens: %w", err)
			}
		}
	}
	return nil
}

// demoPlaylists are the demo listener's playlists: a name and the titles
// in it, picked so that each mixes artists.
var demoPlaylists = []struct {
	name   string
	titles []string
}{
	{"Late Night Drive", []string{"Midnight Harbour", "Velvet Highway", "Late Train to Lisbon", "Tea at 3 AM", "Chrome Sunset"}},
	{"Sunday Morning", []string{"Dandelion Road", "Slow Snowfall", "Apple Orchard Morning", "Rainy Window Study", "Glass Garden"}},
	{"Focus Flow", []string{"Library Cat", "Northern Quiet", "Cassette Bloom", "Letters to the Sea"}},
	{"Arcade Party", []string{"Yellow Submarine Dreams", "Bubblegum Boss Fight", "Arcade Lights Forever", "Starlight Speedrun"}},
}

// demoLikes are the songs the demo listener likes.
var demoLikes = []string{"Midnight Harbour", "Dandelion Road", "Smoke & Honey", "Yellow Submarine Dreams", "Slow Snowfall", "Rooftop Rendezvous"}

// library gives the demo listener playlists, likes and two followed
// artists, so every page has something to show. What exists already
// (a resumed seeding) is kept.
func (s *Seeder) library(ctx context.Context, listener *musicify.User, artists map[string]*musicify.User) error {
	songs, err := s.Store.Songs(ctx)
	if err != nil {
		return err
	}
	byTitle := map[string]*musicify.Song{}
	for _, song := range songs {
		if artists[song.Uploader] != nil {
			byTitle[song.Name] = song
		}
	}
	for _, pl := range demoPlaylists {
		p := &musicify.Playlist{Name: pl.name, UserID: listener.ID, Owner: listener.Username}
		if err := s.Store.CreatePlaylist(ctx, p); musicify.ErrorCode(err) == musicify.ECONFLICT {
			continue
		} else if err != nil {
			return fmt.Errorf("seeding playlist %s: %w", pl.name, err)
		}
		for _, title := range pl.titles {
			if song := byTitle[title]; song != nil {
				if err := s.Store.AddPlaylistSong(ctx, p.ID, song.ID); err != nil {
					return fmt.Errorf("seeding playlist %s: %w", pl.name, err)
				}
			}
		}
	}
	for _, title := range demoLikes {
		if song := byTitle[title]; song != nil {
			if _, err := s.Store.Like(ctx, listener.ID, song.ID, s.Now()); err != nil {
				return fmt.Errorf("seeding likes: %w", err)
			}
		}
	}
	for _, name := range []string{"neon-harbor", "willow-creek"} {
		if a := artists[name]; a != nil {
			err := s.Store.CreateFollow(ctx, &musicify.Follow{FollowerID: listener.ID, FolloweeID: a.ID})
			if err != nil && musicify.ErrorCode(err) != musicify.ECONFLICT {
				return fmt.Errorf("seeding follows: %w", err)
			}
		}
	}
	return nil
}

// Description is a demo song's text. The music has no words: saying so
// spares a transcription job, and its genre and album make it findable
// (search, the assistant's moods and genres).
func Description(spec synth.SongSpec) string {
	return fmt.Sprintf("Instrumental %s, from the album %s by %s.", strings.ToLower(spec.Genre), spec.Album, spec.ArtistName)
}

func writeFile(path string, write func(io.Writer) error) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	bw := bufio.NewWriterSize(f, 1<<20)
	err = write(bw)
	if err == nil {
		err = bw.Flush()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

func hashFile(path string) (string, int64, error) {
	f, err := os.Open(path)
	if err != nil {
		return "", 0, err
	}
	defer f.Close()
	h := sha256.New()
	n, err := io.Copy(h, f)
	if err != nil {
		return "", 0, err
	}
	return hex.EncodeToString(h.Sum(nil)), n, nil
}
