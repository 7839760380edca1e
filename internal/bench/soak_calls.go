package bench

import (
	"bytes"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"strings"
)

// webOps is what a person does in the web app, weighted by how often: a
// listener browses, searches and plays far more than they edit.
func (m *soakMix) webOps() []*soakOp {
	cat := &m.cat
	return []*soakOp{
		single(2, "GET /home (the page and its first answers)", func(c *soakCall) error { return c.get("/home") }),
		single(2, "GET /api/recommend/all", func(c *soakCall) error { return c.get("/api/recommend/all") }),
		single(1, "GET /api/recommend/artist", func(c *soakCall) error { return c.get("/api/recommend/artist") }),
		single(1, "GET /api/recommend/top", func(c *soakCall) error { return c.get("/api/recommend/top") }),
		single(1, "GET /api/recommend/song/{id}", func(c *soakCall) error {
			return c.get("/api/recommend/song/" + pick(c.r, cat.songs))
		}),
		single(1, "GET /api/recommend/radio/{id}", func(c *soakCall) error {
			return c.get("/api/recommend/radio/" + pick(c.r, cat.songs) + "?limit=25")
		}),
		single(1, "GET /api/search/all (songs)", func(c *soakCall) error { _, err := c.u.listSongs(); return err }),
		single(2, "GET /api/albums", func(c *soakCall) error {
			sort := pick(c.r, []string{"recent", "name", "artist", "year", "plays", "random"})
			return c.get(fmt.Sprintf("/api/albums?sort=%s&offset=%d&limit=50", sort, c.r.IntN(len(cat.albums)/50+1)*50))
		}),
		single(2, "GET /api/albums/{id}", func(c *soakCall) error { return c.get("/api/albums/" + pick(c.r, cat.albums)) }),
		single(2, "GET /api/artists/{name}", func(c *soakCall) error {
			return c.get("/api/artists/" + url.PathEscape(pick(c.r, cat.artists)))
		}),
		single(1, "GET /api/songs/{id}", func(c *soakCall) error { return c.get("/api/songs/" + pick(c.r, cat.songs)) }),
		single(1, "GET /api/playlist/all", func(c *soakCall) error { return c.get("/api/playlist/all") }),
		single(1, "GET /api/feed", func(c *soakCall) error { return c.get("/api/feed") }),
		single(1, "GET /api/like/all", func(c *soakCall) error { return c.get("/api/like/all") }),
		single(1, "GET /api/genres", func(c *soakCall) error { return c.get("/api/genres") }),
		single(4, "GET /api/search?q=… (prefixes, two words, typos)", func(c *soakCall) error {
			return c.get("/api/search?q=" + url.QueryEscape(benchQuery(c.r, cat.words)))
		}),
		// The player's <audio> asks the song's signed URL, as the caller's
		// own listing gave it, with the session cookie as a browser sends it.
		single(4, "GET /media/s/… (the web player, Range)", func(c *soakCall) error {
			s := c.song()
			path, _, _ := strings.Cut(s.Audio, "?")
			return c.media(c.u.web, m.base+s.Audio, path, http.StatusPartialContent)
		}),
		single(2, "POST /api/view/increase (a listen)", func(c *soakCall) error {
			return c.u.call("POST", "/api/view/increase", map[string]string{"song": pick(c.r, cat.songs)}, 200, nil)
		}),
		single(1, "POST /api/assistant/chat (built in, streamed)", func(c *soakCall) error { return c.chat() }),
		m.sequence(
			soakStep{"POST /api/like/add", func(c *soakCall, st map[string]string) error {
				st["song"] = pick(c.r, cat.songs)
				return c.u.call("POST", "/api/like/add", map[string]string{"song": st["song"]}, 200, nil)
			}},
			soakStep{"DELETE /api/like/{song}", func(c *soakCall, st map[string]string) error {
				return c.u.call("DELETE", "/api/like/"+st["song"], nil, 200, nil)
			}},
		),
		m.sequence(
			soakStep{"POST /api/playlist/create", func(c *soakCall, st map[string]string) error {
				var out struct {
					Playlist struct {
						ID string `json:"_id"`
					}
				}
				name := fmt.Sprintf("Soak web %d", m.counter.Add(1))
				err := c.u.call("POST", "/api/playlist/create", map[string]string{"name": name}, 200, &out)
				st["id"], st["name"] = out.Playlist.ID, name
				return err
			}},
			soakStep{"POST /api/playlist/{ref} (add a song)", func(c *soakCall, st map[string]string) error {
				return c.u.call("POST", "/api/playlist/"+st["id"], map[string]string{"song": pick(c.r, cat.songs)}, 200, nil)
			}},
			soakStep{"PUT /api/playlist/{ref} (rename)", func(c *soakCall, st map[string]string) error {
				return c.u.call("PUT", "/api/playlist/"+st["id"], map[string]string{"name": st["name"] + " renamed"}, 200, nil)
			}},
			soakStep{"GET /api/playlist/{ref}", func(c *soakCall, st map[string]string) error {
				return c.get("/api/playlist/" + st["id"])
			}},
			soakStep{"DELETE /api/playlist/delete/{ref}", func(c *soakCall, st map[string]string) error {
				return c.u.call("DELETE", "/api/playlist/delete/"+st["id"], nil, 200, nil)
			}},
		),
	}
}

