package main

import (
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"strings"
)

// The -tricky library: about 220 files shaped like a real person's music
// folder, with what trips importers up. Everything here is fixed, so the
// tests that use it may name its songs:
//
//   - "A feat. B", "A ft. B" and "A & B" artists;
//   - accents and other scripts (Beyoncé, Sigur Rós, Łódź, 坂本龍一, Кино);
//   - a compilation (Various Artists) and a two-disc album in Disc N folders;
//   - files with no tags at all, known by their path only;
//   - broken files: empty, cut short, random bytes named .mp3 and .flac;
//   - MP3, FLAC, Ogg Opus, Ogg Vorbis and M4A;
//   - embedded art, cover.jpg and Folder.jpg beside the songs, albums with none;
//   - .lrc lyrics beside two songs; a very long title and album name;
//   - two albums of 15-second songs (MP3 and Opus), long enough to count
//     as listened; the rest last 2 seconds.
//
// Zoë Keating/Into the Trees is meant to be held back and added later.

// album is one folder of the tricky library.
type album struct {
	artist, name, format, genre string
	year, seconds               int
	titles                      []string
	feat                        map[int]string // track artist by track index, when not the album artist
	art, noTags, compilation    bool
	cover                       string // an image file beside the songs
	discs                       int    // more than 1: Disc N folders, the tracks shared out
	lrc                         map[int]string
	cut                         map[int]int // track index -> bytes the file is cut to
}

var trickyAlbums = []album{
	{artist: "Beyoncé", name: "Lemonade Dreams", format: "mp3", genre: "R&B", year: 2016, seconds: 15, art: true,
		titles: []string{"Formation Lights", "Halo Over Houston", "Déjà Vu Again", "Sorry Not Sorry", "Freedom Road",
			"Daddy Lessons", "Pray You Catch Me", "Hold Up", "All Night Long", "Sandcastles"},
		feat: map[int]string{2: "Beyoncé feat. Kendrick Lamar", 5: "Beyoncé ft. Jack White"}},
	{artist: "Sigur Rós", name: "Ágætis byrjun", format: "flac", genre: "Post-Rock", year: 1999, cover: "cover.jpg",
		titles: []string{"Intro", "Svefn-g-englar", "Starálfur", "Flugufrelsarinn", "Ný batterí", "Hjartað hamast",
			"Viðrar vel til loftárása", "Olsen Olsen", "Ágætis byrjun", "Avalon"}},
	{artist: "Ólafur Arnalds", name: "Living Room Songs", format: "opus", genre: "Ambient", year: 2011, seconds: 15,
		cover: "cover.jpg", titles: []string{"Fyrsta", "Near Light", "Tomorrow's Song", "Film Credits", "Ágúst", "Kjurrt", "Lag fyrir Ömmu"},
		feat: map[int]string{3: "Ólafur Arnalds ft. Alice Sara Ott"}},
	{artist: "Björk", name: "Homogenic Demos", format: "ogg", genre: "Electronic", year: 1997, cover: "Folder.jpg",
		titles: []string{"Hunter", "Jóga", "Unravel", "Bachelorette", "All Neon Like", "5 Years", "Immature", "Alarm Call",
			"Pluto", "All Is Full of Love"},
		lrc: map[int]string{0: "[00:00.00]If travel is searching\n[00:01.00]And home what's been found\n",
			1: "[00:00.00]Emotional landscapes\n[00:01.00]They puzzle me\n"}},
	{artist: "Łódź Philharmonic", name: "Nocturnes", format: "mp3", genre: "Classical", year: 2004, art: true, discs: 2,
		titles: numbered("Nocturne No. %d", 16)},
	{artist: "坂本龍一", name: "戦場のメリークリスマス", format: "m4a", genre: "Soundtrack", year: 1983, art: true,
		titles: []string{"戦場のメリークリスマス", "ロレンスの夢", "雪の中の少年", "ハーヴェストの祈り", "黒い雨", "東京の夜", "静かな海", "光の庭"}},
	{artist: "Кино", name: "Группа крови", format: "mp3", genre: "Rock", year: 1988,
		titles: []string{"Группа крови", "Закрой за мной дверь", "Война", "Спокойная ночь", "Мама, мы все сошли с ума",
			"Бошетунмай", "Попробуй спеть вместе со мной", "Следи за собой", "Кукушка", "Звезда по имени Солнце"}},
	{artist: "Simon & Garfunkel", name: "Bridge Demos", format: "m4a", genre: "Folk", year: 1970, art: true,
		titles: []string{"Bridge Over Troubled Water", "El Condor Pasa", "Cecilia", "Keep the Customer Satisfied",
			"So Long, Frank Lloyd Wright", "The Boxer", "Baby Driver", "The Only Living Boy"}},
	{artist: "Various Artists", name: "Summer Hits Compilation", format: "mp3", genre: "Pop", year: 2013, art: true, compilation: true,
		titles: []string{"Get Lucky Tonight", "This Is What You Came For Too", "Mrs. Robinson Remix", "Crazy in Summer",
			"Летний дождь", "Hoppípolla Edit", "Malamente Mix", "Lean On Me Now", "Alors on danse encore", "Ace of Summer",
			"Nothing Compares", "Forbidden Colours"},
		feat: map[int]string{0: "Daft Punk feat. Pharrell Williams", 1: "Calvin Harris ft. Rihanna", 2: "Simon & Garfunkel",
			3: "Beyoncé", 4: "Кино", 5: "Sigur Rós", 6: "Rosalía", 7: "MØ & Diplo", 8: "Stromae", 9: "Motörhead",
			10: "Sinéad O'Connor", 11: "坂本龍一 feat. David Sylvian"}},
	{artist: "Röyksopp", name: "Melody A.M.", format: "mp3", noTags: true,
		titles: []string{"So Easy", "Eple", "Sparks", "In Space", "Poor Leno", "A Higher Place", "Röyksopp's Night Out", "Remind Me"}},
	{artist: "The Untagged", name: "Basement Tapes", format: "flac", noTags: true,
		titles: []string{"Intro", "Rehearsal", "Feedback", "Jam in D", "Outro"}},
	{artist: "The Long-Winded Ensemble", format: "mp3", genre: "Progressive Rock", year: 1973, art: true,
		name:   "An Album Whose Name Goes On and On, Well Past Where Any Sensible Layout Would Have Cut It Off",
		titles: []string{longTitle, "Short One", "Coda"}},
	{artist: "Broken Rips", name: "Bad Album", format: "mp3", genre: "Noise", year: 2020,
		titles: []string{"Cut Off", "Still Fine"}, cut: map[int]int{0: 90}},
	{artist: "Broken Rips", name: "Bad Album", format: "flac", genre: "Noise", year: 2020,
		titles: []string{"Truncated"}, cut: map[int]int{0: 60}},
	{artist: "Broken Rips", name: "Bad Album", format: "m4a", genre: "Noise", year: 2020,
		titles: []string{"No Moov"}, cut: map[int]int{0: 2048}},
	{artist: "Zoë Keating", name: "Into the Trees", format: "mp3", genre: "Cello", year: 2010, art: true,
		titles: []string{"Escape Artist", "Optimist", "Lost", "Seven League Boots", "Sun Will Set", "Forest"}},
}

