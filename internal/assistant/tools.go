package assistant

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/musicify/musicify/internal/assistant/nlu"
	"github.com/musicify/musicify/internal/musicify"
)

func tool(name, desc string, props map[string]any, required ...string) map[string]any {
	if required == nil {
		required = []string{}
	}
	return map[string]any{"type": "function", "function": map[string]any{
		"name": name, "description": desc,
		"parameters": map[string]any{"type": "object", "properties": props, "required": required},
	}}
}

var (
	str     = map[string]any{"type": "string"}
	integer = map[string]any{"type": "integer"}
	idArray = map[string]any{"type": "array", "items": map[string]any{"type": "string"}}
	// sound describes songs by how they sound, as the built-in assistant's
	// moods, genres and tempos do.
	sound = map[string]any{
		"mood":  map[string]any{"type": "string", "enum": nlu.Moods(), "description": "a mood or activity"},
		"genre": map[string]any{"type": "string", "description": "e.g. jazz, lo-fi, synthwave, ambient, chiptune, folk"},
		"tempo": map[string]any{"type": "string", "enum": []string{"slow", "fast"}},
		"bpm":   map[string]any{"type": "integer", "description": "a tempo in beats per minute, matched within about 10"},
		"era":   map[string]any{"type": "string", "description": "a decade, e.g. 1980s"},
	}
)

// with returns the properties of sound and extra together.
func with(extra map[string]any) map[string]any {
	out := map[string]any{}
	for k, v := range sound {
		out[k] = v
	}
	for k, v := range extra {
		out[k] = v
	}
	return out
}

// toolSpecs are the catalog lookups and the actions the model may use.
var toolSpecs = []map[string]any{
	tool("search_songs", "Find songs of this server by name, artist or words (typos are fine).", map[string]any{"query": str}, "query"),
	tool("songs_by_artist", "List the songs of an artist.", map[string]any{"artist": str}, "artist"),
	tool("similar_songs", "Find songs like a song, by its id.", map[string]any{"song_id": str}, "song_id"),
	tool("top_songs", "The most played songs right now.", map[string]any{}),
	tool("recommend_for_user", "Songs recommended for this user from their listening.", map[string]any{}),
	tool("find_playlist", "Find one of the user's playlists by name.", map[string]any{"name": str}, "name"),
	tool("search_by_features", "Find songs of this server by how they sound: a mood or activity, genre, tempo or era (any combination).", sound),
	tool("mood_playlist", "Offer the user a button that creates a playlist of songs chosen by mood, genre, tempo or era, optionally lasting about some minutes.",
		with(map[string]any{"name": str, "minutes": integer})),
	tool("play_songs", "Offer the user a button that plays these songs.", map[string]any{"song_ids": idArray, "label": str}, "song_ids"),
	tool("create_playlist", "Offer the user a button that creates a playlist with these songs.", map[string]any{"name": str, "song_ids": idArray}, "name", "song_ids"),
	tool("open_playlist", "Offer the user a button that opens one of their playlists.", map[string]any{"playlist_id": str, "label": str}, "playlist_id"),
}

