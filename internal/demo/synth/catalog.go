package synth

// artist is what the songs of one demo artist share.
type artist struct {
	user, name, album, genre string
	style                    Style
}

var (
	sleepyKettle = artist{"sleepy-kettle", "Sleepy Kettle", "Steam & Static", "Lo-fi", LoFi}
	neonHarbor   = artist{"neon-harbor", "Neon Harbor", "Chrome Tides", "Synthwave", Synthwave}
	paperMoons   = artist{"paper-moons", "Paper Moons", "Quiet Rooms", "Ambient", Ambient}
	pixelParade  = artist{"pixel-parade", "Pixel Parade", "Extra Lives", "Chiptune", ChipPop}
	willowCreek  = artist{"willow-creek", "Willow Creek", "Porch Light Songs", "Folk", Folk}
	blueHours    = artist{"the-blue-hours", "The Blue Hours", "After Closing Time", "Jazz", Jazzy}
)

// form is a shorthand for the usual intro-verse-chorus-…-outro shape.
func form(intro int, body ...int) []Section {
	s := []Section{{Intro, intro}}
	for i, bars := range body[:len(body)-1] {
		part := Verse
		if i%2 == 1 {
			part = Chorus
		}
		s = append(s, Section{part, bars})
	}
	return append(s, Section{Outro, body[len(body)-1]})
}

func (a artist) song(title string, seed int64, tempo float64, key int, mode Mode, verse, chorus []int, f []Section) SongSpec {
	return SongSpec{
		Artist: a.user, ArtistName: a.name, Album: a.album, Genre: a.genre, Style: a.style,
		Title: title, Seed: seed, Tempo: tempo, Key: key, Mode: mode,
		Verse: verse, Chorus: chorus, Form: f,
	}
}

// Catalog is the fixed demo catalog: six artists with four songs each of 39
// to 52 seconds, short enough that a first start seeds in under ten seconds.
// Each call returns a fresh slice the caller may change.
func Catalog() []SongSpec {
	k, n, m, x, w, b := sleepyKettle, neonHarbor, paperMoons, pixelParade, willowCreek, blueHours
	specs := []SongSpec{
		k.song("Rainy Window Study", 1101, 78, 62, Ionian, []int{1, 4, 0, 5}, []int{3, 2, 1, 4}, form(2, 4, 4, 2)),
		k.song("Tea at 3 AM", 1102, 72, 58, Ionian, []int{3, 2, 1, 0}, []int{5, 1, 4, 0}, form(2, 4, 4, 2)),
		k.song("Cassette Bloom", 1103, 84, 57, Dorian, []int{0, 3, 2, 6}, []int{6, 2, 3, 0}, form(2, 8, 4, 2)),
		k.song("Library Cat", 1104, 80, 60, Ionian, []int{5, 1, 4, 0}, []int{3, 4, 2, 5}, form(2, 8, 4, 2)),

		n.song("Midnight Harbour", 2101, 100, 57, Aeolian, []int{0, 5, 2, 6}, []int{5, 6, 0, 0}, form(2, 8, 4, 2)),
		n.song("Chrome Sunset", 2102, 108, 62, Aeolian, []int{0, 3, 5, 4}, []int{5, 2, 6, 0}, form(2, 8, 8, 2)),
		n.song("Arcade Lights Forever", 2103, 112, 52, Ionian, []int{0, 4, 5, 3}, []int{5, 3, 0, 4}, form(2, 8, 8, 2)),
		n.song("Velvet Highway", 2104, 96, 59, Aeolian, []int{0, 6, 5, 6}, []int{5, 2, 6, 4}, form(2, 8, 4, 2)),

		m.song("Slow Snowfall", 3101, 66, 60, Lydian, []int{0, 1, 0, 1}, []int{5, 3, 0, 4}, form(2, 4, 4, 2)),
		m.song("Glass Garden", 3102, 72, 57, Ionian, []int{3, 0, 4, 5}, []int{5, 3, 0, 4}, form(2, 4, 4, 2)),
		m.song("Letters to the Sea", 3103, 64, 62, Aeolian, []int{0, 5, 3, 4}, []int{5, 2, 6, 0}, form(2, 4, 4, 2)),
		m.song("Northern Quiet", 3104, 70, 55, Mixolydian, []int{0, 6, 3, 0}, []int{3, 0, 6, 0}, form(2, 4, 4, 2)),

		x.song("Yellow Submarine Dreams", 4101, 128, 60, Ionian, []int{0, 4, 5, 3}, []int{3, 4, 0, 5}, form(4, 8, 8, 4)),
		x.song("Bubblegum Boss Fight", 4102, 140, 57, Aeolian, []int{0, 5, 6, 0}, []int{5, 6, 4, 0}, form(4, 8, 8, 4)),
		x.song("Power-Up Picnic", 4103, 132, 62, Mixolydian, []int{0, 6, 3, 0}, []int{3, 0, 6, 0}, form(2, 8, 8, 4, 2)),
		x.song("Starlight Speedrun", 4104, 150, 59, Ionian, []int{5, 3, 0, 4}, []int{0, 4, 5, 3}, form(4, 8, 8, 4)),

		w.song("Dandelion Road", 5101, 100, 55, Ionian, []int{0, 3, 0, 4}, []int{5, 3, 0, 4}, form(2, 8, 4, 2)),
		w.song("Little Red Canoe", 5102, 108, 57, Ionian, []int{0, 3, 5, 4}, []int{3, 0, 3, 4}, form(2, 8, 8, 2)),
		w.song("Apple Orchard Morning", 5103, 92, 62, Mixolydian, []int{0, 6, 3, 0}, []int{3, 0, 6, 0}, form(2, 8, 4, 2)),
		w.song("Porch Light Lullaby", 5104, 84, 60, Ionian, []int{0, 5, 3, 4}, []int{3, 4, 0, 0}, form(2, 8, 4, 2)),

		b.song("Smoke & Honey", 6101, 84, 57, Dorian, []int{0, 3, 0, 3}, []int{6, 2, 1, 0}, form(2, 8, 4, 2)),
		b.song("Late Train to Lisbon", 6102, 90, 60, Ionian, []int{1, 4, 0, 5}, []int{3, 2, 1, 4}, form(2, 8, 4, 2)),
		b.song("Rooftop Rendezvous", 6103, 94, 62, Ionian, []int{0, 5, 1, 4}, []int{3, 4, 2, 5}, form(2, 8, 4, 2)),
		b.song("Slow Dance in the Kitchen", 6104, 78, 58, Ionian, []int{0, 3, 1, 4}, []int{5, 1, 4, 0}, form(2, 8, 4, 2)),
	}
	// Each artist's songs are their album's tracks, in the order above.
	tracks := map[string]int{}
	for i := range specs {
		tracks[specs[i].Album]++
		specs[i].Track = tracks[specs[i].Album]
	}
	return specs
}
