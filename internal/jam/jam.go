// Package jam runs Jams: live sessions where friends share one queue and
// hear the same second of the same song. The rules live here; the state is
// the store's, read and saved whole on each change, so every instance
// serves the same Jam and a restart loses nothing. Each change is announced
// on the live hub under Topic(id), and clients read the Jam again.
package jam

import (
	"context"
	"crypto/rand"
	"crypto/subtle"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/musicify/musicify/internal/musicify"
)

// Publisher carries a short "changed" message to whoever follows a Jam, on
// every instance.
type Publisher interface {
	Publish(topic string, msg []byte)
}

// Picker ranks songs for a person (the recommender).
type Picker interface {
	ForUser(userID string, n int) []string
}

// Songs reads the songs added to a queue.
type Songs interface {
	SongsByIDs(ctx context.Context, ids []string) ([]*musicify.Song, error)
}

// Service applies the Jam's rules.
type Service struct {
	Store musicify.JamStore
	Songs Songs
	// Picks fills a queue that runs low; nil leaves it to the members.
	Picks Picker
	Hub   Publisher
	Now   func() time.Time
}

// Topic is the live hub's topic of a Jam's changes.
func Topic(id string) string { return "jam:" + id }

// Bounds of the rules.
const (
	// lowWater: with fewer songs than this queued after the one playing,
	// the Jam adds its own picks.
	lowWater  = 2
	fillCount = 5
	keepHeard = 50
	maxAdd    = 100
	// restartWithin: "previous" this far into a song starts it again.
	restartWithin = 3 * time.Second
)

// Start makes a Jam hosted by user, who leaves any other Jam first. A host
// who already has a Jam gets it back.
func (s *Service) Start(ctx context.Context, user *musicify.User) (*musicify.Jam, error) {
	if id, err := s.Store.JamOf(ctx, user.ID); err == nil {
		j, err := s.Store.Jam(ctx, id)
		if err != nil {
			return nil, err
		}
		if j.HostID == user.ID {
			return s.Get(ctx, j.ID)
		}
		if err := s.Leave(ctx, user, id); err != nil {
			return nil, err
		}
	} else if !(musicify.ErrorCode(err) == musicify.ENOTFOUND) {
		return nil, err
	}
	now := s.Now().UTC().Truncate(time.Millisecond)
	j := &musicify.Jam{ID: musicify.NewID(), HostID: user.ID, Created: now, Anchor: now,
		Members: []musicify.JamMember{{UserID: user.ID, Username: user.Username, Joined: now}}}
	if err := s.Store.CreateJam(ctx, j); err != nil {
		return nil, err
	}
	return j, nil
}

// Get reads a Jam as it is now: songs whose time is up have given way to
// the next ones (and that is saved, so all instances agree).
func (s *Service) Get(ctx context.Context, id string) (*musicify.Jam, error) {
	j, err := s.Store.Jam(ctx, id)
	if err != nil || j.Ended {
		return j, err
	}
	before := j.Version
	if !s.catchUp(j) {
		return j, nil
	}
	s.fill(ctx, j)
	switch err := s.Store.SaveJam(ctx, j, before); {
	case err == nil:
		s.announce(j)
		return j, nil
	case (musicify.ErrorCode(err) == musicify.ECONFLICT):
		return s.Store.Jam(ctx, id) // another reader caught it up
	default:
		return nil, err
	}
}

// change applies fn to the Jam as it is now and saves it, trying again
// over a newer version when another change came first.
func (s *Service) change(ctx context.Context, id string, fn func(j *musicify.Jam) error) (*musicify.Jam, error) {
	for range 8 {
		j, err := s.Store.Jam(ctx, id)
		if err != nil {
			return nil, err
		}
		if j.Ended {
			return nil, ended()
		}
		before := j.Version
		s.catchUp(j)
		if err := fn(j); err != nil {
			return nil, err
		}
		if !j.Ended {
			s.fill(ctx, j)
		}
		err = s.Store.SaveJam(ctx, j, before)
		if musicify.ErrorCode(err) == musicify.ECONFLICT {
			continue
		}
		if err != nil {
			return nil, err
		}
		s.announce(j)
		return j, nil
	}
	return nil, musicify.Errorf(musicify.EUNAVAILABLE, "The Jam is changing too fast to keep up; try again in a moment.")
}

func ended() error {
	return musicify.Errorf(musicify.EEXPIRED, "This Jam has ended.")
}

