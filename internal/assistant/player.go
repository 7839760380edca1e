package assistant

import (
	"context"
	"fmt"
	"math"
	"sort"
	"strings"

	"github.com/musicify/musicify/internal/assistant/nlu"
	"github.com/musicify/musicify/internal/musicify"
)

// Player is the listener's player as the app sent it with a message: the
// song playing and the queue as song ids, the position in seconds and the
// volume from 0 to 1.
type Player struct {
	Song     string   `json:"song"`
	Position float64  `json:"position"`
	Queue    []string `json:"queue"`
	Volume   float64  `json:"volume"`
	Repeat   string   `json:"repeat"` // off, all or one
	Shuffle  bool     `json:"shuffle"`
}

// The player actions the app performs as soon as an answer arrives.
const (
	ActQueue    = "queue"     // Songs go at the end of the queue
	ActPlayNext = "play_next" // Songs go right after the current one
	ActNext     = "next"
	ActPrevious = "previous"
	ActPause    = "pause"
	ActResume   = "resume"
	ActVolume   = "volume"  // Volume, 0–1
	ActSeek     = "seek"    // Position, seconds
	ActRepeat   = "repeat"  // Mode: off, all or one
	ActShuffle  = "shuffle" // On
)

// volumeStep is how much "a bit louder" turns the volume up.
const volumeStep = 0.1

type playerKey struct{}

// WithPlayer attaches the listener's player to a chat's context; the
// built-in assistant reads it to answer "what's playing?" and to turn the
// volume up from where it is.
func WithPlayer(ctx context.Context, p *Player) context.Context {
	return context.WithValue(ctx, playerKey{}, p)
}

// PlayerOf is the player attached to ctx, or nil when the caller sent none.
func PlayerOf(ctx context.Context) *Player {
	p, _ := ctx.Value(playerKey{}).(*Player)
	return p
}

// control answers a player command with the action that performs it.
func (t *turn) control(r *nlu.Request) (*Answer, error) {
	p := PlayerOf(t.ctx)
	switch r.Command {
	case nlu.CmdVolume, nlu.CmdVolumeUp, nlu.CmdVolumeDown:
		v := 1.0
		if p != nil {
			v = p.Volume
		}
		switch r.Command {
		case nlu.CmdVolumeUp:
			v += volumeStep
		case nlu.CmdVolumeDown:
			v -= volumeStep
		default:
			if r.Volume != nil {
				v = float64(*r.Volume) / 100
			}
		}
		v = math.Round(math.Max(0, math.Min(1, v))*100) / 100
		reply := fmt.Sprintf("Volume set to %d%%.", int(math.Round(v*100)))
		if v == 0 {
			reply = "Muted."
		}
		return &Answer{Reply: reply, Actions: []Action{{Type: ActVolume, Label: "Volume", Volume: &v}}}, nil
	case nlu.CmdSeek:
		pos := 0.0
		if r.Position != nil {
			pos = float64(*r.Position)
		}
		reply := "Starting this song over."
		if pos > 0 {
			reply = "Jumping to " + clock(pos) + "."
		}
		return &Answer{Reply: reply, Actions: []Action{{Type: ActSeek, Label: "Seek", Position: &pos}}}, nil
	case nlu.CmdRepeat:
		mode := r.Mode
		if mode == "" {
			mode = "one"
		}
		reply := map[string]string{"one": "Repeating this song.", "all": "Repeating the whole queue.", "off": "Repeat is off."}[mode]
		return &Answer{Reply: reply, Actions: []Action{{Type: ActRepeat, Label: "Repeat", Mode: mode}}}, nil
	case nlu.CmdShuffle:
		on := r.On == nil || *r.On
		reply := "Shuffle is on."
		if !on {
			reply = "Shuffle is off."
		}
		return &Answer{Reply: reply, Actions: []Action{{Type: ActShuffle, Label: "Shuffle", On: &on}}}, nil
	}
	reply, ok := map[string]string{
		ActNext: "Skipping to the next song.", ActPrevious: "Going back.", ActPause: "Paused.", ActResume: "Playing on.",
	}[r.Command]
	if !ok {
		return &Answer{Reply: controlReplies[r.Command]}, nil
	}
	return &Answer{Reply: reply, Actions: []Action{{Type: r.Command, Label: r.Command}}}, nil
}

