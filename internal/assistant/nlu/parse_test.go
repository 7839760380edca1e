package nlu

import (
	"strings"
	"testing"
)

func TestNormalizeMakesOneSpellingOfEachWord(t *testing.T) {
	for in, want := range map[string]string{
		"What's playing?":            "what is playing",
		"I'm in the mood for Lo-Fi":  "i am in the mood for lo fi",
		"play Neon Harbor's songs":   "play neon harbor songs",
		"80's synthwave":             "80s synthwave",
		"tea at 3am, 120bpm":         "tea at 3 am 120 bpm",
		"Smoke & Honey":              "smoke and honey",
		"Café Crème":                 "cafe creme",
		"gimme sum jazz pls":         "give me sum jazz please",
		"twenty-five songs, a dozen": "25 songs 12",
		"this one for one minute":    "this one for 1 minute",
		"a hundred percent":          "100 percent",
	} {
		if got := strings.Join(normalize(in), " "); got != want {
			t.Errorf("normalize(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestTyposOfLexiconWordsAreCorrectedAndOtherWordsAreNot(t *testing.T) {
	catalog := map[string]bool{"midnight": true, "harbour": true}
	for in, want := range map[string]string{
		"plya reccomend shuffel popluar": "play recommend shuffle popular",
		"upbeet calmm somethin jaz":      "upbeat calm something jazz",
		"said pay midnite harbour":       "said pay midnite harbour", // everyday words, and a song's words
	} {
		if got := strings.Join(correct(strings.Fields(in), catalog), " "); got != want {
			t.Errorf("correct(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestTheLongestNameWins(t *testing.T) {
	p := NewParser(demoCatalog())
	for _, tc := range []struct{ text, want string }{
		{"play slow snowfall", "song=slow snowfall"},                                    // a song, not slow music
		{"play slow dance in the kitchen", "song=slow dance in the kitchen"},            // not slow, not dance
		{"play arcade party", "playlist=arcade party"},                                  // a playlist, not party music
		{"play something quiet", "mood=calm"},                                           // not Northern Quiet
		{"put on the blue hours", "artist=the blue hours"},                              // not sad
		{"play yellow submarine", "song=yellow submarine dreams"},                       // the start of a title
		{"play some 80's synthwave at 100 bpm", "bpm=100; era=1980s; genre=synthwave"},  // three at once
		{"a half an hour playlist of 12 calm songs", "count=12; minutes=30; mood=calm"}, // numbers by their words
	} {
		r := p.Parse(tc.text)
		got := r.Entities()
		for k, v := range got {
			got[k] = strings.ToLower(v)
		}
		if format(got) != tc.want {
			t.Errorf("%q: %s, want %s", tc.text, format(got), tc.want)
		}
	}
}

func TestFollowUpsPointBack(t *testing.T) {
	p := NewParser(demoCatalog())
	r := p.Parse("add them to Focus")
	if r.Intent != PlaylistAdd || !r.Ref || r.Playlist == nil || r.Playlist.ID != "playlist:Focus Flow" || r.Mood != "" {
		t.Fatalf("add them to Focus: %+v", r)
	}
	r = p.Parse("add them to Road Trip")
	if r.Intent != PlaylistAdd || r.Playlist != nil || r.Name != "road trip" {
		t.Fatalf("a playlist that does not exist yet is a name: %+v", r)
	}
	for _, text := range []string{"more like that", "something similar", "songs like this one"} {
		if r := p.Parse(text); r.Intent != Similar || !r.Ref {
			t.Errorf("%q: %s ref=%v", text, r.Intent, r.Ref)
		}
	}
}

func TestAPlaylistNameIsNotASelection(t *testing.T) {
	r := NewParser(demoCatalog()).Parse("Make a playlist called Focus from songs by Paper Moons")
	if r.Intent != PlaylistCreate || r.Name != "focus" || r.Mood != "" || r.Artist == nil || r.Artist.ID != "paper-moons" {
		t.Fatalf("%+v", r)
	}
}

func TestANewPlaylistsNameEndsWhereTheSongsBegin(t *testing.T) {
	p := NewParser(demoCatalog())
	for text, want := range map[string]string{
		"make a playlist called Chat Mix For Focus from songs by paper moons": "Chat Mix For Focus|artist=paper moons",
		"make a playlist called Focus for running":                            "Focus|mood=running",
		"create a playlist named Best of Jazz with some jazz":                 "Best of Jazz|genre=jazz",
		"make a playlist called Sleep and Dreams":                             "Sleep and Dreams|",
	} {
		r := p.Parse(text)
		got := r.Entities()
		delete(got, "name")
		for k, v := range got {
			got[k] = strings.ToLower(v)
		}
		if r.Intent != PlaylistCreate || !strings.EqualFold(r.Name+"|"+format(got), want) {
			t.Errorf("%q: %s %q|%s, want %s", text, r.Intent, r.Name, format(got), want)
		}
	}
}

func TestDescribeSaysWhatWasUnderstood(t *testing.T) {
	p := NewParser(demoCatalog())
	for text, want := range map[string]string{
		"play slow calm jazz":          "slow calm jazz songs",
		"songs by neon-harbor":         "songs by Neon Harbor",
		"play something around 90 bpm": "songs around 90 BPM",
		"play taylor swift":            "“taylor swift”",
	} {
		r := p.Parse(text)
		if got := r.Describe(); got != want {
			t.Errorf("%q: %q, want %q", text, got, want)
		}
	}
}

func TestNothingUnderstoodIsUnknown(t *testing.T) {
	p := NewParser(demoCatalog())
	for _, text := range []string{"", "   ", "?!", "asdf qwer", "what is the capital of peru"} {
		if r := p.Parse(text); r.Intent != Unknown || r.HasSelection() {
			t.Errorf("%q: %s %v", text, r.Intent, r.Entities())
		}
	}
}
