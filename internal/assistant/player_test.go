package assistant

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/musicify/musicify/internal/musicify"
)

// chatWith asks with the player as the app sends it.
func (w *demoWorld) chatWith(t *testing.T, p *Player, text string) *Answer {
	t.Helper()
	a, err := (&Builtin{Catalog: w.cat}).Chat(WithPlayer(context.Background(), p), w.me, text, nil, nil)
	if err != nil {
		t.Fatalf("%q: %v", text, err)
	}
	return a
}

// only returns the one action of an answer, failing when there is not one of that type first.
func first(t *testing.T, a *Answer, typ string) Action {
	t.Helper()
	if len(a.Actions) == 0 || a.Actions[0].Type != typ {
		t.Fatalf("reply %q, actions %+v: want a %s action first", a.Reply, a.Actions, typ)
	}
	return a.Actions[0]
}

func TestPlayerCommandsAnswerWithTheActionThatPerformsThem(t *testing.T) {
	w := newDemoWorld(t)
	p := &Player{Song: w.songs["Glass Garden"].ID, Position: 12, Volume: 0.5, Repeat: "off"}
	for _, tc := range []struct{ ask, typ string }{
		{"skip this", ActNext}, {"go back", ActPrevious}, {"pause", ActPause}, {"resume", ActResume},
	} {
		first(t, w.chatWith(t, p, tc.ask), tc.typ)
	}
	for ask, want := range map[string]float64{"turn it up a bit": 0.6, "a bit quieter": 0.4, "set volume to 30%": 0.3, "mute": 0} {
		if v := first(t, w.chatWith(t, p, ask), ActVolume).Volume; v == nil || *v != want {
			t.Errorf("%q: volume %v, want %v", ask, v, want)
		}
	}
	loud := &Player{Volume: 0.95}
	if v := first(t, w.chatWith(t, loud, "louder please"), ActVolume).Volume; *v != 1 {
		t.Errorf("louder from 0.95: %v, want 1 at most", *v)
	}
	if pos := first(t, w.chatWith(t, p, "jump to 1:30"), ActSeek).Position; pos == nil || *pos != 90 {
		t.Errorf("seek to %v, want 90", pos)
	}
	if m := first(t, w.chatWith(t, p, "repeat this song"), ActRepeat).Mode; m != "one" {
		t.Errorf("repeat mode %q", m)
	}
	if on := first(t, w.chatWith(t, p, "shuffle on"), ActShuffle).On; on == nil || !*on {
		t.Errorf("shuffle %v", on)
	}
}

func TestWhatIsPlayingComesFromThePlayer(t *testing.T) {
	w := newDemoWorld(t)
	a := w.chatWith(t, &Player{Song: w.songs["Velvet Highway"].ID, Position: 30}, "what's playing?")
	if !strings.Contains(a.Reply, "“Velvet Highway” by Neon Harbor") || !strings.Contains(a.Reply, "0:30 of 0:45") {
		t.Fatalf("%q", a.Reply)
	}
	if a := w.chatWith(t, &Player{}, "what's playing?"); !strings.Contains(a.Reply, "Nothing is playing") {
		t.Fatalf("an idle player: %q", a.Reply)
	}
}

func TestQueueRequestsAddToTheQueue(t *testing.T) {
	w := newDemoWorld(t)
	p := &Player{Song: w.songs["Glass Garden"].ID}
	a := w.chatWith(t, p, "play library cat after this song")
	if got := first(t, a, ActPlayNext).Songs; len(got) != 1 || got[0] != w.songs["Library Cat"].ID || a.Reply != "Added “Library Cat” by Sleepy Kettle to play next." {
		t.Fatalf("%q %+v", a.Reply, a.Actions)
	}
	a = w.chatWith(t, p, "add some jazz to the queue")
	w.offersOnly(t, a, ActQueue, "jazz")
	a = w.chatWith(t, p, "play some lo-fi")
	w.offersOnly(t, a, "play", "lo-fi")
	if !a.Actions[0].Now {
		t.Fatalf("a play request does not play at once: %+v", a.Actions[0])
	}
}