// clock writes seconds as m:ss.
func clock(s float64) string {
	n := int(math.Round(s))
	return fmt.Sprintf("%d:%02d", n/60, n%60)
}

// current is the song the player plays, or nil.
func (t *turn) current() (*musicify.Song, error) {
	p := PlayerOf(t.ctx)
	if p == nil || p.Song == "" {
		return nil, nil
	}
	songs, err := t.cat().Songs.SongsByIDs(t.ctx, []string{p.Song})
	if err != nil {
		return nil, fmt.Errorf("reading the song playing: %w", err)
	}
	if len(songs) == 0 {
		return nil, nil
	}
	return songs[0], nil
}

// nowPlaying names the song the player plays; without a player, the last
// song played.
func (t *turn) nowPlaying(r *nlu.Request) (*Answer, error) {
	s, err := t.current()
	if err != nil || s == nil {
		if err == nil && PlayerOf(t.ctx) != nil {
			return &Answer{Reply: "Nothing is playing right now. Ask me to play something!"}, nil
		}
		return t.lastPlayed(r)
	}
	reply := fmt.Sprintf("This is %s", describe([]*musicify.Song{s}))
	if s.Album != "" {
		reply += " from the album “" + s.Album + "”"
	}
	if p := PlayerOf(t.ctx); p != nil && s.Duration > 0 {
		reply += fmt.Sprintf(", %s of %s", clock(p.Position), clock(s.Duration))
	}
	return &Answer{Reply: reply + ".", Actions: []Action{}}, nil
}

// enqueue answers "queue …" and "play … next" with the action that adds
// the songs to the player's queue.
func (t *turn) enqueue(r *nlu.Request) (*Answer, error) {
	songs, sel, err := t.songsFor(r)
	if err != nil {
		return nil, err
	}
	if len(songs) == 0 {
		return t.nothingFor(r, sel)
	}
	if r.Song != nil && r.Genre == "" && r.Mood == "" && r.Tempo == "" {
		songs = songs[:1] // the song named, not the songs like it that follow
	}
	songs = limit(songs, maxActionSongs)
	typ, where := ActQueue, "to the end of the queue"
	if r.Intent == nlu.PlayNext {
		typ, where = ActPlayNext, "to play next"
	}
	reply := fmt.Sprintf("Added %s %s.", describe(songs), where)
	if len(songs) > 1 {
		reply = fmt.Sprintf("Added %s %s: %s.", count(len(songs), r.Describe()), where, describe(songs))
	}
	return &Answer{
		Reply: reply,
		Actions: []Action{
			{Type: typ, Label: "Queue", Songs: ids(songs)},
			{Type: "play", Label: playNowLabel(songs), Songs: ids(songs)},
		},
	}, nil
}

var keyNames = []string{"C", "C♯", "D", "E♭", "E", "F", "F♯", "G", "A♭", "A", "B♭", "B"}

// songInfo answers what a song's key, tempo, length, year, album or genre
// is: a named song's, or the one playing.
func (t *turn) songInfo(r *nlu.Request) (*Answer, error) {
	if r.Rank != "" {
		return t.extreme(r.Rank)
	}
	var s *musicify.Song
	if r.Song != nil {
		songs, err := t.cat().Songs.SongsByIDs(t.ctx, []string{r.Song.ID})
		if err != nil {
			return nil, fmt.Errorf("reading a song: %w", err)
		}
		if len(songs) > 0 {
			s = songs[0]
		}
	} else {
		var err error
		if s, err = t.current(); err != nil {
			return nil, err
		}
	}
	if s == nil {
		return &Answer{Reply: "Nothing is playing right now: play a song, or name one (“what key is " + t.exampleTitle() + " in?”)."}, nil
	}
	name := "“" + s.Name + "” by " + displayName(s.Artist)
	play := []Action{{Type: "play", Label: "Play “" + s.Name + "”", Songs: []string{s.ID}}}
	if r.Song == nil {
		play = []Action{}
	}
	var reply string
	switch r.Attr {
	case "key", "bpm":
		f, err := t.features(s.ID)
		if err != nil {
			return nil, err
		}
		switch {
		case f == nil || f.BPM <= 0:
			reply = name + " has not been analysed yet, so I don't know its " + map[string]string{"key": "key", "bpm": "tempo"}[r.Attr] + "."
		case r.Attr == "key":
			mode := "major"
			if f.Minor {
				mode = "minor"
			}
			reply = fmt.Sprintf("%s is in %s %s.", name, keyNames[((f.Key%12)+12)%12], mode)
		default:
			reply = fmt.Sprintf("%s runs at about %d BPM.", name, int(math.Round(f.BPM)))
		}
	case "length":
		reply = fmt.Sprintf("%s lasts %s.", name, clock(s.Duration))
	case "year":
		if s.Year > 0 {
			reply = fmt.Sprintf("%s is from %d.", name, s.Year)
		} else {
			reply = fmt.Sprintf("%s was added on %s; its year is not known.", name, s.Created.Format("2 January 2006"))
		}
	case "album":
		if s.Album != "" {
			reply = fmt.Sprintf("%s is on the album “%s”.", name, s.Album)
		} else {
			reply = name + " is a single: it is on no album."
		}
	case "genre":
		if g := songGenres(s); len(g) > 0 {
			reply = fmt.Sprintf("%s is %s.", name, joinAnd(g))
		} else {
			reply = name + " has no genre tagged."
		}
	}
	return &Answer{Reply: reply, Actions: play}, nil
}