// announce tells every follower of the Jam that it changed.
func (s *Service) announce(j *musicify.Jam) {
	if s.Hub == nil {
		return
	}
	b, _ := json.Marshal(struct {
		Type    string `json:"type"`
		Jam     string `json:"jam"`
		Version int64  `json:"version"`
	}{"jam", j.ID, j.Version})
	s.Hub.Publish(Topic(j.ID), b)
}

// Member reports whether the user is in the Jam.
func Member(j *musicify.Jam, userID string) bool {
	return slices.ContainsFunc(j.Members, func(m musicify.JamMember) bool { return m.UserID == userID })
}

// CanControl reports whether the user may reorder, skip and remove.
func CanControl(j *musicify.Jam, userID string) bool {
	return userID == j.HostID || (j.GuestsControl && Member(j, userID))
}

func mustBeMember(j *musicify.Jam, userID string) error {
	if !Member(j, userID) {
		return musicify.Errorf(musicify.EFORBIDDEN, "Join this Jam first.")
	}
	return nil
}

func mustControl(j *musicify.Jam, userID string) error {
	if err := mustBeMember(j, userID); err != nil {
		return err
	}
	if !CanControl(j, userID) {
		return musicify.Errorf(musicify.EFORBIDDEN, "Only the host can do that in this Jam.")
	}
	return nil
}

// Join adds the user to the Jam, leaving any other one first.
func (s *Service) Join(ctx context.Context, user *musicify.User, id string) (*musicify.Jam, error) {
	if other, err := s.Store.JamOf(ctx, user.ID); err == nil && other != id {
		if err := s.Leave(ctx, user, other); err != nil && !(musicify.ErrorCode(err) == musicify.EEXPIRED) {
			return nil, err
		}
	}
	return s.change(ctx, id, func(j *musicify.Jam) error {
		if Member(j, user.ID) {
			return nil
		}
		if len(j.Members) >= musicify.JamMaxMembers {
			return musicify.Errorf(musicify.EFORBIDDEN, "This Jam is full: %d people at most.", musicify.JamMaxMembers)
		}
		j.Members = append(j.Members, musicify.JamMember{UserID: user.ID, Username: user.Username, Joined: s.Now().UTC().Truncate(time.Millisecond)})
		return nil
	})
}

// Leave takes the user out of the Jam; the host leaving ends it.
func (s *Service) Leave(ctx context.Context, user *musicify.User, id string) error {
	_, err := s.change(ctx, id, func(j *musicify.Jam) error {
		if user.ID == j.HostID {
			endJam(j)
			return nil
		}
		removeMember(j, user.ID)
		return nil
	})
	return err
}

// Remove is the host taking a member out.
func (s *Service) Remove(ctx context.Context, host *musicify.User, id, userID string) (*musicify.Jam, error) {
	return s.change(ctx, id, func(j *musicify.Jam) error {
		if host.ID != j.HostID {
			return musicify.Errorf(musicify.EFORBIDDEN, "Only the host can remove people from this Jam.")
		}
		if userID == j.HostID {
			return musicify.Errorf(musicify.EINVALID, "The host cannot be removed; end the Jam instead.")
		}
		if !Member(j, userID) {
			return musicify.Errorf(musicify.ENOTFOUND, "That person is not in this Jam.")
		}
		removeMember(j, userID)
		return nil
	})
}

func removeMember(j *musicify.Jam, userID string) {
	j.Members = slices.DeleteFunc(j.Members, func(m musicify.JamMember) bool { return m.UserID == userID })
	j.Votes = slices.DeleteFunc(j.Votes, func(v string) bool { return v == userID })
}

// End is the host ending the Jam for everyone.
func (s *Service) End(ctx context.Context, host *musicify.User, id string) error {
	_, err := s.change(ctx, id, func(j *musicify.Jam) error {
		if host.ID != j.HostID {
			return musicify.Errorf(musicify.EFORBIDDEN, "Only the host can end this Jam.")
		}
		endJam(j)
		return nil
	})
	return err
}

func endJam(j *musicify.Jam) {
	j.Ended, j.Playing = true, false
}

// Settings changes what guests may do; only the host may.
func (s *Service) Settings(ctx context.Context, host *musicify.User, id string, guestsControl bool) (*musicify.Jam, error) {
	return s.change(ctx, id, func(j *musicify.Jam) error {
		if host.ID != j.HostID {
			return musicify.Errorf(musicify.EFORBIDDEN, "Only the host can change this Jam's settings.")
		}
		j.GuestsControl = guestsControl
		return nil
	})
}

