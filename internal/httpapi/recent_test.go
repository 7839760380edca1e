package httpapi_test

import (
	"slices"
	"testing"
	"time"
)

func TestRecentlyPlayedListsTheCallersListensLatestFirstEachOnce(t *testing.T) {
	e := newEnv(t)
	band := e.signUp("the-band", "band@example.com", "secret1")
	one, two, three := band.song(t, "One", "sine.mp3"), band.song(t, "Two", "sine.ogg"), band.song(t, "Three", "sine.wav")
	fan := e.signUp("fan", "fan@example.com", "secret1")
	other := e.signUp("other", "other@example.com", "secret1")

	if got := ids(t, fan.get("/api/me/recent")); len(got) != 0 {
		t.Fatalf("nothing played yet: %v", got)
	}
	// One, two, one again, three: each listen a while after the one before,
	// so every one counts.
	for _, id := range []string{one, two, one, three} {
		fan.post("/api/view/increase", creds{"song": id})
		e.Clock.Advance(time.Hour)
	}
	other.post("/api/view/increase", creds{"song": two})

	if got, want := ids(t, fan.get("/api/me/recent")), []string{three, one, two}; !slices.Equal(got, want) {
		t.Fatalf("recent: %v, want %v (latest first, each song once)", got, want)
	}
	if got, want := ids(t, fan.get("/api/me/recent?limit=2")), []string{three, one}; !slices.Equal(got, want) {
		t.Fatalf("recent of 2: %v, want %v", got, want)
	}
	// Another person's listens are theirs only.
	if got := ids(t, other.get("/api/me/recent")); !slices.Equal(got, []string{two}) {
		t.Fatalf("the other listener's recent: %v", got)
	}
	expect(t, fan.get("/api/me/recent?limit=0"), 400, "limit must be a whole number from 1 to 200.")
	if r := e.client().get("/api/me/recent"); r.Status != 401 {
		t.Fatalf("signed out: %d %s", r.Status, r.Raw)
	}
}
