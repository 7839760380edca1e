package sqlstore

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/musicify/musicify/internal/musicify"
)

// songCredit is a song_artists row but its song.
type songCredit struct {
	artistID, role, subRole string
	position                int
}

// creditsOf is what the tags credit, main artist first: their Credits,
// or, for tags that carry none (a path, a store test), Artists and
// AlbumArtist as the song's artists and album artist. A song always has a
// main artist and an album artist.
func creditsOf(tags musicify.TrackTags) []musicify.Credit {
	var out []musicify.Credit
	hasAlbum := false
	for _, c := range tags.Credits {
		if c.Name = strings.Join(strings.Fields(c.Name), " "); c.Name == "" || c.Role == "" {
			continue
		}
		hasAlbum = hasAlbum || c.Role == musicify.RoleAlbumArtist
		out = append(out, c)
	}
	if len(out) == 0 || out[0].Role != musicify.RoleArtist {
		names := tags.Artists
		if len(names) == 0 {
			names = []string{tags.Artist}
		}
		main := strings.TrimSpace(names[0])
		if main == "" {
			main = "Unknown Artist"
		}
		out = append([]musicify.Credit{{Name: main, MBID: tags.MBArtistID, Role: musicify.RoleArtist}}, out...)
	}
	if !hasAlbum {
		album := strings.TrimSpace(tags.AlbumArtist)
		if tags.Compilation && album == "" {
			album = musicify.VariousArtists
		}
		if album == "" {
			album = out[0].Name
		}
		out = append(out, musicify.Credit{Name: album, Role: musicify.RoleAlbumArtist})
	}
	return out
}

// setCredits replaces a song's song_artists rows.
func (t *Tx) setCredits(ctx context.Context, songID string, credits []songCredit) error {
	if _, err := t.exec(ctx, `DELETE FROM song_artists WHERE song_id = ?`, songID); err != nil {
		return fmt.Errorf("storing artists: %w", err)
	}
	seen := map[songCredit]bool{}
	for _, c := range credits {
		key := songCredit{artistID: c.artistID, role: c.role, subRole: c.subRole}
		if seen[key] {
			continue // "A & A", or one name in two spellings
		}
		seen[key] = true
		if _, err := t.exec(ctx, `INSERT INTO song_artists (song_id, artist_id, role, sub_role, position) VALUES (?, ?, ?, ?, ?)`,
			songID, c.artistID, c.role, c.subRole, c.position); err != nil {
			return fmt.Errorf("storing artists: %w", err)
		}
	}
	return nil
}

// setArtistSort keeps the sort name the tags give an artist, once a batch.
func (t *Tx) setArtistSort(ctx context.Context, c *placeCache, artistID, sort string) error {
	if c != nil {
		if c.sorts == nil {
			c.sorts = map[string]string{}
		}
		if c.sorts[artistID] == sort {
			return nil
		}
		c.sorts[artistID] = sort
	}
	if _, err := t.exec(ctx, `UPDATE artists SET sort_name = ? WHERE id = ? AND sort_name <> ?`, sort, artistID, sort); err != nil {
		return fmt.Errorf("storing artist sort name: %w", err)
	}
	return nil
}

// uploadCredits credits an upload to its uploader's artist, who is also
// its album's artist.
func (t *Tx) uploadCredits(ctx context.Context, s *musicify.Song) error {
	return t.setCredits(ctx, s.ID, []songCredit{
		{artistID: s.ArtistID, role: musicify.RoleArtist},
		{artistID: s.ArtistID, role: musicify.RoleAlbumArtist},
	})
}

// fillArtists reads the credits of songs in one query a few hundred songs.
func fillArtists(ctx context.Context, q querier, songs []*musicify.Song) error {
	byID := make(map[string]*musicify.Song, len(songs))
	ids := make([]string, 0, len(songs))
	for _, s := range songs {
		if s != nil && byID[s.ID] == nil {
			byID[s.ID] = s
			ids = append(ids, s.ID)
			s.Artists = nil
		}
	}
	for start := 0; start < len(ids); start += 500 {
		batch := ids[start:min(start+500, len(ids))]
		rows, err := q.query(ctx, `SELECT sa.song_id, ar.id, ar.name, sa.role, sa.sub_role FROM song_artists sa
			JOIN artists ar ON ar.id = sa.artist_id WHERE sa.song_id IN (`+placeholders(len(batch))+`)
			ORDER BY sa.song_id, CASE sa.role WHEN 'artist' THEN 0 WHEN 'featured' THEN 1 WHEN 'albumartist' THEN 2
				WHEN 'composer' THEN 3 ELSE 4 END, sa.role, sa.position, ar.name_key`, anys(batch)...)
		if err != nil {
			return fmt.Errorf("reading song artists: %w", err)
		}
		for rows.Next() {
			var songID string
			var a musicify.SongArtist
			if err := rows.Scan(&songID, &a.ID, &a.Name, &a.Role, &a.SubRole); err != nil {
				rows.Close()
				return fmt.Errorf("reading song artists: %w", err)
			}
			byID[songID].Artists = append(byID[songID].Artists, a)
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return fmt.Errorf("reading song artists: %w", err)
		}
	}
	return nil
}

// songData is what song.added tells of a song: with its artists by name,
// for the recommender's grouping by artist, when there is more than the
// shown one.
func songData(s *musicify.Song) ([]byte, error) {
	var names []string
	for _, a := range s.Performers() {
		names = append(names, a.Name)
	}
	if len(names) == 1 && names[0] == s.Artist {
		names = nil // says nothing Artist does not
	}
	return json.Marshal(musicify.SongData{Name: s.Name, Artist: s.Artist, Artists: names, Album: s.Album, Genre: s.Genre, Text: s.Text})
}

// performsOn keeps the songs artist ? (an id) performs on: their own
// (songs.artist_id, which uploads made before credits also have) or
// those crediting them as a main or featured artist.
const performsOn = `(s.artist_id = ? OR s.id IN (SELECT sa.song_id FROM song_artists sa
	WHERE sa.artist_id = ? AND sa.role IN ('artist', 'featured')))`
