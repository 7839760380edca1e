// Command genlibrary writes a test music library: N one-second files with
// realistic tags over a set of albums, mostly MP3 with some FLAC and M4A,
// some with embedded art, some compilations. ffmpeg encodes one file of
// each format; the tags are written here, in Go, around its audio.
//
//	go run ./scripts/genlibrary -out /tmp/library -n 10000 -albums 800
package main

import (
	"bytes"
	"encoding/binary"
	"flag"
	"fmt"
	"image"
	"image/color"
	"image/jpeg"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"time"
)

var (
	first  = []string{"Neon", "Velvet", "Crimson", "Silver", "Midnight", "Golden", "Paper", "Hollow", "Electric", "Quiet", "Wild", "Static", "Lunar", "Amber", "Glass"}
	second = []string{"Harbor", "Shore", "Engines", "Owls", "Parade", "Choir", "Machines", "Rivers", "Lanterns", "Wolves", "Tides", "Gardens", "Signals", "Echoes"}
	words  = []string{"Low", "Tide", "Night", "Drive", "Summer", "Rain", "Gold", "Fire", "Heart", "Light", "Ghost", "City", "Dream", "Stone", "Run", "Away", "Home", "Blue", "Wire", "Song"}
	genres = []string{"Rock", "Pop", "Jazz", "Electronic", "Ambient", "Hip-Hop", "Folk", "Classical", "Metal", "Soul", "Indie;Rock", "Techno/House"}
)

type track struct {
	path                                     string
	title, artist, album, albumArtist, genre string
	trackNo, discNo, year                    int
	compilation, art                         bool
	format                                   string
}

func main() {
	out := flag.String("out", "", "folder to write the library into (created)")
	n := flag.Int("n", 10000, "number of files")
	albums := flag.Int("albums", 800, "number of albums")
	flag.Parse()
	if *out == "" || *n <= 0 || *albums <= 0 {
		fmt.Fprintln(os.Stderr, "usage: genlibrary -out DIR [-n 10000] [-albums 800]")
		os.Exit(2)
	}
	start := time.Now()
	if err := generate(*out, *n, *albums); err != nil {
		fmt.Fprintln(os.Stderr, "genlibrary:", err)
		os.Exit(1)
	}
	fmt.Printf("wrote %d files in %d albums to %s in %s\n", *n, *albums, *out, time.Since(start).Round(time.Millisecond))
}

func name(i int, list ...[]string) string {
	var parts []string
	for _, l := range list {
		parts = append(parts, l[i%len(l)])
		i /= len(l)
	}
	return strings.Join(parts, " ")
}

func plan(n, albums int) []track {
	var out []track
	for i := range n {
		a := i % albums
		no := i/albums + 1
		artist := name(a%300, first, second)
		t := track{album: name(a*7+3, words, words) + fmt.Sprintf(" %d", a), albumArtist: artist, artist: artist,
			title: name(i*13+5, words, words, words), genre: genres[a%len(genres)], trackNo: no, discNo: 1,
			year: 1965 + a%60, format: "mp3", art: a%4 == 0 || a%20 == 11} // 11: some FLAC albums too
		if a%20 == 0 { // a compilation: every track by someone else
			t.compilation, t.albumArtist, t.artist = true, "Various Artists", name(i*3+1, first, second)
		}
		if a%10 == 1 {
			t.format = "flac"
		} else if a%10 == 2 {
			t.format = "m4a"
		}
		if no%3 == 0 {
			t.artist += " feat. " + name(i+11, first, second)
		}
		t.path = filepath.Join(t.albumArtist, t.album, fmt.Sprintf("%02d %s.%s", no, t.title, t.format))
		out = append(out, t)
	}
	return out
}

