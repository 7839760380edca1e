// Package recommend is Musicify's recommender. A learned item-item model
// (EASE, with RP3β for catalogs too large for its dense inverse) is
// retrained in the background from every listen, like and playlist, and
// each query folds the user's history as it is that second through it, so
// a listen counts at once. Beside it: live co-listens through the bounded
// recent histories of the people (and playlists) who played a song, which
// cover songs newer than the model; content (audio embedding, artist,
// genre, words) for songs nobody has played; and decayed popularity for
// those without history. Lists are varied by artist, explore a little, and
// say why each song is there.
package recommend

import (
	"math"
	"slices"
	"sync"
	"time"

	"github.com/musicify/musicify/internal/musicify"
)

// Weights of the signals, and the bounds that keep memory linear.
const (
	weightListen   = 1.0
	weightLike     = 3.0
	weightPlaylist = 2.0
	weightInterest = 0.5
	maxEntryWeight = 8.0

	historyCap   = 200 // recent items kept per listener or playlist (up to half again, between evictions)
	consumersCap = 300 // recent listeners kept per item
	popHalfLife  = 14 * 24 * time.Hour
)

// Engine holds the recommender's state. All methods are safe for
// concurrent use.
type Engine struct {
	mu  sync.RWMutex
	now func() time.Time

	songIndex map[string]int32
	songs     []song
	owners    map[string]int32 // uploader ids, interned
	byArtist  map[string][]int32

	listeners map[string]int32 // "u:"+user id or "p:"+playlist id
	keys      []string         // listener index → its key
	hist      []*history
	consumers [][]int32 // per song: recent listener indexes

	plays []decayed // listens only, fading: what 'top songs' ranks by
	total []float64 // listens of all time
	text  textIndex

	topMu sync.Mutex
	top   topList

	learned  *learned    // the trained model, nil until the first
	changes  int         // events since it was set
	vecs     [][]float32 // per song, its normalized audio embedding or nil
	withVecs []int32     // the songs that have one

	applyMu sync.Mutex
	applied uint64 // Seq of the last event applied
}

type song struct {
	id, artist string
	// featured are the song's other artists by name ("A feat. B": A and
	// B): it is grouped under them too.
	featured []string
	owner    int32 // interned uploader id, compared as a number in hot loops
	alive    bool
}

// groups are the names a song is grouped under by artist.
func (s song) groups() []string { return append([]string{s.artist}, s.featured...) }

// featuredOf are the names of s's main and featured artists other than
// its shown artist.
func featuredOf(s *musicify.Song) []string {
	var out []string
	for _, a := range s.Performers() {
		if a.Name != s.Artist && !slices.Contains(out, a.Name) {
			out = append(out, a.Name)
		}
	}
	return out
}

// ungroup takes song i out of its artists' groups; e.mu is held.
func (e *Engine) ungroup(i int32) {
	for _, a := range e.songs[i].groups() {
		if e.byArtist[a] = slices.DeleteFunc(e.byArtist[a], func(x int32) bool { return x == i }); len(e.byArtist[a]) == 0 {
			delete(e.byArtist, a)
		}
	}
}

// entry is one listener's relation to a song.
type entry struct {
	song   int32
	w      float32
	at     int64 // unix seconds of the latest listen or interest; inPlaylist in a playlist
	likeAt int64 // of the like, while it holds
	like   bool
}

// inPlaylist is the time of a playlist's songs: no event says when a
// song went in, and a playlist is about now.
const inPlaylist = math.MaxInt64

// when is the time of the latest event that still holds: a like taken
// back leaves the entry as if it had never been.
func (en entry) when() int64 {
	if en.like {
		return max(en.at, en.likeAt)
	}
	return en.at
}

// history is a listener's entries, oldest first: by when, then by song id,
// whatever order the events came in, so that an instance that loaded them
// at start holds the same state as one that applied them live.
type history struct {
	entries []entry
	at      map[int32]int // song → index in entries
}

// decayed is a count whose old events fade with a half-life.
type decayed struct {
	v  float64
	at int64
}

// add counts w at a time, faded to the latest time seen: in any order,
// the events add up to the same value.
func (d *decayed) add(w float64, at int64) {
	if at >= d.at {
		d.v = d.valueAt(at) + w
		d.at = at
		return
	}
	d.v += w * math.Exp2(-float64(d.at-at)/popHalfLife.Seconds())
}

func (d decayed) valueAt(now int64) float64 {
	if d.v == 0 || now <= d.at {
		return d.v
	}
	return d.v * math.Exp2(-float64(now-d.at)/popHalfLife.Seconds())
}

// New makes an empty engine reading time from now.
func New(now func() time.Time) *Engine {
	if now == nil {
		now = time.Now
	}
	return &Engine{
		now: now, songIndex: map[string]int32{}, byArtist: map[string][]int32{},
		listeners: map[string]int32{}, text: newTextIndex(), owners: map[string]int32{},
	}
}

