package assistant

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"unicode/utf8"

	"github.com/musicify/musicify/internal/assistant"
	"github.com/musicify/musicify/internal/httpapi/platform"
	"github.com/musicify/musicify/internal/httpapi/views"
	"github.com/musicify/musicify/internal/musicify"
)

// Bounds of a chat request. The body fits the longest history allowed, in
// any script (4 bytes a character), with room for JSON's quoting.
const (
	maxChatMessage = 4000
	maxChatHistory = 20
	maxChatBody    = (maxChatHistory + 1) * maxChatMessage * 4 * 3 / 2
)

// actionView is an assistant action with its songs, so the app can play
// them without asking again.
type actionView struct {
	Type     string       `json:"type"`
	Label    string       `json:"label"`
	Songs    []views.Song `json:"songs,omitempty"`
	Playlist string       `json:"playlist,omitempty"`
	Name     string       `json:"name,omitempty"`
	Volume   *float64     `json:"volume,omitempty"`
	Position *float64     `json:"position,omitempty"`
	Mode     string       `json:"mode,omitempty"`
	On       *bool        `json:"on,omitempty"`
	Now      bool         `json:"now,omitempty"`
}

type chatAnswer struct {
	Reply   string       `json:"reply"`
	Actions []actionView `json:"actions"`
}

// handleChat answers a chat message: as JSON, or as server-sent events
// (delta… then done) when the client accepts text/event-stream.
func (s *API) handleChat(w http.ResponseWriter, r *http.Request) error {
	var in struct {
		Message string           `json:"message"`
		History []assistant.Turn `json:"history"`
		Player  json.RawMessage  `json:"player"`
	}
	me := platform.UserOf(r)
	if err := s.P.RateLimit(r.Context(), s.Chat, "messages to the assistant", me.ID); err != nil {
		return err
	}
	if err := platform.DecodeJSONUpTo(w, r, &in, maxChatBody); err != nil {
		return err
	}
	msg := strings.TrimSpace(in.Message)
	switch {
	case msg == "":
		return musicify.Errorf(musicify.EINVALID, "Please type a message.")
	case utf8.RuneCountInString(msg) > maxChatMessage:
		return musicify.Errorf(musicify.EINVALID, "The message is too long: at most %d characters.", maxChatMessage)
	}
	player, err := decodePlayer(in.Player)
	if err != nil {
		return err
	}
	ctx := r.Context()
	if player != nil {
		ctx = assistant.WithPlayer(ctx, player)
	}
	history := in.History
	if len(history) > maxChatHistory {
		history = history[len(history)-maxChatHistory:]
	}
	for i := range history {
		if utf8.RuneCountInString(history[i].Text) > maxChatMessage {
			history[i].Text = string([]rune(history[i].Text)[:maxChatMessage])
		}
	}
	if !strings.Contains(r.Header.Get("Accept"), "text/event-stream") {
		a, err := s.Assistant.Chat(ctx, me, msg, history, nil)
		if err != nil {
			return err
		}
		platform.WriteJSON(w, http.StatusOK, s.answerView(r, a))
		return nil
	}
	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("X-Accel-Buffering", "no")
	rc := http.NewResponseController(w)
	event := func(name string, v any) {
		b, _ := json.Marshal(v)
		fmt.Fprintf(w, "event: %s\ndata: %s\n\n", name, b)
		_ = rc.Flush()
	}
	a, err := s.Assistant.Chat(ctx, me, msg, history, func(text string) {
		event("delta", map[string]string{"text": text})
	})
	if err != nil {
		if musicify.ErrorCode(err) == musicify.EINTERNAL {
			s.P.Logger.Error("assistant failed", "err", err)
		} else {
			s.P.Logger.Warn("assistant failed", "err", err)
		}
		event("error", platform.Message{Message: musicify.ErrorMessage(err)})
		return nil
	}
	event("done", s.answerView(r, a))
	return nil
}

func (s *API) answerView(r *http.Request, a *assistant.Answer) chatAnswer {
	out := chatAnswer{Reply: a.Reply, Actions: []actionView{}}
	for _, act := range a.Actions {
		v := actionView{Type: act.Type, Label: act.Label, Playlist: act.PlaylistID, Name: act.Name,
			Volume: act.Volume, Position: act.Position, Mode: act.Mode, On: act.On, Now: act.Now}
		if len(act.Songs) > 0 {
			songs, err := views.SongsByID(r.Context(), s.Songs, act.Songs, views.For(r, s.Media))
			if err != nil || len(songs) == 0 {
				continue
			}
			v.Songs = songs
		}
		out.Actions = append(out.Actions, v)
	}
	return out
}

// maxPlayerQueue bounds the queue a chat request may describe.
const maxPlayerQueue = 10000

// decodePlayer reads the player's state a chat request carries, or nil
// when it carries none; a bad shape is refused naming its field.
func decodePlayer(raw json.RawMessage) (*assistant.Player, error) {
	if len(raw) == 0 || string(raw) == "null" {
		return nil, nil
	}
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(raw, &fields); err != nil {
		return nil, musicify.Errorf(musicify.EINVALID, "The player must be an object.").In("player")
	}
	p := &assistant.Player{Repeat: "off", Volume: 1}
	bad := func(field, want string) error {
		return musicify.Errorf(musicify.EINVALID, "The player's %s must be %s.", field, want).In("player." + field)
	}
	for name, v := range fields {
		var err error
		switch name {
		case "song":
			var s *string
			if err = json.Unmarshal(v, &s); err != nil {
				return nil, bad(name, "a song id or null")
			}
			if s != nil {
				p.Song = *s
			}
		case "position":
			if err = json.Unmarshal(v, &p.Position); err != nil || p.Position < 0 {
				return nil, bad(name, "a number of seconds, 0 or more")
			}
		case "queue":
			if err = json.Unmarshal(v, &p.Queue); err != nil || len(p.Queue) > maxPlayerQueue {
				return nil, bad(name, fmt.Sprintf("a list of at most %d song ids", maxPlayerQueue))
			}
		case "volume":
			if err = json.Unmarshal(v, &p.Volume); err != nil || p.Volume < 0 || p.Volume > 1 {
				return nil, bad(name, "a number from 0 to 1")
			}
		case "repeat":
			if err = json.Unmarshal(v, &p.Repeat); err != nil || (p.Repeat != "off" && p.Repeat != "all" && p.Repeat != "one") {
				return nil, bad(name, "off, all or one")
			}
		case "shuffle":
			if err = json.Unmarshal(v, &p.Shuffle); err != nil {
				return nil, bad(name, "true or false")
			}
		default:
			return nil, musicify.Errorf(musicify.EINVALID, "The player has no field %q.", name).In("player." + name)
		}
	}
	return p, nil
}