// runTool carries out one tool call and returns its result for the model;
// actions are added to the answer. Errors go back to the model as text,
// so it can recover.
func (o *OpenAI) runTool(ctx context.Context, u *musicify.User, c toolCall, a *Answer) string {
	var args struct {
		Query, Artist, Name, Label string
		Mood, Genre, Tempo, Era    string
		BPM, Minutes               int
		SongID                     string   `json:"song_id"`
		PlaylistID                 string   `json:"playlist_id"`
		SongIDs                    []string `json:"song_ids"`
	}
	if c.Function.Arguments != "" {
		if err := json.Unmarshal([]byte(c.Function.Arguments), &args); err != nil {
			return "error: the arguments are not valid JSON"
		}
	}
	cat := o.Catalog
	var songs []*musicify.Song
	var err error
	switch c.Function.Name {
	case "search_songs":
		songs, err = cat.FindSongs(ctx, args.Query, 10)
	case "songs_by_artist":
		var artist string
		if artist, err = cat.FindArtist(ctx, args.Artist); err == nil && artist != "" {
			songs, err = cat.ArtistSongs(ctx, artist)
		}
	case "similar_songs":
		songs, err = cat.Similar(ctx, args.SongID, 10)
	case "top_songs":
		songs, err = cat.Top(ctx, 10)
	case "recommend_for_user":
		songs, err = cat.ForUser(ctx, u, 10)
	case "find_playlist":
		p, err := cat.FindPlaylist(ctx, u, args.Name)
		if err != nil {
			return "error: " + musicify.ErrorMessage(err)
		}
		return fmt.Sprintf(`{"id":%q,"name":%q,"songs":%d}`, p.ID, p.Name, p.Songs)
	case "search_by_features", "mood_playlist":
		r, problem := soundRequest(args.Mood, args.Genre, args.Tempo, args.Era, args.BPM)
		if problem != "" {
			return "error: " + problem
		}
		t := &turn{b: &Builtin{Catalog: cat}, ctx: ctx, u: u}
		var sel *selection
		if songs, sel, err = t.songsFor(r); err == nil && len(songs) == 0 && sel != nil && sel.missing != "" {
			return "error: no songs here are " + sel.missing
		}
		if err == nil && c.Function.Name == "mood_playlist" && len(songs) > 0 {
			r.Minutes = args.Minutes
			songs = limit(fitTo(songs, args.Minutes, 0), maxActionSongs)
			name := args.Name
			if name == "" {
				name = mixName(r)
			}
			a.Actions = append(a.Actions, Action{Type: "create_playlist", Label: "Create “" + name + "”", Name: name, Songs: ids(songs)})
		}
	case "play_songs":
		known, err := cat.Songs.SongsByIDs(ctx, args.SongIDs)
		if err != nil || len(known) == 0 {
			return "error: none of these song ids exist"
		}
		label := args.Label
		if label == "" {
			label = "Play " + known[0].Name
		}
		a.Actions = append(a.Actions, Action{Type: "play", Label: label, Songs: ids(known)})
		return "ok: the user sees a play button"
	case "create_playlist":
		known, err := cat.Songs.SongsByIDs(ctx, args.SongIDs)
		if err != nil || len(known) == 0 || args.Name == "" {
			return "error: a playlist needs a name and existing song ids"
		}
		a.Actions = append(a.Actions, Action{Type: "create_playlist", Label: "Create “" + args.Name + "”", Name: args.Name, Songs: ids(known)})
		return "ok: the user sees a button to create it"
	case "open_playlist":
		p, err := cat.Playlists.Playlist(ctx, args.PlaylistID)
		if err != nil || p.UserID != u.ID {
			return "error: no playlist of this user has that id"
		}
		label := args.Label
		if label == "" {
			label = "Open “" + p.Name + "”"
		}
		a.Actions = append(a.Actions, Action{Type: "open_playlist", Label: label, PlaylistID: p.ID})
		return "ok: the user sees a button to open it"
	default:
		return "error: no such tool"
	}
	if err != nil {
		return "error: " + musicify.ErrorMessage(err)
	}
	type item struct {
		ID     string `json:"id"`
		Song   string `json:"song"`
		Artist string `json:"artist"`
	}
	out := make([]item, 0, len(songs))
	for _, s := range songs {
		out = append(out, item{s.ID, s.Name, s.Artist})
	}
	b, _ := json.Marshal(out)
	return string(b)
}

// soundRequest turns a model's description of a sound into the request the
// built-in assistant would have parsed, or says what is wrong with it.
func soundRequest(mood, genre, tempo, era string, bpm int) (*nlu.Request, string) {
	r := &nlu.Request{Intent: nlu.Play, Mood: strings.ToLower(mood), Tempo: strings.ToLower(tempo), BPM: bpm}
	if r.Mood != "" && !slices.Contains(nlu.Moods(), r.Mood) {
		return nil, "unknown mood; use one of " + strings.Join(nlu.Moods(), ", ")
	}
	if r.Tempo != "" && r.Tempo != "slow" && r.Tempo != "fast" {
		return nil, "tempo is slow or fast"
	}
	if genre != "" {
		gs := nlu.GenresIn(genre)
		if len(gs) == 0 {
			return nil, "unknown genre; use one of " + strings.Join(nlu.Genres(), ", ")
		}
		r.Genre = gs[0]
	}
	if era != "" {
		if r.Era = nlu.EraIn(era); r.Era == "" {
			return nil, "era is a decade, like 1980s"
		}
	}
	if !r.HasSelection() {
		return nil, "say at least a mood, genre, tempo, bpm or era"
	}
	return r, ""
}
