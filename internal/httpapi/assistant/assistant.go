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
		a, err := s.Assistant.Chat(r.Context(), me, msg, history, nil)
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
	a, err := s.Assistant.Chat(r.Context(), me, msg, history, func(text string) {
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
		v := actionView{Type: act.Type, Label: act.Label, Playlist: act.PlaylistID, Name: act.Name}
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
