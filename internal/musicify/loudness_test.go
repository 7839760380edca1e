package musicify

import "testing"

func TestPlaybackLoudness(t *testing.T) {
	f := func(v float64) *float64 { return &v }
	tests := []struct {
		name                   string
		measured, track, album *float64
		want                   *float64
	}{
		{"an untagged, unmeasured song has none", nil, nil, nil, nil},
		{"an untagged song uses the measured loudness", f(-9.2), nil, nil, f(-9.2)},
		{"the track gain wins over the measurement", f(-9.2), f(-6.5), nil, f(-11.5)},
		{"the track gain wins over the album gain", nil, f(2), f(-3), f(-20)},
		{"the album gain serves when there is no track gain", f(-9.2), nil, f(-3), f(-15)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := &Song{Loudness: tt.measured, ReplayGainTrack: tt.track, ReplayGainAlbum: tt.album}
			got := s.PlaybackLoudness()
			if (got == nil) != (tt.want == nil) || (got != nil && *got != *tt.want) {
				t.Fatalf("PlaybackLoudness() = %v, want %v", deref(got), deref(tt.want))
			}
		})
	}
}

func deref(p *float64) any {
	if p == nil {
		return nil
	}
	return *p
}