// Visitors lets people without an account listen through the listen-only
// link (on), or stops every such link at once (off); only the host may.
// Turning it on when it is off makes a new key, so a link given out before
// it was turned off never works again.
func (s *Service) Visitors(ctx context.Context, host *musicify.User, id string, on bool) (*musicify.Jam, error) {
	return s.change(ctx, id, func(j *musicify.Jam) error {
		if host.ID != j.HostID {
			return musicify.Errorf(musicify.EFORBIDDEN, "Only the host can change this Jam's settings.")
		}
		switch {
		case !on:
			j.VisitorKey = ""
		case j.VisitorKey == "":
			j.VisitorKey = newVisitorKey()
		}
		return nil
	})
}

// newVisitorKey is 192 random bits, URL-safe.
func newVisitorKey() string {
	var b [24]byte
	if _, err := rand.Read(b[:]); err != nil {
		panic(err) // crypto/rand does not fail on supported platforms
	}
	return base64.RawURLEncoding.EncodeToString(b[:])
}

// Visit reads the Jam for a visitor holding its listen-only key: the Jam as
// it is now, ENOTFOUND/EFORBIDDEN for a wrong or revoked key and EEXPIRED
// once the Jam has ended (for the right key only, so a wrong key learns
// nothing).
func (s *Service) Visit(ctx context.Context, id, key string) (*musicify.Jam, error) {
	if key == "" {
		return nil, musicify.Errorf(musicify.EUNAUTHORIZED, "Open the Jam's listen-only link again: this address has lost its key.")
	}
	j, err := s.Get(ctx, id)
	if err != nil {
		return nil, err
	}
	if j.VisitorKey == "" || subtle.ConstantTimeCompare([]byte(key), []byte(j.VisitorKey)) != 1 {
		return nil, musicify.Errorf(musicify.EFORBIDDEN, "This listen-only link no longer works. Ask the host for a new one.")
	}
	if j.Ended {
		return nil, ended()
	}
	return j, nil
}

// Add puts songs at the end of the queue, or right after the song playing
// when next is set. A Jam with nothing playing starts with them.
func (s *Service) Add(ctx context.Context, user *musicify.User, id string, songIDs []string, next bool) (*musicify.Jam, error) {
	switch {
	case len(songIDs) == 0:
		return nil, musicify.Errorf(musicify.EINVALID, "Choose at least one song to add (songs).").In("songs")
	case len(songIDs) > maxAdd:
		return nil, musicify.Errorf(musicify.EINVALID, "Add at most %d songs at once (songs).", maxAdd).In("songs")
	}
	songs, err := s.Songs.SongsByIDs(ctx, songIDs)
	if err != nil {
		return nil, err
	}
	if len(songs) != len(songIDs) {
		return nil, musicify.Errorf(musicify.EINVALID, "Some of these songs are no longer in the library (songs).").In("songs")
	}
	return s.change(ctx, id, func(j *musicify.Jam) error {
		if err := mustBeMember(j, user.ID); err != nil {
			return err
		}
		if room := musicify.JamMaxQueue - len(j.Queue); len(songs) > room {
			return musicify.Errorf(musicify.ETOOLARGE, "A Jam's queue holds %d songs at most; %d more fit.", musicify.JamMaxQueue, max(room, 0))
		}
		entries := make([]musicify.JamEntry, len(songs))
		for i, sg := range songs {
			entries[i] = musicify.JamEntry{ID: musicify.NewID(), SongID: sg.ID, Duration: sg.Duration, AddedBy: user.ID}
		}
		at := len(j.Queue)
		if next && at > 0 {
			at = 1
			// The Jam's own picks wait behind what people chose.
		} else if i := slices.IndexFunc(j.Queue, func(e musicify.JamEntry) bool { return e.AddedBy == "" }); i > 0 {
			at = i
		}
		startFresh := len(j.Queue) == 0
		j.Queue = slices.Insert(j.Queue, at, entries...)
		if startFresh {
			j.Playing, j.Position, j.Anchor = true, 0, s.Now().UTC()
		}
		return nil
	})
}