func (t *turn) exampleTitle() string {
	song, _ := t.sample()
	return song
}

// features reads one song's measured features, or nil.
func (t *turn) features(id string) (*Features, error) {
	if t.cat().Features == nil {
		return nil, nil
	}
	m, err := t.cat().Features.SongFeatures(t.ctx, []string{id})
	if err != nil {
		return nil, fmt.Errorf("reading song features: %w", err)
	}
	f, ok := m[id]
	if !ok {
		return nil, nil
	}
	return &f, nil
}

// extreme answers "what's the longest song?".
func (t *turn) extreme(rank string) (*Answer, error) {
	all, err := t.cat().Songs.Songs(t.ctx)
	if err != nil {
		return nil, fmt.Errorf("listing songs: %w", err)
	}
	var best *musicify.Song
	for _, s := range all {
		if s.Duration <= 0 {
			continue
		}
		if best == nil || (rank == "longest" && s.Duration > best.Duration) || (rank == "shortest" && s.Duration < best.Duration) {
			best = s
		}
	}
	if best == nil {
		return &Answer{Reply: "There is no music here yet."}, nil
	}
	return &Answer{
		Reply:   fmt.Sprintf("The %s song is %s, at %s.", rank, describe([]*musicify.Song{best}), clock(best.Duration)),
		Actions: []Action{{Type: "play", Label: "Play “" + best.Name + "”", Songs: []string{best.ID}}},
	}, nil
}

// albumsOf answers "albums from 2019".
func (t *turn) albumsOf(year int) (*Answer, error) {
	all, err := t.cat().Songs.Songs(t.ctx)
	if err != nil {
		return nil, fmt.Errorf("listing songs: %w", err)
	}
	byAlbum := map[string][]*musicify.Song{}
	for _, s := range all {
		if s.Album != "" && s.Year == year {
			byAlbum[s.Album] = append(byAlbum[s.Album], s)
		}
	}
	if len(byAlbum) == 0 {
		return &Answer{Reply: fmt.Sprintf("I have no albums from %d.", year)}, nil
	}
	names := make([]string, 0, len(byAlbum))
	for n := range byAlbum {
		names = append(names, n)
	}
	sort.Strings(names)
	var quoted []string
	var actions []Action
	for _, n := range names {
		songs := byAlbum[n]
		quoted = append(quoted, "“"+n+"” by "+displayName(songs[0].Artist))
		if len(actions) < 3 {
			actions = append(actions, Action{Type: "play", Label: "Play “" + n + "”", Songs: ids(limit(songs, maxActionSongs))})
		}
	}
	return &Answer{Reply: fmt.Sprintf("Albums from %d: %s.", year, strings.Join(quoted, ", ")), Actions: actions}, nil
}

// playNowLabel is the button that plays queued songs at once instead.
func playNowLabel(songs []*musicify.Song) string {
	if len(songs) == 1 {
		return "Play “" + songs[0].Name + "” now"
	}
	return "Play them now instead"
}
