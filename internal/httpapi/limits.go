package httpapi

import (
	"runtime"
	"time"

	"github.com/musicify/musicify/internal/auth"
	"github.com/musicify/musicify/internal/httpapi/platform"
)

// Limits bound what one signed-in user may ask of the costly calls: the
// assistant may call a paid model, a voice clip runs ffmpeg and pocketsphinx.
// Zero fields take the defaults.
type Limits struct {
	ChatPerMinute  int // default 20
	VoicePerMinute int // default 60: listening sends a clip every 2 s
	// ListensPer10Min bounds the listens one counts (default 100: a
	// player sends one after 10 s of a song; an offline queue, more).
	ListensPer10Min int
	// PreviewsPer10Min bounds the share previews one address may ask for
	// (default 120: a visitor going through a long playlist).
	PreviewsPer10Min int
	// JamChangesPerMinute bounds one person's adds, skips and votes in a
	// Jam (default 60).
	JamChangesPerMinute int
	// DeviceChangesPerMinute bounds one person's player reports and
	// commands between their devices (default 300: a report on every
	// play, pause, seek and queue change).
	DeviceChangesPerMinute int
	Recognitions           int // voice clips recognized at once; default the CPUs
	// The live connection (/api/ws): messages one may send at once and then
	// each second (default 40 and 10), and connections per user (default 8).
	LiveBurst       int
	LivePerSecond   int
	LiveConnections int
}

type limiters struct {
	chat, voice, listens, previews, jam, devices *auth.Limiter
	recognizing                                  platform.Semaphore
}

func (s *Server) limits() *limiters {
	s.limitsOnce.Do(func() {
		now := s.Now
		if now == nil {
			now = time.Now
		}
		or := func(v, def int) int {
			if v > 0 {
				return v
			}
			return def
		}
		s.limiters = &limiters{
			chat:        auth.NewLimiter(s.Rates, "chat", or(s.Limits.ChatPerMinute, 20), time.Minute, now),
			voice:       auth.NewLimiter(s.Rates, "voice", or(s.Limits.VoicePerMinute, 60), time.Minute, now),
			listens:     auth.NewLimiter(s.Rates, "listens", or(s.Limits.ListensPer10Min, 100), 10*time.Minute, now),
			previews:    auth.NewLimiter(s.Rates, "previews", or(s.Limits.PreviewsPer10Min, 120), 10*time.Minute, now),
			jam:         auth.NewLimiter(s.Rates, "jam", or(s.Limits.JamChangesPerMinute, 60), time.Minute, now),
			devices:     auth.NewLimiter(s.Rates, "devices", or(s.Limits.DeviceChangesPerMinute, 300), time.Minute, now),
			recognizing: make(platform.Semaphore, or(s.Limits.Recognitions, runtime.NumCPU())),
		}
	})
	return s.limiters
}

// DeviceChanges is the limit on each person's commands between devices,
// for the Subsonic jukebox to count against as the web's commands do.
func (s *Server) DeviceChanges() *auth.Limiter { return s.limits().devices }