// followOp finds someone on the people page, follows them and unfollows.
func (m *soakMix) followOp() *soakOp {
	return m.sequence(
		soakStep{"GET /api/auth/all (people)", func(c *soakCall, st map[string]string) error {
			var out struct {
				Users []struct {
					ID        string `json:"_id"`
					Following bool
				}
			}
			if err := c.u.call("GET", "/api/auth/all", nil, 200, &out); err != nil {
				return err
			}
			for _, p := range out.Users {
				if !p.Following {
					st["id"] = p.ID
					return nil
				}
			}
			return fmt.Errorf("GET /api/auth/all: %s already follows all %d people", c.u.name, len(out.Users))
		}},
		soakStep{"POST /api/auth/allfollow", func(c *soakCall, st map[string]string) error {
			return c.u.call("POST", "/api/auth/allfollow", map[string]string{"id": st["id"]}, 200, nil)
		}},
		soakStep{"DELETE /api/auth/follow/{id}", func(c *soakCall, st map[string]string) error {
			return c.u.call("DELETE", "/api/auth/follow/"+st["id"], nil, 200, nil)
		}},
	)
}

// chat asks the assistant something it answers from the catalog, and
// reads the streamed answer to its end as the chat panel does.
func (c *soakCall) chat() error {
	cat := &c.mix.cat
	msg := pick(c.r, []string{
		"play something calm", "make a 20-minute playlist for running", "what is popular",
		"recommend me something", "play songs by " + pick(c.r, cat.artists),
		"something like " + pick(c.r, cat.titles), "who sings " + pick(c.r, cat.titles),
		"play some jazz", "how do I use app passwords",
	})
	req, err := http.NewRequest("POST", c.mix.base+"/api/assistant/chat", strings.NewReader(fmt.Sprintf(`{"message":%q}`, msg)))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "text/event-stream")
	res, err := c.u.web.Do(req)
	if err != nil {
		return err
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	if err != nil {
		return fmt.Errorf("chat: reading the stream: %w", err)
	}
	if res.StatusCode != 200 || !bytes.Contains(b, []byte("event: done")) || bytes.Contains(b, []byte("event: error")) {
		return fmt.Errorf("chat %q: status %d: %.200s", msg, res.StatusCode, b)
	}
	return nil
}