// longTitle is a title of 200 characters: the file name still fits.
var longTitle = strings.TrimSpace(strings.Repeat("A Very Long Song Title That Keeps Going ", 6)[:200])

func numbered(format string, n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = fmt.Sprintf(format, i+1)
	}
	return out
}

// fillerFormats rotate over the filler albums.
var fillerFormats = []string{"mp3", "mp3", "flac", "mp3", "m4a", "opus", "mp3", "ogg"}

// trickyPlan is the tricky library: its tracks, and the other files
// (covers, lyrics, broken files) by path.
func trickyPlan() ([]track, map[string][]byte) {
	albums := append([]album(nil), trickyAlbums...)
	// Plain albums around the tricky ones, as in any real collection.
	for a := range 8 {
		artist := name(a*5+2, first, second)
		al := album{artist: artist, name: name(a*11+7, words, words) + " Sessions", format: fillerFormats[a%len(fillerFormats)],
			genre: genres[a%len(genres)], year: 1970 + a*3, art: a%3 == 0, titles: make([]string, 12)}
		for i := range al.titles {
			al.titles[i] = name(a*37+i*13+1, words, words, words)
		}
		if a%4 == 1 {
			al.feat = map[int]string{4: artist + " feat. " + name(a+40, first, second)}
		}
		albums = append(albums, al)
	}
	var tracks []track
	extra := map[string][]byte{}
	art := coverJPEG()
	for _, al := range albums {
		dir := filepath.Join(al.artist, al.name)
		if al.cover != "" {
			extra[filepath.Join(dir, al.cover)] = art
		}
		perDisc := len(al.titles)
		if al.discs > 1 {
			perDisc = (len(al.titles) + al.discs - 1) / al.discs
		}
		for i, title := range al.titles {
			disc, no := i/perDisc+1, i%perDisc+1
			t := track{title: title, artist: al.artist, album: al.name, albumArtist: al.artist, genre: al.genre,
				trackNo: no, discNo: disc, year: al.year, compilation: al.compilation, art: al.art, format: al.format,
				seconds: max(al.seconds, 2), noTags: al.noTags, cut: al.cut[i]}
			if a, ok := al.feat[i]; ok {
				t.artist = a
			}
			sub := dir
			if al.discs > 1 {
				sub = filepath.Join(dir, fmt.Sprintf("Disc %d", disc))
			}
			t.path = filepath.Join(sub, fmt.Sprintf("%02d %s.%s", no, title, al.format))
			if lrc, ok := al.lrc[i]; ok {
				extra[strings.TrimSuffix(t.path, "."+al.format)+".lrc"] = []byte(lrc)
			}
			tracks = append(tracks, t)
		}
	}
	// Files that only claim to be audio: empty, and random bytes.
	noise := rand.New(rand.NewPCG(1, 2))
	random := func(n int) []byte {
		b := make([]byte, n)
		for i := range b {
			b[i] = byte(noise.Uint32())
		}
		return b
	}
	bad := filepath.Join("Broken Rips", "Bad Album")
	extra[filepath.Join(bad, "10 Empty.mp3")] = []byte{}
	extra[filepath.Join(bad, "11 Noise.mp3")] = random(8 << 10)
	extra[filepath.Join(bad, "12 Noise.flac")] = random(8 << 10)
	return tracks, extra
}
