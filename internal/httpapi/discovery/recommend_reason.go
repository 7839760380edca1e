package discovery

import (
	"context"

	"github.com/musicify/musicify/internal/httpapi/views"
	"github.com/musicify/musicify/internal/mixes"
	"github.com/musicify/musicify/internal/recommend"
)

// recommendedView is a song with why it is recommended, so the app can say
// 'Because you played X'.
type recommendedView struct {
	views.Song
	Reason reasonView `json:"reason"`
}

// reasonView is the reason: its kind (because, sound, artist, words,
// popular, explore), a sentence to show, and the song it names, if any.
type reasonView struct {
	Kind   string `json:"kind"`
	Text   string `json:"text"`
	SongID string `json:"songId,omitempty"`
}

// explained turns recommendations into views, fetching the recommended
// songs and the songs their reasons name in one query.
func (s *API) explained(ctx context.Context, recs []recommend.Rec, me *views.Viewer) ([]recommendedView, error) {
	ids := make([]string, 0, 2*len(recs))
	for _, r := range recs {
		ids = append(ids, r.ID)
	}
	for _, r := range recs {
		if r.Seed != "" {
			ids = append(ids, r.Seed)
		}
	}
	songs, err := s.Songs.SongsByIDs(ctx, ids)
	if err != nil {
		return nil, err
	}
	byID := map[string]views.Song{}
	for _, v := range views.SongsOf(songs, me) {
		byID[v.ID] = v
	}
	out := make([]recommendedView, 0, len(recs))
	for _, r := range recs {
		v, ok := byID[r.ID]
		if !ok {
			continue // deleted meanwhile
		}
		out = append(out, recommendedView{Song: v, Reason: reasonOf(r, byID)})
	}
	return out, nil
}

// reasonOf says a reason in a sentence; a reason naming a song that is
// gone falls back to one that names none.
func reasonOf(r recommend.Rec, byID map[string]views.Song) reasonView {
	seed, ok := byID[r.Seed]
	switch {
	case r.Reason == recommend.ReasonBecause && ok:
		return reasonView{Kind: r.Reason, Text: "Because you played " + seed.Song, SongID: seed.ID}
	case r.Reason == recommend.ReasonSound && ok:
		return reasonView{Kind: r.Reason, Text: "Similar sound to " + seed.Song, SongID: seed.ID}
	case r.Reason == recommend.ReasonWords && ok:
		return reasonView{Kind: r.Reason, Text: "Words like " + seed.Song, SongID: seed.ID}
	case r.Reason == recommend.ReasonArtist && r.Artist != "":
		return reasonView{Kind: r.Reason, Text: "Because you like " + r.Artist}
	case r.Reason == mixes.ReasonFavourite:
		return reasonView{Kind: r.Reason, Text: "One of your favourites"}
	case r.Reason == recommend.ReasonExplore:
		return reasonView{Kind: r.Reason, Text: "Something new for you"}
	case r.Reason == recommend.ReasonBecause || r.Reason == recommend.ReasonSound || r.Reason == recommend.ReasonWords:
		return reasonView{Kind: recommend.ReasonBecause, Text: "Fits what you play"}
	default:
		return reasonView{Kind: recommend.ReasonPopular, Text: "Popular right now"}
	}
}