// SongAdded makes a song known, with its artist and lyrics as content. A
// song already known has its words replaced (a transcript arrived).
func (e *Engine) SongAdded(s *musicify.Song) {
	e.mu.Lock()
	defer e.mu.Unlock()
	i := e.songOf(s.ID)
	// A song added again may come under a new name: an uploader who chose
	// their artist name, a retagged file. It is listed once, under the new one.
	e.ungroup(i)
	e.songs[i] = song{id: s.ID, artist: s.Artist, featured: featuredOf(s), owner: e.ownerOf(s.UserID), alive: true}
	for _, a := range e.songs[i].groups() {
		e.byArtist[a] = append(e.byArtist[a], i)
	}
	e.text.remove(i)
	e.text.add(i, s.Name+" "+s.Album+" "+s.Genre+" "+s.Text)
	e.changes++
}

// ownerOf interns an uploader id; e.mu is held.
func (e *Engine) ownerOf(userID string) int32 {
	if o, ok := e.owners[userID]; ok {
		return o
	}
	o := int32(len(e.owners))
	e.owners[userID] = o
	return o
}

// ownerIndex is the interned id of a user, or -1 for one who uploaded nothing.
func (e *Engine) ownerIndex(userID string) int32 {
	if o, ok := e.owners[userID]; ok {
		return o
	}
	return -1
}

// songOf returns the index of a song id, making room for a new one; e.mu is held.
func (e *Engine) songOf(id string) int32 {
	if i, ok := e.songIndex[id]; ok {
		return i
	}
	i := int32(len(e.songs))
	e.songIndex[id] = i
	e.songs = append(e.songs, song{id: id})
	e.consumers = append(e.consumers, nil)
	e.plays = append(e.plays, decayed{})
	e.total = append(e.total, 0)
	return i
}

func (e *Engine) SongRemoved(id string) {
	e.mu.Lock()
	defer e.mu.Unlock()
	if i, ok := e.songIndex[id]; ok {
		e.songs[i].alive = false
		// Its listens, likes and playlist places go, as the database's
		// rows do: an instance that starts later never sees them.
		e.plays[i], e.total[i] = decayed{}, 0
		if int(i) < len(e.vecs) && e.vecs[i] != nil {
			e.vecs[i] = nil
			e.withVecs = slices.DeleteFunc(e.withVecs, func(x int32) bool { return x == i })
		}
		e.text.remove(i)
		e.ungroup(i)
		for l, h := range e.hist {
			if _, in := h.at[i]; in {
				e.drop(int32(l), i)
			}
		}
	}
}

func (e *Engine) Listened(user, songID string, at time.Time) {
	e.interact(user, songID, at, weightListen, false, true)
}

func (e *Engine) Liked(user, songID string, at time.Time) {
	e.interact(user, songID, at, weightLike, true, false)
}

func (e *Engine) Interested(user, songID string, at time.Time) {
	e.interact(user, songID, at, weightInterest, false, false)
}

func (e *Engine) interact(user, songID string, at time.Time, w float32, like, play bool) {
	e.mu.Lock()
	defer e.mu.Unlock()
	s, ok := e.songIndex[songID]
	if !ok || !e.songs[s].alive {
		return // a song deleted meanwhile, or not yet loaded
	}
	l := e.listenerOf("u:" + user)
	e.touch(l, s, w, at.Unix(), like)
	e.changes++
	if play {
		e.plays[s].add(1, at.Unix())
		e.total[s]++
	}
}

func (e *Engine) Unliked(user, songID string) {
	e.mu.Lock()
	defer e.mu.Unlock()
	s, ok := e.songIndex[songID]
	l, lok := e.listeners["u:"+user]
	if !ok || !lok {
		return
	}
	h := e.hist[l]
	if k, in := h.at[s]; in && h.entries[k].like {
		e.changes++
		en := h.entries[k]
		en.like, en.likeAt = false, 0
		en.w -= weightLike
		if en.w <= 0 {
			e.drop(l, s)
			return
		}
		e.place(l, k, en)
	}
}

// PlaylistChanged makes the playlist a listener of exactly its songs.
func (e *Engine) PlaylistChanged(playlistID string, songIDs []string) {
	e.mu.Lock()
	defer e.mu.Unlock()
	l := e.listenerOf("p:" + playlistID)
	e.changes++
	keep := map[int32]bool{}
	for _, id := range songIDs {
		if s, ok := e.songIndex[id]; ok && e.songs[s].alive {
			keep[s] = true
		}
	}
	for _, en := range append([]entry(nil), e.hist[l].entries...) {
		if !keep[en.song] {
			e.drop(l, en.song)
		}
	}
	for _, id := range songIDs { // a playlist's entries are timeless
		if s, ok := e.songIndex[id]; ok && e.songs[s].alive {
			if _, in := e.hist[l].at[s]; !in {
				e.touch(l, s, weightPlaylist, inPlaylist, false)
			}
		}
	}
}