// subsonicOps is what a Subsonic app on a phone does: browse, search,
// play with seeks, scrobble, star, keep the queue and playlists.
func (m *soakMix) subsonicOps() []*soakOp {
	cat := &m.cat
	album := func(c *soakCall) string { return "al-" + pick(c.r, cat.albums) }
	return []*soakOp{
		single(1, "GET /rest/ping", func(c *soakCall) error { return c.rest("ping", url.Values{}, nil) }),
		single(1, "GET /rest/getArtists", func(c *soakCall) error { return c.rest("getArtists", url.Values{}, nil) }),
		single(2, "GET /rest/getAlbumList2", func(c *soakCall) error {
			kind := pick(c.r, []string{"newest", "frequent", "recent", "alphabeticalByName", "random", "starred"})
			return c.rest("getAlbumList2", url.Values{"type": {kind}, "size": {"50"}}, nil)
		}),
		single(2, "GET /rest/getAlbum", func(c *soakCall) error { return c.rest("getAlbum", url.Values{"id": {album(c)}}, nil) }),
		single(2, "GET /rest/search3", func(c *soakCall) error {
			return c.rest("search3", url.Values{"query": {benchQuery(c.r, cat.words)}}, nil)
		}),
		single(4, "GET /rest/stream (Range)", func(c *soakCall) error {
			id := pick(c.r, cat.songs)
			return c.media(c.u.app, c.u.restQuery("stream", url.Values{"id": {id}}), "rest:"+id, http.StatusPartialContent)
		}),
		single(2, "GET /rest/scrobble", func(c *soakCall) error {
			return c.rest("scrobble", url.Values{"id": {pick(c.r, cat.songs)}, "submission": {"true"}}, nil)
		}),
		single(2, "GET /rest/getCoverArt", func(c *soakCall) error {
			params := url.Values{"id": {album(c)}, "size": {pick(c.r, []string{"160", "300", "640"})}}
			return c.media(c.u.app, c.u.restQuery("getCoverArt", params), "cover", http.StatusOK)
		}),
		m.sequence(
			soakStep{"GET /rest/star", func(c *soakCall, st map[string]string) error {
				st["id"], st["album"] = pick(c.r, cat.songs), album(c)
				return c.rest("star", url.Values{"id": {st["id"]}, "albumId": {st["album"]}}, nil)
			}},
			soakStep{"GET /rest/unstar", func(c *soakCall, st map[string]string) error {
				return c.rest("unstar", url.Values{"id": {st["id"]}, "albumId": {st["album"]}}, nil)
			}},
		),
		m.sequence(
			soakStep{"GET /rest/savePlayQueue", func(c *soakCall, st map[string]string) error {
				ids := []string{pick(c.r, cat.songs), pick(c.r, cat.songs), pick(c.r, cat.songs)}
				return c.rest("savePlayQueue", url.Values{"id": ids, "current": {ids[1]}, "position": {fmt.Sprint(c.r.IntN(60000))}}, nil)
			}},
			soakStep{"GET /rest/getPlayQueue", func(c *soakCall, st map[string]string) error {
				return c.rest("getPlayQueue", url.Values{}, nil)
			}},
		),
		m.sequence(
			soakStep{"GET /rest/createPlaylist", func(c *soakCall, st map[string]string) error {
				var out struct{ Playlist struct{ ID string } }
				name := fmt.Sprintf("Soak app %d", m.counter.Add(1))
				err := c.rest("createPlaylist", url.Values{"name": {name}, "songId": {pick(c.r, cat.songs)}}, &out)
				st["id"] = out.Playlist.ID
				if err == nil && st["id"] == "" {
					err = fmt.Errorf("createPlaylist: no playlist in the answer")
				}
				return err
			}},
			soakStep{"GET /rest/updatePlaylist", func(c *soakCall, st map[string]string) error {
				return c.rest("updatePlaylist", url.Values{"playlistId": {st["id"]}, "name": {"Soak app renamed " + st["id"]},
					"songIdToAdd": {pick(c.r, cat.songs)}}, nil)
			}},
			soakStep{"GET /rest/getPlaylist", func(c *soakCall, st map[string]string) error {
				return c.rest("getPlaylist", url.Values{"id": {st["id"]}}, nil)
			}},
			soakStep{"GET /rest/deletePlaylist", func(c *soakCall, st map[string]string) error {
				return c.rest("deletePlaylist", url.Values{"id": {st["id"]}}, nil)
			}},
		),
	}
}

// media reads a random 64 KiB range of a file as a player seeking does
// (from the start until the file's length is known), and the whole answer.
// A Subsonic error comes as JSON with status 200, so only media counts.
func (c *soakCall) media(client *http.Client, rawURL, key string, want int) error {
	from := 0
	if size, ok := c.mix.sizes.Load(key); ok {
		from = c.r.IntN(size.(int))
	}
	req, err := http.NewRequest("GET", rawURL, nil)
	if err != nil {
		return err
	}
	if want == http.StatusPartialContent {
		req.Header.Set("Range", fmt.Sprintf("bytes=%d-%d", from, from+65535))
	}
	res, err := client.Do(req)
	if err != nil {
		return err
	}
	defer res.Body.Close()
	n, err := io.Copy(io.Discard, res.Body)
	if err != nil {
		return fmt.Errorf("%s: read %d bytes: %w", key, n, err)
	}
	ct := res.Header.Get("Content-Type")
	if res.StatusCode != want || strings.Contains(ct, "json") || strings.Contains(ct, "xml") {
		return fmt.Errorf("%s: status %d, %s", key, res.StatusCode, ct)
	}
	if n == 0 {
		return fmt.Errorf("%s: an empty answer", key)
	}
	if cr := res.Header.Get("Content-Range"); cr != "" {
		if i := strings.LastIndexByte(cr, '/'); i >= 0 {
			if size, err := strconv.Atoi(cr[i+1:]); err == nil && size > 0 {
				c.mix.sizes.Store(key, size)
			}
		}
	}
	return nil
}