// An album goes into the queue as it plays on the album page: by disc and
// track, not by how well each song matched the words.
func TestAnAlbumIsQueuedInTrackOrder(t *testing.T) {
	w := newDemoWorld(t)
	ctx := context.Background()
	byTrack := map[int]string{}
	// Added out of order, and the last track shares a word with the request.
	for _, track := range []int{2, 3, 1} {
		s := &musicify.Song{ID: musicify.NewID(), Name: []string{"", "Opening", "Middle", "Low Tide"}[track], UserID: w.me.ID,
			Artist: "newcomer", Format: "wav", Size: 1, SHA256: musicify.NewID(), AudioKey: "k/" + musicify.NewID(),
			Duration: 60, Album: "Tides Turning", Track: track, Disc: 1}
		if err := w.db.CreateSong(ctx, s); err != nil {
			t.Fatal(err)
		}
		byTrack[track] = s.ID
	}
	want := []string{byTrack[1], byTrack[2], byTrack[3]}
	a := w.chatWith(t, &Player{Song: w.songs["Glass Garden"].ID}, "queue the album tides turning after this song")
	if got := first(t, a, ActPlayNext).Songs; !slices.Equal(got, want) {
		t.Fatalf("queued %v, want the album in track order %v (%q)", got, want, a.Reply)
	}
}

func TestSongQuestionsAreAnsweredFromTheSongsDetails(t *testing.T) {
	w := newDemoWorld(t)
	ctx := context.Background()
	long := &musicify.Song{ID: musicify.NewID(), Name: "Endless Tide", UserID: w.me.ID, Artist: "newcomer", Format: "wav",
		Size: 1, SHA256: "x1", AudioKey: "k/x1", Duration: 301, Album: "Tides", Year: 2019, Genre: "Ambient"}
	if err := w.db.CreateSong(ctx, long); err != nil {
		t.Fatal(err)
	}
	w.cat.Features = measured{w.songs["Chrome Sunset"].ID: {BPM: 108, Key: 2, Minor: true}}
	playing := &Player{Song: long.ID}
	for ask, want := range map[string]string{
		"what's the BPM of Chrome Sunset?": "“Chrome Sunset” by Neon Harbor runs at about 108 BPM.",
		"what key is chrome sunset in":     "is in D minor",
		"what key is this song in?":        "has not been analysed yet",
		"how long is this song?":           "“Endless Tide” by Newcomer lasts 5:01.",
		"which album is this from?":        "is on the album “Tides”",
		"when did this song come out":      "is from 2019",
		"what's the longest song?":         "The longest song is “Endless Tide”",
		"albums from 2019":                 "Albums from 2019: “Tides” by Newcomer.",
	} {
		if a := w.chatWith(t, playing, ask); !strings.Contains(a.Reply, want) {
			t.Errorf("%q: %q lacks %q", ask, a.Reply, want)
		}
	}
	if a := w.chatWith(t, playing, "what genre is this?"); !strings.Contains(strings.ToLower(a.Reply), "ambient") {
		t.Errorf("genre: %q", a.Reply)
	}
	if a := w.chatWith(t, &Player{}, "what key is this song in?"); !strings.Contains(a.Reply, "Nothing is playing") {
		t.Errorf("no song: %q", a.Reply)
	}
}

func TestALongRequestIsReadByItsParts(t *testing.T) {
	w := newDemoWorld(t)
	a := w.chatWith(t, nil, "could you please make me a twenty minute playlist of relaxing ambient music")
	i := slices.IndexFunc(a.Actions, func(x Action) bool { return x.Type == "create_playlist" || x.Type == "play" })
	if i < 0 {
		t.Fatalf("%q %+v", a.Reply, a.Actions)
	}
	for _, g := range w.genres(t, a.Actions[i]) {
		if g != "ambient" {
			t.Fatalf("%q: a %s song", a.Reply, g)
		}
	}
	a = w.chatWith(t, nil, "sounds like rain on a window")
	if got := first(t, a, "play").Songs; got[0] != w.songs["Rainy Window Study"].ID {
		t.Fatalf("%q %+v", a.Reply, a.Actions)
	}
}