func (e *Engine) listenerOf(key string) int32 {
	if l, ok := e.listeners[key]; ok {
		return l
	}
	l := int32(len(e.hist))
	e.listeners[key] = l
	e.keys = append(e.keys, key)
	e.hist = append(e.hist, &history{at: map[int32]int{}})
	return l
}

// touch adds weight to a listener's relation to a song, keeping both the
// listener's history and the song's listeners bounded to the most recent.
func (e *Engine) touch(l, s int32, w float32, at int64, like bool) {
	h := e.hist[l]
	if k, ok := h.at[s]; ok {
		en := h.entries[k]
		if like && en.like {
			return // liking twice changes nothing
		}
		en.w = min(en.w+w, maxEntryWeight)
		if like {
			en.like, en.likeAt = true, at
		} else {
			en.at = max(en.at, at)
		}
		e.place(l, k, en)
		return
	}
	if len(h.entries) >= historyCap+historyCap/2 {
		e.evict(l, historyCap/2) // the oldest go, a batch at a time
	}
	en := entry{song: s, w: w, at: at}
	if like {
		en.at, en.like, en.likeAt = 0, true, at
	}
	h.entries = append(h.entries, en)
	h.at[s] = len(h.entries) - 1
	e.place(l, len(h.entries)-1, en)
	e.relist(l, s)
}

// before orders two of a listener's entries: by when, then by song id.
func (e *Engine) before(a, b entry) bool {
	if a.when() != b.when() {
		return a.when() < b.when()
	}
	return e.songs[a.song].id < e.songs[b.song].id
}

// place writes en at index k of l's history and moves it to its place in
// the order, and l to its place among the song's listeners.
func (e *Engine) place(l int32, k int, en entry) {
	h := e.hist[l]
	moved := h.entries[k].when() != en.when()
	h.entries[k] = en
	for k > 0 && e.before(en, h.entries[k-1]) {
		h.entries[k] = h.entries[k-1]
		h.at[h.entries[k].song] = k
		k--
	}
	for k < len(h.entries)-1 && e.before(h.entries[k+1], en) {
		h.entries[k] = h.entries[k+1]
		h.at[h.entries[k].song] = k
		k++
	}
	h.entries[k] = en
	h.at[en.song] = k
	if moved {
		e.relist(l, en.song)
	}
}

// relist puts a listener whose entry for s changed time at its place among
// the song's listeners: moved, or back in when it had fallen off the cap.
func (e *Engine) relist(l, s int32) {
	j := slices.Index(e.consumers[s], l)
	if j < 0 {
		e.consumers[s] = append(e.consumers[s], l)
		j = len(e.consumers[s]) - 1
	}
	e.placeConsumer(s, j)
	if cons := e.consumers[s]; len(cons) > consumersCap { // the song's oldest listeners stop counting for it
		e.consumers[s] = append(cons[:0:0], cons[len(cons)-consumersCap:]...)
	}
}

// placeConsumer moves the listener at index j of a song's listeners to its
// place: by when they last played it, then by their key.
func (e *Engine) placeConsumer(s int32, j int) {
	cons := e.consumers[s]
	when := func(l int32) int64 { return e.hist[l].entries[e.hist[l].at[s]].when() }
	less := func(a, b int32) bool {
		if wa, wb := when(a), when(b); wa != wb {
			return wa < wb
		}
		return e.keys[a] < e.keys[b]
	}
	l := cons[j]
	for j > 0 && less(l, cons[j-1]) {
		cons[j] = cons[j-1]
		j--
	}
	for j < len(cons)-1 && less(cons[j+1], l) {
		cons[j] = cons[j+1]
		j++
	}
	cons[j] = l
}

// evict removes a listener's n oldest entries in one pass.
func (e *Engine) evict(l int32, n int) {
	h := e.hist[l]
	for _, en := range h.entries[:n] {
		delete(h.at, en.song)
		e.unlist(l, en.song)
	}
	h.entries = append(h.entries[:0], h.entries[n:]...)
	for j, en := range h.entries {
		h.at[en.song] = j
	}
}

// unlist removes a listener from a song's listeners.
func (e *Engine) unlist(l, s int32) {
	cons := e.consumers[s]
	for j, c := range cons {
		if c == l {
			e.consumers[s] = append(cons[:j], cons[j+1:]...)
			return
		}
	}
}

// drop removes a song from a listener's history and the listener from the song's.
func (e *Engine) drop(l, s int32) {
	h := e.hist[l]
	k, ok := h.at[s]
	if !ok {
		return
	}
	h.entries = append(h.entries[:k], h.entries[k+1:]...)
	delete(h.at, s)
	for j := k; j < len(h.entries); j++ {
		h.at[h.entries[j].song] = j
	}
	e.unlist(l, s)
}
