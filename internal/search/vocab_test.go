package search_test

import (
	"context"
	"io"
	"log/slog"
	"sync/atomic"
	"testing"
	"time"

	"github.com/musicify/musicify/internal/musicify"
	"github.com/musicify/musicify/internal/search"
	"github.com/musicify/musicify/internal/sqlstore/storetest"
)

// countingIndex counts word-list loads and can hold them until released.
type countingIndex struct {
	musicify.SearchIndex
	loads   atomic.Int32
	loading chan struct{} // receives when a load starts, if set
	release chan struct{} // a load waits for it, if set
}

func (c *countingIndex) SearchTerms(ctx context.Context, kind string) ([]musicify.IndexWord, error) {
	c.loads.Add(1)
	if c.loading != nil {
		c.loading <- struct{}{}
		<-c.release
	}
	return c.SearchIndex.SearchTerms(ctx, kind)
}

func TestASearchWhileTheWordListLoadsWaitsForIt(t *testing.T) {
	storetest.Each(t, func(t *testing.T, open storetest.Opener) {
		w := catalog(t, open)
		idx := &countingIndex{SearchIndex: w.db, loading: make(chan struct{}), release: make(chan struct{})}
		s := &search.Service{Index: idx, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))}
		find := func() <-chan []string {
			out := make(chan []string, 1)
			go func() {
				ids, err := s.Find(context.Background(), musicify.KindSong, "harbor", 10)
				if err != nil {
					t.Errorf("Find: %v", err)
				}
				out <- ids
			}()
			return out
		}
		first := find()
		<-idx.loading // the first search is loading the word list
		second := find()
		select {
		case ids := <-second:
			t.Fatalf("a search answered without the word list, so without typo correction: %v", w.names(ids))
		case <-time.After(50 * time.Millisecond): // it waits, as it should; release the load
		}
		close(idx.release)
		for _, got := range [][]string{<-first, <-second} {
			if names := w.names(got); len(names) != 2 {
				t.Errorf("'harbor' should find both Harbour songs: %v", names)
			}
		}
		if n := idx.loads.Load(); n != 1 {
			t.Errorf("the word list was loaded %d times, want once", n)
		}
	})
}

func TestTheWordListReloadsOnlyWhenWordsChange(t *testing.T) {
	storetest.Each(t, func(t *testing.T, open storetest.Opener) {
		w := catalog(t, open)
		idx := &countingIndex{SearchIndex: w.db}
		s := &search.Service{Index: idx, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))}
		ctx := context.Background()
		find := func(q string) []string {
			ids, err := s.Find(ctx, musicify.KindSong, q, 10)
			if err != nil {
				t.Fatal(err)
			}
			return ids
		}
		find("harbor")
		find("submarin")
		if n := idx.loads.Load(); n != 1 {
			t.Fatalf("loads after two searches: %d, want 1", n)
		}
		// A listen changes no word: the list stays.
		if _, err := w.db.AddView(ctx, w.songs["Moonlight"], w.user("listener").ID, time.Now()); err != nil {
			t.Fatal(err)
		}
		find("harbor")
		if n := idx.loads.Load(); n != 1 {
			t.Fatalf("a listen reloaded the word list: %d loads", n)
		}
		// A new title does, and its typo is corrected at the very next search.
		id := w.song("Zanzibar Nights", "sky", 0)
		if got := find("zansibar"); len(got) != 1 || got[0] != id {
			t.Fatalf("a typo of a new word: %v", w.names(got))
		}
		if n := idx.loads.Load(); n != 2 {
			t.Fatalf("loads after a new song: %d, want 2", n)
		}
	})
}