// Drop removes a queued song: whoever added it, or anyone who controls.
// Dropping the song playing skips it.
func (s *Service) Drop(ctx context.Context, user *musicify.User, id, entryID string) (*musicify.Jam, error) {
	return s.change(ctx, id, func(j *musicify.Jam) error {
		if err := mustBeMember(j, user.ID); err != nil {
			return err
		}
		i := slices.IndexFunc(j.Queue, func(e musicify.JamEntry) bool { return e.ID == entryID })
		if i < 0 {
			return musicify.Errorf(musicify.ENOTFOUND, "That song is no longer in the queue.")
		}
		if j.Queue[i].AddedBy != user.ID && !CanControl(j, user.ID) {
			return musicify.Errorf(musicify.EFORBIDDEN, "Only the host can remove songs other people added.")
		}
		if i == 0 {
			s.advance(j, s.Now())
			return nil
		}
		j.Queue = slices.Delete(j.Queue, i, i+1)
		return nil
	})
}

// Move puts a queued song at index to (1…: the song playing stays first).
func (s *Service) Move(ctx context.Context, user *musicify.User, id, entryID string, to int) (*musicify.Jam, error) {
	return s.change(ctx, id, func(j *musicify.Jam) error {
		if err := mustControl(j, user.ID); err != nil {
			return err
		}
		i := slices.IndexFunc(j.Queue, func(e musicify.JamEntry) bool { return e.ID == entryID })
		switch {
		case i < 0:
			return musicify.Errorf(musicify.ENOTFOUND, "That song is no longer in the queue.")
		case i == 0:
			return musicify.Errorf(musicify.EINVALID, "The song playing stays first; skip it instead.")
		case to < 1 || to >= len(j.Queue):
			return musicify.Errorf(musicify.EINVALID, "Choose a place from 1 to %d in the queue (index).", len(j.Queue)-1).In("index")
		}
		e := j.Queue[i]
		j.Queue = slices.Insert(slices.Delete(j.Queue, i, i+1), to, e)
		return nil
	})
}

// Playback actions.
const (
	Play     = "play"
	Pause    = "pause"
	Seek     = "seek"
	Next     = "next"
	Previous = "previous"
	// Ended is a player saying the song came to its end: the Jam moves on
	// if the song it names is still first (players all say it at once).
	Ended = "ended"
)

// Control plays, pauses, seeks or skips. A member who may not control
// votes to skip instead: more than half of the members skip the song.
func (s *Service) Control(ctx context.Context, user *musicify.User, id, action string, position float64, entryID string) (*musicify.Jam, error) {
	return s.change(ctx, id, func(j *musicify.Jam) error {
		if err := mustBeMember(j, user.ID); err != nil {
			return err
		}
		now := s.Now().UTC()
		if action == Ended {
			if len(j.Queue) > 0 && j.Queue[0].ID == entryID {
				s.advance(j, now)
			}
			return nil
		}
		if action == Next && !CanControl(j, user.ID) {
			if len(j.Queue) == 0 {
				return nil
			}
			if !slices.Contains(j.Votes, user.ID) {
				j.Votes = append(j.Votes, user.ID)
			}
			if 2*len(j.Votes) > len(j.Members) {
				s.advance(j, now)
			}
			return nil
		}
		if err := mustControl(j, user.ID); err != nil {
			return err
		}
		if len(j.Queue) == 0 {
			return musicify.Errorf(musicify.EINVALID, "The queue is empty: add a song first.")
		}
		at := Position(j, now)
		switch action {
		case Play:
			j.Playing, j.Position, j.Anchor = true, at, now
		case Pause:
			j.Playing, j.Position, j.Anchor = false, at, now
		case Seek:
			d := j.Queue[0].Duration
			if position < 0 || (d > 0 && position > d) {
				return musicify.Errorf(musicify.EINVALID, "Seek to a second within the song: 0 to %.0f (position).", d).In("position")
			}
			j.Position, j.Anchor = time.Duration(position*float64(time.Second)), now
		case Next:
			s.advance(j, now)
		case Previous:
			j.Position, j.Anchor = 0, now
			if at > restartWithin || len(j.Played) == 0 {
				return nil
			}
			// Early in a song, previous brings back the one before.
			last := j.Played[len(j.Played)-1]
			songs, err := s.Songs.SongsByIDs(ctx, []string{last})
			if err != nil || len(songs) == 0 {
				return err
			}
			j.Played = j.Played[:len(j.Played)-1]
			j.Queue = slices.Insert(j.Queue, 0, musicify.JamEntry{ID: musicify.NewID(), SongID: last, Duration: songs[0].Duration, AddedBy: user.ID})
			j.Votes = nil
		default:
			return musicify.Errorf(musicify.EINVALID, "Unknown action %q: use play, pause, seek, next, previous or ended (action).", action).In("action")
		}
		return nil
	})
}

