package subsonictest

// Hand-written valid answers, one or more per endpoint, shaped like the
// spec's examples (with our own values). The invalid cases in check_test.go
// are these with one thing broken.

const (
	songJSON = `{
		"id": "s1", "parent": "al1", "isDir": false, "title": "Harbor Lights",
		"album": "Neon Harbor", "artist": "Neon Harbor", "track": 3, "year": 2021,
		"genre": "Synthpop", "coverArt": "al-al1", "size": 4810234,
		"contentType": "audio/flac", "suffix": "flac",
		"transcodedContentType": "audio/mpeg", "transcodedSuffix": "mp3",
		"duration": 215, "bitRate": 912, "bitDepth": 16, "samplingRate": 44100,
		"channelCount": 2, "path": "Neon Harbor/Neon Harbor/03 Harbor Lights.flac",
		"isVideo": false, "userRating": 4, "averageRating": 4.5, "playCount": 12,
		"discNumber": 1, "created": "2024-05-01T10:00:00Z",
		"starred": "2024-05-02T11:30:00.123Z", "albumId": "al1", "artistId": "ar1",
		"type": "music", "mediaType": "song", "played": "2024-06-01T08:00:00+02:00",
		"bpm": 120, "comment": "", "sortName": "Harbor Lights",
		"musicBrainzId": "", "isrc": ["USSM18300073"],
		"genres": [{"name": "Synthpop"}],
		"artists": [{"id": "ar1", "name": "Neon Harbor"}],
		"displayArtist": "Neon Harbor",
		"albumArtists": [{"id": "ar1", "name": "Neon Harbor"}],
		"displayAlbumArtist": "Neon Harbor",
		"contributors": [{"role": "composer", "artist": {"id": "ar2", "name": "Ada Lane"}}],
		"displayComposer": "Ada Lane", "moods": [],
		"replayGain": {"trackGain": -6.5, "albumGain": -7, "trackPeak": 0.98, "albumPeak": 1},
		"explicitStatus": ""
	}`

	song2JSON = `{"id": "s2", "isDir": false, "title": "Second", "duration": 61, "albumId": "al1"}`

	albumJSON = `{
		"id": "al1", "name": "Neon Harbor", "artist": "Neon Harbor", "artistId": "ar1",
		"year": 2021, "coverArt": "al-al1", "duration": 276, "playCount": 4,
		"genre": "Synthpop", "created": "2024-05-01T10:00:00Z", "songCount": 2,
		"userRating": 5, "recordLabels": [{"name": "Harbor Records"}],
		"musicBrainzId": "", "genres": [{"name": "Synthpop"}],
		"artists": [{"id": "ar1", "name": "Neon Harbor"}], "displayArtist": "Neon Harbor",
		"releaseTypes": ["Album"], "moods": [], "sortName": "Neon Harbor",
		"originalReleaseDate": {"year": 2021, "month": 3, "day": 10},
		"releaseDate": {"year": 2021}, "isCompilation": false,
		"discTitles": [{"disc": 1, "title": ""}]
	}`

	artistID3JSON = `{"id": "ar1", "name": "Neon Harbor", "coverArt": "ar-ar1", "albumCount": 1,
		"starred": "2024-05-02T11:30:00Z", "sortName": "Neon Harbor", "roles": ["artist"]}`

	artistJSON = `{"id": "ar1", "name": "Neon Harbor", "starred": "2024-05-02T11:30:00"}`

	playlistJSON = `{"id": "p1", "name": "Road trip", "owner": "ada", "public": false,
		"created": "2024-05-01T10:00:00Z", "changed": "2024-05-03T10:00:00Z",
		"songCount": 2, "duration": 276, "comment": "", "coverArt": "pl-p1",
		"readonly": false, "validUntil": "", "allowedUser": []}`

	playlistWithSongsJSON = `{"id": "p1", "name": "Road trip", "owner": "ada", "public": true,
		"created": "2024-05-01T10:00:00Z", "changed": "2024-05-03T10:00:00Z",
		"songCount": 2, "duration": 276, "entry": [` + songJSON + `,` + song2JSON + `]}`
)

