package musicify

// ReplayGainReference is the loudness (LUFS) ReplayGain 2.0 brings a track
// to: a gain of -6.5 dB says the track is 6.5 LU louder, at -11.5 LUFS.
const ReplayGainReference = -18.0

// PlaybackLoudness is the loudness players level the song by: the file's own
// ReplayGain when its tags have it (the track gain, else the album gain), as
// the person who tagged it chose it, else the loudness measured after upload.
func (s *Song) PlaybackLoudness() *float64 {
	for _, g := range []*float64{s.ReplayGainTrack, s.ReplayGainAlbum} {
		if g != nil {
			l := ReplayGainReference - *g
			return &l
		}
	}
	return s.Loudness
}