// Position is where the first song is at the server time now.
func Position(j *musicify.Jam, now time.Time) time.Duration {
	if !j.Playing {
		return j.Position
	}
	return j.Position + now.Sub(j.Anchor)
}

// catchUp lets the songs whose time ran out give way, each at the moment it
// ended; it reports whether anything changed.
func (s *Service) catchUp(j *musicify.Jam) bool {
	now, changed := s.Now(), false
	for j.Playing && len(j.Queue) > 0 {
		d := time.Duration(j.Queue[0].Duration * float64(time.Second))
		if d <= 0 || Position(j, now) < d {
			break // a song of unknown length ends when a player says so
		}
		s.advance(j, j.Anchor.Add(d-j.Position))
		changed = true
	}
	return changed
}

// advance moves on to the next song, which starts at `at`.
func (s *Service) advance(j *musicify.Jam, at time.Time) {
	if len(j.Queue) == 0 {
		return
	}
	j.Played = append(j.Played, j.Queue[0].SongID)
	if len(j.Played) > keepHeard {
		j.Played = j.Played[len(j.Played)-keepHeard:]
	}
	j.Queue = j.Queue[1:]
	j.Position, j.Anchor, j.Votes = 0, at.UTC(), nil
	if len(j.Queue) == 0 {
		j.Playing = false
	}
}

// fill adds the Jam's own picks when its queue runs low: songs the members
// would like, taken from each in turn, none queued or heard lately. A Jam
// nobody added to yet stays empty.
func (s *Service) fill(ctx context.Context, j *musicify.Jam) {
	if s.Picks == nil || len(j.Queue) > lowWater || (len(j.Queue) == 0 && len(j.Played) == 0) {
		return
	}
	seen := map[string]bool{}
	for _, e := range j.Queue {
		seen[e.SongID] = true
	}
	for _, id := range j.Played {
		seen[id] = true
	}
	lists := make([][]string, len(j.Members))
	for i, m := range j.Members {
		lists[i] = s.Picks.ForUser(m.UserID, 4*fillCount)
	}
	var picks []string
	for round := 0; len(picks) < fillCount && round < 4*fillCount; round++ {
		for _, l := range lists {
			if round < len(l) && !seen[l[round]] && len(picks) < fillCount {
				seen[l[round]] = true
				picks = append(picks, l[round])
			}
		}
	}
	if len(picks) == 0 {
		return
	}
	songs, err := s.Songs.SongsByIDs(ctx, picks)
	if err != nil {
		return // the members add songs themselves meanwhile
	}
	reason := "For " + names(j.Members)
	for _, sg := range songs {
		if len(j.Queue) >= musicify.JamMaxQueue {
			break
		}
		j.Queue = append(j.Queue, musicify.JamEntry{ID: musicify.NewID(), SongID: sg.ID, Duration: sg.Duration, Reason: reason})
	}
	if !j.Playing && len(j.Played) > 0 && j.Position == 0 && len(j.Queue) == len(songs) {
		j.Playing, j.Anchor = true, s.Now().UTC() // the queue had run out: the picks play on
	}
}

// names says who a pick is for: "ana", "ana and ben", "ana, ben and 3 more".
func names(members []musicify.JamMember) string {
	n := make([]string, 0, 2)
	for _, m := range members {
		if len(n) == 2 {
			break
		}
		n = append(n, strings.ReplaceAll(m.Username, "-", " "))
	}
	switch {
	case len(members) == 0:
		return "everyone"
	case len(members) == 1:
		return n[0]
	case len(members) == 2:
		return n[0] + " and " + n[1]
	case len(members) == 3:
		return fmt.Sprintf("%s, %s and 1 more", n[0], n[1])
	default:
		return fmt.Sprintf("%s, %s and %d more", n[0], n[1], len(members)-2)
	}
}

// Follow is the topic of a Jam's changes, for one of its members.
func (s *Service) Follow(ctx context.Context, userID, id string) (string, error) {
	j, err := s.Store.Jam(ctx, id)
	if err != nil {
		return "", err
	}
	if err := mustBeMember(j, userID); err != nil {
		return "", err
	}
	return Topic(id), nil
}
