// Package assistant is the HTTP face of the chat assistant and of voice
// commands.
package assistant

import (
	"github.com/musicify/musicify/internal/assistant"
	"github.com/musicify/musicify/internal/auth"
	"github.com/musicify/musicify/internal/httpapi/platform"
	"github.com/musicify/musicify/internal/httpapi/views"
	"github.com/musicify/musicify/internal/mediaurl"
)

// API serves the assistant's routes.
type API struct {
	P         *platform.Platform
	Assistant assistant.Assistant
	// Voice recognizes spoken player commands; nil when not installed.
	Voice VoiceCommands
	// Songs shows the songs an answer plays; Media signs their links.
	Songs views.SongsByIDs
	Media *mediaurl.Signer
	// Chat and VoiceRate bound each person's messages and clips; at most
	// Recognizing clips are recognized at once.
	Chat, VoiceRate *auth.Limiter
	Recognizing     platform.Semaphore
}

// Routes registers the area's routes on mux.
func (s *API) Routes(mux *platform.Mux) {
	mux.User("POST /api/assistant/chat", s.handleChat)
	mux.User("POST /api/voice/command", s.handleVoiceCommand)
}