// okEnvelope wraps payload fields (already "key": value) in a success answer.
func okEnvelope(fields string) string {
	sep := ""
	if fields != "" {
		sep = ", "
	}
	return `{"subsonic-response": {"status": "ok", "version": "1.16.1", "type": "musicify",
		"serverVersion": "0.9.0", "openSubsonic": true` + sep + fields + `}}`
}

// validSamples: endpoint -> answers that must pass.
var validSamples = map[string][]string{
	"ping":           {okEnvelope("")},
	"getLicense":     {okEnvelope(`"license": {"valid": true, "email": "admin@example.org", "licenseExpires": "2099-01-01T00:00:00Z"}`)},
	"updatePlaylist": {okEnvelope("")},
	"deletePlaylist": {okEnvelope("")},
	"star":           {okEnvelope("")},
	"unstar":         {okEnvelope("")},
	"setRating":      {okEnvelope("")},
	"scrobble":       {okEnvelope("")},
	"savePlayQueue":  {okEnvelope("")},
	"getOpenSubsonicExtensions": {
		okEnvelope(`"openSubsonicExtensions": [{"name": "songLyrics", "versions": [1]}, {"name": "apiKeyAuthentication", "versions": [1]}]`),
		okEnvelope(`"openSubsonicExtensions": []`),
	},
	"getMusicFolders": {
		okEnvelope(`"musicFolders": {"musicFolder": [{"id": 1, "name": "Music"}, {"id": 2}]}`),
		okEnvelope(`"musicFolders": {}`),
	},
	"getIndexes": {okEnvelope(`"indexes": {"ignoredArticles": "The El La", "lastModified": 1714557600000,
		"shortcut": [` + artistJSON + `],
		"index": [{"name": "N", "artist": [` + artistJSON + `]}, {"name": "Z"}],
		"child": [` + song2JSON + `]}`)},
	"getMusicDirectory": {okEnvelope(`"directory": {"id": "ar1", "name": "Neon Harbor", "parent": "1",
		"starred": "2024-05-02T11:30:00Z", "playCount": 3,
		"child": [{"id": "al1", "parent": "ar1", "isDir": true, "title": "Neon Harbor", "coverArt": "al-al1"}, ` + songJSON + `]}`)},
	"getArtists": {
		okEnvelope(`"artists": {"ignoredArticles": "The An A", "index": [{"name": "N", "artist": [` + artistID3JSON + `]}]}`),
		okEnvelope(`"artists": {"ignoredArticles": ""}`),
	},
	"getArtist": {
		okEnvelope(`"artist": {"id": "ar1", "name": "Neon Harbor", "albumCount": 1, "album": [` + albumJSON + `]}`),
		okEnvelope(`"artist": {"id": "ar9", "name": "Nobody Yet", "album": []}`),
	},
	"getArtistInfo2": {
		okEnvelope(`"artistInfo2": {"biography": "From the harbor.", "musicBrainzId": "", "lastFmUrl": "",
			"smallImageUrl": "", "mediumImageUrl": "", "largeImageUrl": "",
			"similarArtist": [{"id": "ar2", "name": "Ada Lane"}]}`),
		okEnvelope(`"artistInfo2": {}`),
	},
	"getAlbum": {okEnvelope(`"album": ` + albumJSON[:len(albumJSON)-1] + `, "song": [` + songJSON + `,` + song2JSON + `]}`)},
	"getAlbumInfo2": {
		okEnvelope(`"albumInfo": {"notes": "", "musicBrainzId": "", "smallImageUrl": "http://x/64", "mediumImageUrl": "http://x/300", "largeImageUrl": "http://x/600"}`),
	},
	"getSong":   {okEnvelope(`"song": ` + songJSON)},
	"getGenres": {okEnvelope(`"genres": {"genre": [{"value": "Synthpop", "songCount": 2, "albumCount": 1}]}`), okEnvelope(`"genres": {}`)},
	"getAlbumList": {okEnvelope(`"albumList": {"album": [{"id": "al1", "parent": "ar1", "isDir": true, "title": "Neon Harbor",
		"album": "Neon Harbor", "artist": "Neon Harbor", "year": 2021, "coverArt": "al-al1", "created": "2024-05-01T10:00:00Z"}]}`)},
	"getAlbumList2":    {okEnvelope(`"albumList2": {"album": [` + albumJSON + `]}`), okEnvelope(`"albumList2": {}`)},
	"getRandomSongs":   {okEnvelope(`"randomSongs": {"song": [` + songJSON + `,` + song2JSON + `]}`)},
	"getSongsByGenre":  {okEnvelope(`"songsByGenre": {"song": [` + songJSON + `]}`), okEnvelope(`"songsByGenre": {}`)},
	"getTopSongs":      {okEnvelope(`"topSongs": {"song": [` + songJSON + `]}`)},
	"getSimilarSongs2": {okEnvelope(`"similarSongs2": {"song": [` + song2JSON + `]}`)},
	"search2": {okEnvelope(`"searchResult2": {"artist": [` + artistJSON + `],
		"album": [{"id": "al1", "isDir": true, "title": "Neon Harbor"}], "song": [` + songJSON + `]}`)},
	"search3": {
		okEnvelope(`"searchResult3": {"artist": [` + artistID3JSON + `], "album": [` + albumJSON + `], "song": [` + songJSON + `]}`),
		okEnvelope(`"searchResult3": {}`),
	},
	"getPlaylists":   {okEnvelope(`"playlists": {"playlist": [` + playlistJSON + `]}`), okEnvelope(`"playlists": {}`)},
	"getPlaylist":    {okEnvelope(`"playlist": ` + playlistWithSongsJSON)},
	"createPlaylist": {okEnvelope(`"playlist": ` + playlistWithSongsJSON)},
	"getLyrics": {
		okEnvelope(`"lyrics": {"artist": "Neon Harbor", "title": "Harbor Lights", "value": "Lights on the water\nLights on the sea"}`),
		okEnvelope(`"lyrics": {"value": ""}`),
	},
	"getLyricsBySongId": {
		okEnvelope(`"lyricsList": {"structuredLyrics": [
			{"displayArtist": "Neon Harbor", "displayTitle": "Harbor Lights", "lang": "eng", "offset": -100, "synced": true,
			 "line": [{"start": 0, "value": "Lights on the water"}, {"start": 2000.5, "value": "Lights on the sea"}]},
			{"lang": "und", "synced": false, "line": [{"value": "Lights on the water"}]}]}`),
		okEnvelope(`"lyricsList": {}`),
	},
	"getStarred": {okEnvelope(`"starred": {"artist": [` + artistJSON + `], "album": [{"id": "al1", "isDir": true, "title": "Neon Harbor"}], "song": [` + songJSON + `]}`)},
	"getStarred2": {
		okEnvelope(`"starred2": {"artist": [` + artistID3JSON + `], "album": [` + albumJSON + `], "song": [` + songJSON + `]}`),
		okEnvelope(`"starred2": {}`),
	},
	"getNowPlaying": {
		okEnvelope(`"nowPlaying": {"entry": [{"id": "s2", "isDir": false, "title": "Second",
			"username": "ada", "minutesAgo": 0, "playerId": 1, "playerName": "DSub"}]}`),
		okEnvelope(`"nowPlaying": {"entry": []}`),
	},
	"getPlayQueue": {okEnvelope(`"playQueue": {"current": "s1", "position": 41000, "username": "ada",
		"changed": "2024-05-03T10:00:00Z", "changedBy": "Supersonic", "entry": [` + songJSON + `]}`)},
	"getUser": {okEnvelope(`"user": {"username": "ada", "email": "ada@example.org", "scrobblingEnabled": true,
		"adminRole": false, "settingsRole": true, "downloadRole": true, "uploadRole": true,
		"playlistRole": true, "coverArtRole": true, "commentRole": false, "podcastRole": false,
		"streamRole": true, "jukeboxRole": false, "shareRole": true, "videoConversionRole": false,
		"maxBitRate": 0, "folder": [1]}`)},
	"getInternetRadioStations": {
		okEnvelope(`"internetRadioStations": {"internetRadioStation": [{"id": "st1", "name": "Harbor FM",
			"streamUrl": "https://example.org/radio/st1", "homepageUrl": "https://example.org/"}]}`),
		okEnvelope(`"internetRadioStations": {}`),
	},
	"startScan": {okEnvelope(`"scanStatus": {"scanning": true, "count": 0}`)},
	"getScanStatus": {okEnvelope(`"scanStatus": {"scanning": false, "count": 10000}`), okEnvelope(`"scanStatus": {"scanning": false}`),
		okEnvelope(`"scanStatus": {"scanning": false, "count": 12, "folderCount": 2, "lastScan": "2024-05-03T10:00:00Z", "elapsedTime": 1500}`)},
	"getArtistInfo": {
		okEnvelope(`"artistInfo": {"biography": "From the harbor.", "largeImageUrl": "http://x/640",
			"similarArtist": [` + artistJSON + `]}`),
		okEnvelope(`"artistInfo": {}`),
	},
	"getAlbumInfo":    {okEnvelope(`"albumInfo": {"notes": "Recorded at sea."}`)},
	"getSimilarSongs": {okEnvelope(`"similarSongs": {"song": [` + song2JSON + `]}`), okEnvelope(`"similarSongs": {}`)},
	"getUsers": {okEnvelope(`"users": {"user": [{"username": "ada", "scrobblingEnabled": true,
		"adminRole": true, "settingsRole": true, "downloadRole": true, "uploadRole": true,
		"playlistRole": true, "coverArtRole": true, "commentRole": false, "podcastRole": false,
		"streamRole": true, "jukeboxRole": false, "shareRole": true, "videoConversionRole": false, "folder": [1]}]}`)},
	"getShares": {
		okEnvelope(`"shares": {"share": [{"id": "12", "url": "http://x/share?id=12", "description": "Road trip",
			"username": "ada", "created": "2024-05-03T10:00:00Z", "visitCount": 0, "entry": [` + songJSON + `]}]}`),
		okEnvelope(`"shares": {"share": []}`),
	},
	"createShare": {okEnvelope(`"shares": {"share": [{"id": "s1", "url": "http://x/share?id=s1&type=song",
		"username": "ada", "created": "2024-05-03T10:00:00Z", "visitCount": 0, "entry": [` + song2JSON + `]}]}`)},
	"getBookmarks": {
		okEnvelope(`"bookmarks": {"bookmark": [{"position": 129000, "username": "ada", "comment": "",
			"created": "2024-05-03T10:00:00Z", "changed": "2024-05-03T10:00:00Z", "entry": ` + song2JSON + `}]}`),
		okEnvelope(`"bookmarks": {"bookmark": []}`),
	},
	"createBookmark":    {okEnvelope(``)},
	"deleteBookmark":    {okEnvelope(``)},
	"getPodcasts":       {okEnvelope(`"podcasts": {"channel": []}`)},
	"getNewestPodcasts": {okEnvelope(`"newestPodcasts": {"episode": []}`)},
	"getVideos":         {okEnvelope(`"videos": {"video": []}`)},
	"getChatMessages":   {okEnvelope(`"chatMessages": {"chatMessage": []}`)},
	"getPlayQueueByIndex": {
		okEnvelope(`"playQueueByIndex": {"currentIndex": 1, "position": 1000, "username": "ada",
			"changed": "2024-05-03T10:00:00Z", "changedBy": "Supersonic", "entry": [` + song2JSON + `,` + song2JSON + `]}`),
		okEnvelope(`"playQueueByIndex": {"username": "ada", "changed": "2024-05-03T10:00:00Z", "changedBy": ""}`),
	},
	"savePlayQueueByIndex": {okEnvelope(``)},
	"tokenInfo":            {okEnvelope(`"tokenInfo": {"username": "ada"}`)},
	"jukeboxControl": {
		okEnvelope(`"jukeboxStatus": {"currentIndex": 1, "playing": true, "gain": 0.7, "position": 42}`),
		okEnvelope(`"jukeboxStatus": {"currentIndex": -1, "playing": false, "gain": 1}`),
		okEnvelope(`"jukeboxPlaylist": {"currentIndex": 0, "playing": false, "gain": 0.5, "position": 0,
			"entry": [` + songJSON + `,` + song2JSON + `]}`),
		okEnvelope(`"jukeboxPlaylist": {"currentIndex": -1, "playing": false, "gain": 0, "entry": []}`),
	},
}

// A failed answer has the same shape for every endpoint.
const failedSample = `{"subsonic-response": {"status": "failed", "version": "1.16.1", "type": "musicify",
	"serverVersion": "0.9.0", "openSubsonic": true,
	"error": {"code": 70, "message": "Album not found", "helpUrl": "https://example.org/help"}}}`
