package platform

import "testing"

// Audio is sent from three families of paths: the session-checked song and
// station files, and the signed URLs; covers are not streams.
func TestStreamsAreEveryAudioPath(t *testing.T) {
	for path, want := range map[string]bool{
		"/media/songs/s1/audio.mp3":                true,
		"/media/songs/s1/download":                 true,
		"/media/radio/r1/audio.opus":               true,
		"/media/s/songs/s1/audio.mp3?sig=x&exp=1":  true,
		"/media/s/radio/r1/audio.opus?sig=x&exp=1": true,
		"/media/covers/0123-640.jpg":               false,
		"/api/songs/s1":                            false,
	} {
		if got := isStream(path); got != want {
			t.Errorf("isStream(%q) = %v, want %v", path, got, want)
		}
	}
}
