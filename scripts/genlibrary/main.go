// Command genlibrary writes a test music library: N one-second files with
// realistic tags over a set of albums, mostly MP3 with some FLAC and M4A,
// some with embedded art, some compilations. ffmpeg encodes one file of
// each format; the tags are written here, in Go, around its audio.
//
//	go run ./scripts/genlibrary -out /tmp/library -n 10000 -albums 800
//
// With -tricky it writes instead the few hundred files of a real person's
// folder, with the cases that trip importers up (tricky.go).
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
	"unicode/utf16"
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
	seconds                                  int  // of audio; 0 is 1
	noTags                                   bool // only the path says what it is
	cut                                      int  // more than 0: the file is cut short to this many bytes
}

func main() {
	out := flag.String("out", "", "folder to write the library into (created)")
	n := flag.Int("n", 10000, "number of files")
	albums := flag.Int("albums", 800, "number of albums")
	tricky := flag.Bool("tricky", false, "write a few hundred files with the hard cases instead (-n and -albums are ignored)")
	flag.Parse()
	if *out == "" || *n <= 0 || *albums <= 0 {
		fmt.Fprintln(os.Stderr, "usage: genlibrary -out DIR [-n 10000] [-albums 800] [-tricky]")
		os.Exit(2)
	}
	start := time.Now()
	if *tricky {
		tracks, extra := trickyPlan()
		if err := write(*out, tracks, extra); err != nil {
			fmt.Fprintln(os.Stderr, "genlibrary:", err)
			os.Exit(1)
		}
		fmt.Printf("wrote %d tricky files to %s in %s\n", len(tracks)+len(extra), *out, time.Since(start).Round(time.Millisecond))
		return
	}
	if err := write(*out, plan(*n, *albums), nil); err != nil {
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

// codecs are ffmpeg's arguments for each format's base file.
var codecs = map[string][]string{"mp3": {"-c:a", "libmp3lame", "-b:a", "64k", "-write_xing", "0", "-id3v2_version", "0"},
	"flac": {"-c:a", "flac"}, "m4a": {"-c:a", "aac", "-b:a", "64k"},
	// bitexact: the Ogg muxer's stream serial is random otherwise.
	"opus": {"-c:a", "libopus", "-b:a", "32k", "-fflags", "+bitexact"}, "ogg": {"-c:a", "libvorbis", "-q:a", "0", "-fflags", "+bitexact"}}

// write encodes one base file for each format and length the tracks use,
// then writes every track around it and the extra files as they are
// (covers, lyrics, broken files), all under dir.
func write(dir string, tracks []track, extra map[string][]byte) error {
	tmp, err := os.MkdirTemp("", "genlibrary-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	// One ffmpeg run per format and length, side by side.
	audio := map[string][]byte{}
	var encodes sync.WaitGroup
	var mu sync.Mutex
	var failed error
	started := map[string]bool{} // read by this loop only; audio is the workers'
	for _, t := range tracks {
		key := baseKey(t)
		if started[key] {
			continue
		}
		started[key] = true
		p := filepath.Join(tmp, key+"."+t.format)
		args := []string{"-hide_banner", "-loglevel", "error", "-y", "-f", "lavfi", "-i",
			fmt.Sprintf("sine=frequency=440:duration=%d", max(t.seconds, 1)), "-ac", "1", "-map_metadata", "-1"}
		args = append(append(args, codecs[t.format]...), p)
		encodes.Go(func() {
			b, err := exec.Command("ffmpeg", args...).CombinedOutput()
			if err != nil {
				err = fmt.Errorf("encoding the %s base file: %v: %s", key, err, b)
			} else {
				b, err = os.ReadFile(p)
			}
			mu.Lock()
			defer mu.Unlock()
			audio[key] = b
			if err != nil {
				failed = err
			}
		})
	}
	encodes.Wait()
	if failed != nil {
		return failed
	}
	art := coverJPEG()
	work := make(chan track)
	errs := make(chan error, 1)
	fail := func(err error) {
		select {
		case errs <- err:
		default:
		}
	}
	var wg sync.WaitGroup
	for range runtime.NumCPU() {
		wg.Go(func() {
			for t := range work {
				p := filepath.Join(dir, t.path)
				err := os.MkdirAll(filepath.Dir(p), 0o755)
				if err == nil {
					err = writers[t.format](p, t, audio[baseKey(t)], art)
				}
				if err == nil && t.cut > 0 {
					err = os.Truncate(p, int64(t.cut))
				}
				if err != nil {
					fail(fmt.Errorf("%s: %w", t.path, err))
				}
			}
		})
	}
	for _, t := range tracks {
		work <- t
	}
	close(work)
	wg.Wait()
	for rel, b := range extra {
		p := filepath.Join(dir, rel)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(p, b, 0o644); err != nil {
			return err
		}
	}
	select {
	case err := <-errs:
		return err
	default:
		return nil
	}
}

func baseKey(t track) string { return fmt.Sprintf("%s-%ds", t.format, max(t.seconds, 1)) }

// writers write a track around the base file of its format.
var writers = map[string]func(path string, t track, audio, art []byte) error{
	"mp3": writeMP3, "flac": writeFLAC, "m4a": writeM4A, "opus": writeOgg, "ogg": writeOgg,
}

// writeMP3 writes an ID3v2.3 tag, then the encoded audio.
func writeMP3(path string, t track, audio, art []byte) error {
	if t.noTags {
		return os.WriteFile(path, audio, 0o644)
	}
	var frames bytes.Buffer
	text := func(id, v string) {
		frame(&frames, id, id3Text(v))
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

// id3Text is a text frame's body: ISO-8859-1 (0) for ASCII, else UTF-16
// with a byte order mark (1), the one Unicode encoding ID3v2.3 has.
func id3Text(v string) []byte {
	ascii := true
	for _, r := range v {
		ascii = ascii && r < 0x80
	}
	if ascii {
		return append([]byte{0}, v...)
	}
	b := []byte{1, 0xff, 0xfe}
	for _, u := range utf16.Encode([]rune(v)) {
		b = binary.LittleEndian.AppendUint16(b, u)
	}
	return b
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
