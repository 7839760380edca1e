package sqlstore_test

import (
	"context"
	"encoding/json"
	"reflect"
	"slices"
	"testing"
	"time"

	"github.com/musicify/musicify/internal/musicify"
	"github.com/musicify/musicify/internal/sqlstore/storetest"
)

func sampleFeatures(version int, bpm float64) *musicify.AudioFeatures {
	return &musicify.AudioFeatures{Version: version, BPM: bpm, Key: 9, Mode: musicify.Minor, KeyConfidence: 0.5,
		Energy: 0.7, Brightness: 0.3, Percussiveness: 0.6, Acousticness: 0.2, Instrumentalness: 0.9,
		Embedding: []float32{0.6, -0.8, 0}, Seconds: 42.5, Analyzed: time.UnixMilli(1_700_000_000_123).UTC()}
}

// What the analysis stores is what discovery and the song's info panel
// read back, on both databases, and it leaves with its song.
func TestSongFeatures(t *testing.T) {
	storetest.Each(t, func(t *testing.T, open storetest.Opener) {
		db := open(t)
		ctx := context.Background()
		ann := newUser(t, db, "ann")
		newSong(t, db, "s1", ann.ID)
		newSong(t, db, "s2", ann.ID)

		t.Run("a song never analysed is not found", func(t *testing.T) {
			if _, err := db.SongFeatures(ctx, "s1"); musicify.ErrorCode(err) != musicify.ENOTFOUND {
				t.Errorf("got %v, want not found", err)
			}
		})
		t.Run("features read back as stored, embedding included", func(t *testing.T) {
			want := sampleFeatures(1, 123.4)
			if err := db.SetSongFeatures(ctx, "s1", want); err != nil {
				t.Fatal(err)
			}
			got, err := db.SongFeatures(ctx, "s1")
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(got.Embedding, want.Embedding) || !got.Analyzed.Equal(want.Analyzed) {
				t.Errorf("embedding %v at %v, want %v at %v", got.Embedding, got.Analyzed, want.Embedding, want.Analyzed)
			}
			got.Embedding, want.Embedding, got.Analyzed, want.Analyzed = nil, nil, time.Time{}, time.Time{}
			if !reflect.DeepEqual(got, want) {
				t.Errorf("got %+v, want %+v", *got, *want)
			}
		})
		t.Run("a newer analysis replaces the older", func(t *testing.T) {
			if err := db.SetSongFeatures(ctx, "s1", sampleFeatures(2, 99)); err != nil {
				t.Fatal(err)
			}
			got, err := db.SongFeatures(ctx, "s1")
			if err != nil || got.Version != 2 || got.BPM != 99 {
				t.Errorf("got %+v, %v; want version 2 at 99 BPM", got, err)
			}
		})
		t.Run("storing says so to discovery", func(t *testing.T) {
			events, err := db.EventsAfter(ctx, 0, 100)
			if err != nil {
				t.Fatal(err)
			}
			n := 0
			for _, e := range events {
				if e.Type == musicify.EventSongAnalyzed && e.SongID == "s1" {
					n++
					var d musicify.SongAnalyzedData // the sound travels with it, for every instance
					if err := json.Unmarshal(e.Data, &d); err != nil || len(d.Embedding) == 0 {
						t.Errorf("song.analyzed data %s: %v", e.Data, err)
					}
				}
			}
			if n != 2 {
				t.Errorf("%d song.analyzed events for s1, want 2", n)
			}
		})
		t.Run("features of a song that is gone are refused", func(t *testing.T) {
			if err := db.SetSongFeatures(ctx, "nope", sampleFeatures(1, 100)); musicify.ErrorCode(err) != musicify.ENOTFOUND {
				t.Errorf("got %v, want not found", err)
			}
		})
		t.Run("many at once and one by one agree", func(t *testing.T) {
			if err := db.SetSongFeatures(ctx, "s2", sampleFeatures(2, 140)); err != nil {
				t.Fatal(err)
			}
			byID, err := db.SongFeaturesByIDs(ctx, []string{"s2", "s1", "nope"})
			if err != nil || len(byID) != 2 || byID["s1"].BPM != 99 || byID["s2"].BPM != 140 {
				t.Fatalf("got %v, %v", byID, err)
			}
			var seen []string
			if err := db.EachSongFeatures(ctx, func(id string, f *musicify.AudioFeatures) error {
				if len(f.Embedding) != 3 {
					t.Errorf("%s: embedding %v", id, f.Embedding)
				}
				seen = append(seen, id)
				return nil
			}); err != nil || !slices.Equal(seen, []string{"s1", "s2"}) {
				t.Errorf("streamed %v, %v", seen, err)
			}
		})
		t.Run("deleting the song deletes its features", func(t *testing.T) {
			if err := db.DeleteSong(ctx, "s2"); err != nil {
				t.Fatal(err)
			}
			if _, err := db.SongFeatures(ctx, "s2"); musicify.ErrorCode(err) != musicify.ENOTFOUND {
				t.Errorf("got %v, want not found", err)
			}
		})
	})
}

// The backfill at start queues the songs an analysis has not measured yet,
// and only those.
func TestSongsToMeasure(t *testing.T) {
	storetest.Each(t, func(t *testing.T, open storetest.Opener) {
		db := open(t)
		ctx := context.Background()
		ann := newUser(t, db, "ann")
		for _, id := range []string{"new", "old", "current", "queued", "failed-now", "failed-before"} {
			newSong(t, db, id, ann.ID)
		}
		for id, version := range map[string]int{"old": 1, "current": 2, "failed-before": 1} {
			if err := db.SetSongFeatures(ctx, id, sampleFeatures(version, 100)); err != nil {
				t.Fatal(err)
			}
		}
		job := func(id, payload string, failed bool) {
			j := &musicify.Job{Kind: "media.features", Subject: id, Payload: payload}
			if err := db.EnqueueJob(ctx, j); err != nil {
				t.Fatal(err)
			}
			if failed {
				if err := db.RetryJob(ctx, j.ID, "undecodable", nil, time.Now()); err != nil {
					t.Fatal(err)
				}
			}
		}
		job("queued", musicify.FeaturesJobPayload(2), false)
		job("failed-now", musicify.FeaturesJobPayload(2), true)
		job("failed-before", musicify.FeaturesJobPayload(1), true)
		list, err := db.SongsToMeasure(ctx, 2, "media.features")
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, s := range list {
			got = append(got, s.ID)
		}
		slices.Sort(got)
		if want := []string{"failed-before", "new", "old"}; !slices.Equal(got, want) {
			t.Errorf("to measure: %v, want %v", got, want)
		}
	})
}
