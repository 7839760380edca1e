package library

import (
	"context"
	"image/color"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/musicify/musicify/internal/blob"
	"github.com/musicify/musicify/internal/catalog"
	"github.com/musicify/musicify/internal/musicify"
	"github.com/musicify/musicify/internal/sqlstore"
	"github.com/musicify/musicify/internal/sqlstore/storetest"
)

type rig struct {
	t     *testing.T
	db    *sqlstore.DB
	dir   string
	s     *Scanner
	reads atomic.Int64
}

func newRig(t *testing.T, db *sqlstore.DB) *rig {
	t.Helper()
	blobs, err := blob.NewLocal(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	r := &rig{t: t, db: db, dir: t.TempDir()}
	r.s = &Scanner{Store: db, Blobs: blobs, Folders: []string{r.dir}, FFprobe: mustLook(t, "ffprobe"), Analyze: true,
		Logger: slog.New(slog.NewTextHandler(io.Discard, nil)), Workers: 2}
	r.s.read = func(ctx context.Context, abs, rel string) (*file, error) {
		r.reads.Add(1)
		return r.s.readFile(ctx, abs, rel)
	}
	return r
}

func (r *rig) scan() musicify.ScanStatus {
	r.t.Helper()
	r.reads.Store(0)
	st, err := r.s.Scan(context.Background(), false)
	if err != nil {
		r.t.Fatal(err)
	}
	return st
}

func (r *rig) path(rel string) string { return filepath.Join(r.dir, filepath.FromSlash(rel)) }

// touch moves a file's time on, as an edit does (file systems may keep
// only seconds, so a rewrite within the second would look unchanged).
func (r *rig) touch(rel string, by time.Duration) {
	r.t.Helper()
	info, err := os.Stat(r.path(rel))
	if err != nil {
		r.t.Fatal(err)
	}
	if err := os.Chtimes(r.path(rel), time.Now(), info.ModTime().Add(by)); err != nil {
		r.t.Fatal(err)
	}
}

func (r *rig) song(rel string) *musicify.Song {
	r.t.Helper()
	s, err := r.db.Song(context.Background(), r.file(rel).SongID)
	if err != nil {
		r.t.Fatal(err)
	}
	return s
}

// file is the store's row of the library file at rel.
func (r *rig) file(rel string) musicify.LibraryFile {
	r.t.Helper()
	folder, err := r.db.LibraryFolder(context.Background(), r.dir)
	if err != nil {
		r.t.Fatal(err)
	}
	files, err := r.db.LibraryFiles(context.Background(), folder.ID)
	if err != nil {
		r.t.Fatal(err)
	}
	for _, f := range files {
		if f.Path == rel {
			return f
		}
	}
	r.t.Fatalf("no song for %s", rel)
	return musicify.LibraryFile{}
}

func counts(st musicify.ScanStatus) [5]int {
	return [5]int{st.Seen, st.Added, st.Updated, st.Removed, st.Failed}
}

func TestAScanImportsKeepsUpAndNeverRereadsUnchangedFiles(t *testing.T) {
	storetest.Each(t, func(t *testing.T, open storetest.Opener) {
		r := newRig(t, open(t))
		ctx := context.Background()
		makeAudio(t, r.path("Neon Shore/Ebb/01 Low Tide.mp3"), "-metadata", "title=Low Tide", "-metadata", "artist=Neon Shore",
			"-metadata", "album=Ebb", "-metadata", "track=1", "-metadata", "genre=Ambient")
		makeAudio(t, r.path("Neon Shore/Ebb/02 Undertow.flac"))
		writeFile(t, r.path("Neon Shore/Ebb/cover.png"), pngImage(t, color.RGBA{10, 120, 200, 255}))
		writeFile(t, r.path("Neon Shore/Ebb/notes.txt"), []byte("not music"))
		writeFile(t, r.path("Neon Shore/Ebb/03 Fake.mp3"), []byte(strings.Repeat("this is text, not audio\n", 50)))

		st := r.scan()
		if counts(st) != [5]int{3, 2, 0, 0, 1} || st.Running || st.Finished.IsZero() {
			t.Fatalf("first scan = %+v", st)
		}
		if len(st.Failures) != 1 || st.Failures[0].Path != "Neon Shore/Ebb/03 Fake.mp3" || st.Failures[0].Reason != "not an audio file we can play" {
			t.Errorf("failures = %+v", st.Failures)
		}
		tide, undertow := r.song("Neon Shore/Ebb/01 Low Tide.mp3"), r.song("Neon Shore/Ebb/02 Undertow.flac")
		if tide.Title != "Low Tide" || tide.UserID != musicify.LibraryUserID || tide.Format != "mp3" || tide.Genre != "Ambient" ||
			!strings.HasPrefix(tide.AudioKey, "lib/") || !strings.HasSuffix(tide.AudioKey, "/Neon Shore/Ebb/01 Low Tide.mp3") {
			t.Errorf("tagged song = %+v", tide)
		}
		if undertow.Title != "Undertow" || undertow.Artist != "Neon Shore" || undertow.Album != "Ebb" || undertow.Track != 2 ||
			undertow.AlbumID != tide.AlbumID {
			t.Errorf("untagged song = %+v (album %s vs %s)", undertow, undertow.AlbumID, tide.AlbumID)
		}
		if album, err := r.db.Album(ctx, tide.AlbumID); err != nil || album.CoverKey == "" || album.Songs != 2 {
			t.Errorf("album = %+v, %v; want the folder's cover", album, err)
		}
		for _, s := range []*musicify.Song{tide, undertow} { // an MP3 and a FLAC: one analysis, no rendition
			if kinds := jobKinds(t, r.db, s.ID); kinds[catalog.JobAnalyze] == "" || len(kinds) != 1 {
				t.Errorf("%s's jobs = %v, want the one analysis", s.Format, kinds)
			}
		}

		// Nothing changed: nothing is read, nothing written.
		if st := r.scan(); counts(st) != [5]int{3, 0, 0, 0, 1} || r.reads.Load() != 1 {
			t.Errorf("unchanged rescan = %+v with %d reads (only the failed file is read again)", counts(st), r.reads.Load())
		}

		// Re-tagged: the same row, new tags.
		u := &musicify.User{Username: "ann", Email: "ann@example.com"}
		if err := r.db.CreateUser(ctx, u); err != nil {
			t.Fatal(err)
		}
		if _, err := r.db.Like(ctx, u.ID, tide.ID, time.Now()); err != nil {
			t.Fatal(err)
		}
		makeAudio(t, r.path("Neon Shore/Ebb/01 Low Tide.mp3"), "-metadata", "title=Lower Tide", "-metadata", "artist=Neon Shore",
			"-metadata", "album=Ebb", "-metadata", "track=1")
		r.touch("Neon Shore/Ebb/01 Low Tide.mp3", time.Hour)
		if st := r.scan(); counts(st) != [5]int{3, 0, 1, 0, 1} {
			t.Errorf("after an edit = %+v", counts(st))
		}
		if got := r.song("Neon Shore/Ebb/01 Low Tide.mp3"); got.ID != tide.ID || got.Title != "Lower Tide" {
			t.Errorf("edited = %+v", got)
		}

		// Moved to another folder: the same row (and like, play count and
		// playlist place), at its new path.
		pl := r.history(u, undertow.ID, tide.ID)
		if err := os.MkdirAll(r.path("Best Of"), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.Rename(r.path("Neon Shore/Ebb/01 Low Tide.mp3"), r.path("Best Of/Low Tide.mp3")); err != nil {
			t.Fatal(err)
		}
		if st := r.scan(); counts(st) != [5]int{3, 0, 1, 0, 1} {
			t.Errorf("after a move = %+v", counts(st))
		}
		moved := r.song("Best Of/Low Tide.mp3")
		if moved.ID != tide.ID || moved.Missing {
			t.Errorf("moved = %+v, want song %s", moved, tide.ID)
		}
		r.keptHistory(u, tide.ID, pl, undertow.ID, tide.ID)

		// Deleted: missing, kept for history; back again: found.
		saved, err := os.ReadFile(r.path("Neon Shore/Ebb/02 Undertow.flac"))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.Remove(r.path("Neon Shore/Ebb/02 Undertow.flac")); err != nil {
			t.Fatal(err)
		}
		if st := r.scan(); counts(st) != [5]int{2, 0, 0, 1, 1} {
			t.Errorf("after a delete = %+v", counts(st))
		}
		if got, _ := r.db.Song(ctx, undertow.ID); got == nil || !got.Missing {
			t.Errorf("deleted = %+v", got)
		}
		writeFile(t, r.path("Neon Shore/Ebb/02 Undertow.flac"), saved)
		if st := r.scan(); counts(st) != [5]int{3, 0, 1, 0, 1} {
			t.Errorf("after it came back = %+v", counts(st))
		}
		if got, _ := r.db.Song(ctx, undertow.ID); got == nil || got.Missing {
			t.Errorf("returned = %+v", got)
		}
	})
}

// history plays the last of ids once, as u, and puts ids in a new playlist
// of u's, in that order; it returns the playlist.
func (r *rig) history(u *musicify.User, ids ...string) string {
	r.t.Helper()
	ctx := context.Background()
	pl := &musicify.Playlist{UserID: u.ID, Name: "Road Trip " + musicify.NewID()}
	if err := r.db.CreatePlaylist(ctx, pl); err != nil {
		r.t.Fatal(err)
	}
	for _, id := range ids {
		if err := r.db.AddPlaylistSong(ctx, pl.ID, id); err != nil {
			r.t.Fatal(err)
		}
	}
	if _, err := r.db.AddView(ctx, ids[len(ids)-1], u.ID, time.Now()); err != nil {
		r.t.Fatal(err)
	}
	return pl.ID
}

// keptHistory checks that song id still has u's like, its one play, and its
// place in the playlist pl, which holds want in that order.
func (r *rig) keptHistory(u *musicify.User, id, pl string, want ...string) {
	r.t.Helper()
	ctx := context.Background()
	if liked, _ := r.db.LikedSongs(ctx, u.ID); len(liked) != 1 || liked[0].ID != id {
		r.t.Errorf("likes after the move = %v, want song %s", liked, id)
	}
	if s, err := r.db.Song(ctx, id); err != nil || s.Count != 1 {
		r.t.Errorf("plays after the move = %+v, %v; want 1", s, err)
	}
	songs, err := r.db.PlaylistSongs(ctx, pl)
	var got []string
	for _, s := range songs {
		got = append(got, s.ID)
	}
	if err != nil || strings.Join(got, ",") != strings.Join(want, ",") {
		r.t.Errorf("playlist after the move = %v, %v; want %v", got, err, want)
	}
}

// A file moved and changed at once (re-tagged, re-encoded: a new
// fingerprint) is still the same song when its MusicBrainz track id is.
func TestAMovedAndChangedFileIsFoundByItsMusicBrainzID(t *testing.T) {
	storetest.Each(t, func(t *testing.T, open storetest.Opener) {
		r := newRig(t, open(t))
		ctx := context.Background()
		makeAudio(t, r.path("Neon Shore/Ebb/01 Drift.flac"), "-metadata", "title=Drift", "-metadata", "artist=Neon Shore",
			"-metadata", "album=Ebb", "-metadata", "MUSICBRAINZ_TRACKID=mb-drift")
		makeAudio(t, r.path("Neon Shore/Ebb/02 Shoal.flac"), "-metadata", "title=Shoal", "-metadata", "artist=Neon Shore",
			"-metadata", "album=Ebb", "-metadata", "MUSICBRAINZ_TRACKID=mb-shoal")
		if st := r.scan(); st.Added != 2 {
			t.Fatalf("first scan = %+v", st)
		}
		drift, shoal := r.song("Neon Shore/Ebb/01 Drift.flac"), r.song("Neon Shore/Ebb/02 Shoal.flac")
		oldPrint := r.file("Neon Shore/Ebb/01 Drift.flac").Fingerprint
		u := &musicify.User{Username: "ann", Email: "ann@example.com"}
		if err := r.db.CreateUser(ctx, u); err != nil {
			t.Fatal(err)
		}
		if _, err := r.db.Like(ctx, u.ID, drift.ID, time.Now()); err != nil {
			t.Fatal(err)
		}
		pl := r.history(u, shoal.ID, drift.ID)

		// Remastered into another album's folder: new bytes, same recording.
		if err := os.Remove(r.path("Neon Shore/Ebb/01 Drift.flac")); err != nil {
			t.Fatal(err)
		}
		makeAudio(t, r.path("Neon Shore/Ebb (Remaster)/01 Drift.flac"), "-metadata", "title=Drift (Remaster)",
			"-metadata", "artist=Neon Shore", "-metadata", "album=Ebb (Remaster)", "-metadata", "MUSICBRAINZ_TRACKID=mb-drift",
			"-compression_level", "0")
		if st := r.scan(); counts(st) != [5]int{2, 0, 1, 0, 0} {
			t.Errorf("after a move with new content = %+v, want it updated, not added and removed", counts(st))
		}
		moved := r.song("Neon Shore/Ebb (Remaster)/01 Drift.flac")
		if f := r.file("Neon Shore/Ebb (Remaster)/01 Drift.flac"); f.Fingerprint == oldPrint || f.MBID != "mb-drift" {
			t.Fatalf("the new file: %+v; this test needs new content and the same MusicBrainz id", f)
		}
		if moved.ID != drift.ID || moved.Missing || moved.Title != "Drift (Remaster)" {
			t.Errorf("moved = %+v, want song %s with its new tags", moved, drift.ID)
		}
		r.keptHistory(u, drift.ID, pl, shoal.ID, drift.ID)
	})
}

func TestAnEmptiedFolderKeepsItsSongs(t *testing.T) {
	r := newRig(t, storetest.SQLite(t))
	makeAudio(t, r.path("a.mp3"), "-metadata", "title=A")
	r.scan()
	if err := os.Remove(r.path("a.mp3")); err != nil {
		t.Fatal(err)
	}
	if st := r.scan(); st.Removed != 0 {
		t.Errorf("an empty folder (an unmounted disk?) removed %d songs", st.Removed)
	}
}

func TestStartScanRunsOneScanAtATime(t *testing.T) {
	r := newRig(t, storetest.SQLite(t))
	makeAudio(t, r.path("a.mp3"), "-metadata", "title=A")
	done := make(chan musicify.ScanStatus, 1)
	r.s.OnScan = func(st musicify.ScanStatus) { done <- st }
	if !r.s.StartScan(false) {
		t.Fatal("the first StartScan did not start")
	}
	if r.s.StartScan(true) {
		t.Error("a second scan started while one runs")
	}
	if st := <-done; st.Added != 1 || st.Running {
		t.Errorf("status = %+v", st)
	}
	if st := r.s.Status(); st.Running || st.Added != 1 || len(st.Folders) != 1 {
		t.Errorf("status after = %+v", st)
	}
}

func TestLibraryJobsAreBulkAndTranscriptionIsOptIn(t *testing.T) {
	s := &Scanner{Analyze: true}
	jobs := s.jobsFor(&musicify.Song{ID: "x", Format: "mp3"}, musicify.TrackTags{})
	if len(jobs) != 1 || jobs[0].Kind != catalog.JobAnalyze {
		t.Errorf("jobs = %+v", jobs)
	}
	for _, j := range jobs {
		if j.Priority != musicify.JobBulk {
			t.Errorf("%s job at priority %d, want bulk", j.Kind, j.Priority)
		}
	}
	s.Transcribe = true
	song := &musicify.Song{ID: "x"}
	if jobs := s.jobsFor(song, musicify.TrackTags{}); len(jobs) != 2 || jobs[1].Kind != catalog.JobTranscribe ||
		jobs[1].Priority != musicify.JobBulk || song.Transcript != musicify.TranscriptPending {
		t.Errorf("with transcription = %+v", jobs)
	}
	if jobs := s.jobsFor(&musicify.Song{ID: "y"}, musicify.TrackTags{Lyrics: "words"}); len(jobs) != 1 {
		t.Errorf("a song with lyrics is transcribed: %+v", jobs)
	}
}

// jobKinds maps the kinds of a song's jobs to their payloads.
func jobKinds(t *testing.T, db interface {
	JobsFor(context.Context, string) ([]*musicify.Job, error)
}, songID string) map[string]string {
	t.Helper()
	jobs, err := db.JobsFor(context.Background(), songID)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	for _, j := range jobs {
		out[j.Kind] = j.Payload
	}
	return out
}

// Instances sharing a database and its folders scan one at a time: while
// one holds the scan lease, another's scan reads nothing and adds nothing.
func TestOneInstanceScansWhileAnotherHoldsTheLease(t *testing.T) {
	storetest.Each(t, func(t *testing.T, open storetest.Opener) {
		db := open(t)
		r := newRig(t, db)
		r.s.Lease, r.s.Holder = db, "b"
		makeAudio(t, r.path("a.mp3"), "-metadata", "title=A")
		now := time.Now()
		if ok, err := db.ClaimLease(context.Background(), scanLease, "a", now, now.Add(time.Hour)); err != nil || !ok {
			t.Fatalf("instance a takes the lease: %v %v", ok, err)
		}
		if st := r.scan(); st.Added != 0 || r.reads.Load() != 0 {
			t.Fatalf("b scanned while a held the lease: %+v, %d reads", st, r.reads.Load())
		}
		if err := db.ReleaseLease(context.Background(), scanLease, "a"); err != nil {
			t.Fatal(err)
		}
		if st := r.scan(); st.Added != 1 {
			t.Fatalf("b's scan once the lease is free: %+v", st)
		}
		// b gave the lease up when done: a can take it again.
		if ok, err := db.ClaimLease(context.Background(), scanLease, "a", now, now.Add(time.Hour)); err != nil || !ok {
			t.Fatalf("b kept the lease after its scan: %v %v", ok, err)
		}
	})
}

// turns is a Foreground that lets the scan take one turn at a time, when
// the test says, and records what each turn was for.
type turns struct {
	mu     sync.Mutex
	asked  int
	most   time.Duration
	permit chan struct{}
}

func (tu *turns) Yield(ctx context.Context, most time.Duration) {
	tu.mu.Lock()
	tu.asked++
	tu.most = most
	tu.mu.Unlock()
	select {
	case <-tu.permit:
	case <-ctx.Done():
	}
}

// A scan starts every file, batch and cover in a gap between the requests
// people wait for: nothing is read before the scan is given its turn.
func TestAScanReadsOnlyInTheGapsBetweenRequests(t *testing.T) {
	r := newRig(t, storetest.SQLite(t))
	r.s.Workers = 1
	for _, name := range []string{"A/B/01 One.mp3", "A/B/02 Two.mp3"} {
		makeAudio(t, r.path(name))
	}
	writeFile(t, r.path("A/B/cover.png"), pngImage(t, color.RGBA{200, 40, 40, 255}))
	tu := &turns{permit: make(chan struct{})}
	r.s.Foreground = tu
	done := make(chan musicify.ScanStatus)
	go func() { done <- r.scan() }()

	// Each turn given reads at most one more file.
	for turn := 1; turn <= 2; turn++ {
		waitForTurn(t, tu, turn)
		if n := r.reads.Load(); n != int64(turn-1) {
			t.Fatalf("turn %d: %d files read before it was given", turn, n)
		}
		tu.permit <- struct{}{}
	}
	// Then the batch and the album's cover, each in a turn of its own.
	go func() {
		for {
			select {
			case tu.permit <- struct{}{}:
			case <-done:
				return
			}
		}
	}()
	st := <-done
	if counts(st) != [5]int{2, 2, 0, 0, 0} {
		t.Fatalf("scan = %+v", st)
	}
	tu.mu.Lock()
	defer tu.mu.Unlock()
	if tu.asked < 4 || tu.most != giveWayAtMost {
		t.Errorf("%d turns asked for (two files, a batch, a cover), each for at most %s", tu.asked, tu.most)
	}
	if a := r.song("A/B/01 One.mp3"); a.AlbumID == "" {
		t.Fatal("no album")
	}
}

// waitForTurn waits until the scan has asked for its n-th turn.
func waitForTurn(t *testing.T, tu *turns, n int) {
	t.Helper()
	deadline := time.Now().Add(time.Minute) // only stops a hang
	for {
		tu.mu.Lock()
		asked := tu.asked
		tu.mu.Unlock()
		if asked >= n {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("the scan never asked for turn %d", n)
		}
		time.Sleep(time.Millisecond)
	}
}
