package assistant

import (
	"context"
	"net/http"

	"github.com/musicify/musicify/internal/httpapi/platform"
	"github.com/musicify/musicify/internal/musicify"
	"github.com/musicify/musicify/internal/speech"
)

// VoiceCommands recognizes the player's commands and spoken requests in a
// short clip.
type VoiceCommands interface {
	Command(ctx context.Context, audioPath string) (speech.Heard, error)
}

// maxVoiceBytes bounds a voice clip: a few seconds of speech.
const maxVoiceBytes = 2 << 20

// handleVoiceCommand is for browsers without speech recognition: they
// record a clip (MediaRecorder) and the server recognizes it.
func (s *API) handleVoiceCommand(w http.ResponseWriter, r *http.Request) error {
	if s.Voice == nil {
		return musicify.Errorf(musicify.EUNAVAILABLE, "Voice commands are not available on this server (it needs pocketsphinx).")
	}
	if err := s.P.RateLimit(r.Context(), s.VoiceRate, "voice commands", platform.UserOf(r).ID); err != nil {
		return err
	}
	f, err := s.P.ReadForm(w, r, nil, map[string]platform.FileLimit{
		"audio": {Max: maxVoiceBytes, TooLarge: musicify.Errorf(musicify.ETOOLARGE, "The voice clip is too long: a few seconds are enough.")},
	})
	if err != nil {
		return err
	}
	defer f.Remove()
	clip := f.File("audio")
	if clip == nil {
		return musicify.Errorf(musicify.EINVALID, "Please send the recorded clip (audio).")
	}
	// Each recognition runs ffmpeg and pocketsphinx: a few at a time, the
	// rest wait their turn (or give up when their client does).
	release, err := s.Recognizing.Acquire(r.Context())
	if err != nil {
		return err
	}
	defer release()
	heard, err := s.Voice.Command(r.Context(), clip.Path)
	if err != nil {
		return err
	}
	platform.WriteJSON(w, http.StatusOK, heard)
	return nil
}
