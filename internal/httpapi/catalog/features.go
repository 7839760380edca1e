package catalog

import (
	"math"

	"github.com/musicify/musicify/internal/httpapi/views"
	"github.com/musicify/musicify/internal/musicify"
)

// songDetailsView is GET /api/songs/{id}: the song, and its audio features
// (docs/api.md, "Songs and artists").
type songDetailsView struct {
	views.Song
	Features *featuresView `json:"features"`
}

// featuresView is what the analysis heard, rounded to what a person reads;
// the embedding stays on the server, where discovery uses it.
type featuresView struct {
	BPM              float64 `json:"bpm"`
	Key              string  `json:"key"`   // "A minor"
	Tonic            int     `json:"tonic"` // pitch class, 0 = C
	Mode             string  `json:"mode"`
	KeyConfidence    float64 `json:"keyConfidence"`
	Energy           float64 `json:"energy"`
	Brightness       float64 `json:"brightness"`
	Percussiveness   float64 `json:"percussiveness"`
	Acousticness     float64 `json:"acousticness"`
	Instrumentalness float64 `json:"instrumentalness"`
	Version          int     `json:"version"`
}

func featuresOf(f *musicify.AudioFeatures) *featuresView {
	if f == nil {
		return nil
	}
	r := func(v float64) float64 { return math.Round(v*100) / 100 }
	v := &featuresView{
		BPM: math.Round(f.BPM*10) / 10, Tonic: f.Key, Mode: string(f.Mode), KeyConfidence: r(f.KeyConfidence),
		Energy: r(f.Energy), Brightness: r(f.Brightness), Percussiveness: r(f.Percussiveness),
		Acousticness: r(f.Acousticness), Instrumentalness: r(f.Instrumentalness), Version: f.Version,
	}
	if f.BPM > 0 { // no pulse, no key worth naming either
		v.Key = f.KeyName()
	}
	return v
}