func generate(dir string, n, albums int) error {
	tmp, err := os.MkdirTemp("", "genlibrary-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	base := map[string]string{}
	for format, codec := range map[string][]string{"mp3": {"-c:a", "libmp3lame", "-b:a", "64k", "-write_xing", "0", "-id3v2_version", "0"},
		"flac": {"-c:a", "flac"}, "m4a": {"-c:a", "aac", "-b:a", "64k"}} {
		p := filepath.Join(tmp, "base."+format)
		args := append([]string{"-hide_banner", "-loglevel", "error", "-y", "-f", "lavfi", "-i", "sine=frequency=440:duration=1", "-ac", "1", "-map_metadata", "-1"}, codec...)
		if out, err := exec.Command("ffmpeg", append(args, p)...).CombinedOutput(); err != nil {
			return fmt.Errorf("encoding the %s base file: %v: %s", format, err, out)
		}
		base[format] = p
	}
	audio := map[string][]byte{}
	for format, p := range base {
		if audio[format], err = os.ReadFile(p); err != nil {
			return err
		}
	}
	art := coverJPEG()
	tracks := plan(n, albums)
	work := make(chan track)
	errs := make(chan error, 1)
	var wg sync.WaitGroup
	for range runtime.NumCPU() {
		wg.Go(func() {
			for t := range work {
				p := filepath.Join(dir, t.path)
				err := os.MkdirAll(filepath.Dir(p), 0o755)
				if err == nil {
					err = writers[t.format](p, t, audio[t.format], art)
				}
				if err != nil {
					select {
					case errs <- fmt.Errorf("%s: %w", t.path, err):
					default:
					}
				}
			}
		})
	}
	for _, t := range tracks {
		work <- t
	}
	close(work)
	wg.Wait()
	select {
	case err := <-errs:
		return err
	default:
		return nil
	}
}

// writers write a track around the base file of its format.
var writers = map[string]func(path string, t track, audio, art []byte) error{
	"mp3": writeMP3, "flac": writeFLAC, "m4a": writeM4A,
}

// writeMP3 writes an ID3v2.3 tag, then the encoded audio.
func writeMP3(path string, t track, audio, art []byte) error {
	var frames bytes.Buffer
	text := func(id, v string) {
		frame(&frames, id, append([]byte{0}, v...)) // 0: ISO-8859-1; the names here are ASCII
	}
	text("TIT2", t.title)
	text("TPE1", t.artist)
	text("TALB", t.album)
	text("TPE2", t.albumArtist)
	text("TRCK", fmt.Sprint(t.trackNo))
	text("TPOS", fmt.Sprint(t.discNo))
	text("TYER", fmt.Sprint(t.year))
	text("TCON", t.genre)
	if t.compilation {
		text("TCMP", "1")
	}
	if t.art {
		body := append([]byte{0}, "image/jpeg\x00"...)
		body = append(body, 3, 0) // front cover, empty description
		frame(&frames, "APIC", append(body, art...))
	}
	var b bytes.Buffer
	b.WriteString("ID3\x03\x00\x00")
	size := frames.Len()
	b.Write([]byte{byte(size >> 21 & 0x7f), byte(size >> 14 & 0x7f), byte(size >> 7 & 0x7f), byte(size & 0x7f)})
	b.Write(frames.Bytes())
	b.Write(audio)
	return os.WriteFile(path, b.Bytes(), 0o644)
}

func frame(w *bytes.Buffer, id string, body []byte) {
	w.WriteString(id)
	binary.Write(w, binary.BigEndian, uint32(len(body)))
	w.Write([]byte{0, 0})
	w.Write(body)
}

// coverJPEG is a small album cover.
func coverJPEG() []byte {
	img := image.NewRGBA(image.Rect(0, 0, 200, 200))
	for x := range 200 {
		for y := range 200 {
			img.Set(x, y, color.RGBA{uint8(x), uint8(y), 120, 255})
		}
	}
	var b bytes.Buffer
	_ = jpeg.Encode(&b, img, &jpeg.Options{Quality: 80})
	return b.Bytes()
}
