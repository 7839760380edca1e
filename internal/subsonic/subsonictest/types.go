package subsonictest

// The OpenSubsonic response types, restated from the spec's JSON Schemas
// (openapi/schemas/<Name>.json) and, where a schema file is missing or
// disagrees, the Markdown tables (content/en/docs/Responses/<name>.md).
// Only required-ness, JSON types, enums and ranges are kept; descriptions
// live in the spec. Where the two sources disagree, the comment says which
// side was taken and why.

// tDateTimeOrEmpty: Playlist.validUntil, where the spec says "empty or absent
// means no caching guarantee".
var tDateTimeOrEmpty = &typ{kind: kString, dateTime: true, emptyOK: true}

var (
	tStrings = arrayOf(tString)
	tRating  = intRange(1, 5) // userRating: the spec's [1-5]; unrated is omitted
	tAverage = numRange(1, 5) // averageRating: [1.0-5.0]

	// GenericMediaType and MediaType.
	tGenericMediaType = enumString("music", "video", "podcast", "audiobook")
	tMediaType        = enumString("song", "album", "artist")
	// Child.md: "explicit", "clean" or "".
	tExplicitStatus = enumString("explicit", "clean", "")
)

var itemGenre = object("ItemGenre", req("name", tString))

var recordLabel = object("RecordLabel", req("name", tString))

var itemDate = object("ItemDate",
	opt("year", tInt),
	opt("month", intRange(1, 12)),
	opt("day", intRange(1, 31)),
)

var discTitle = object("DiscTitle",
	req("disc", tInt),
	req("title", tString),
	opt("coverArt", tString),
)

var replayGain = object("ReplayGain",
	opt("trackGain", tNumber),
	opt("albumGain", tNumber),
	opt("trackPeak", numMin(0)),
	opt("albumPeak", numMin(0)),
	opt("baseGain", tNumber),
	opt("fallbackGain", tNumber),
	opt("measurementScheme", enumString("ReplayGain", "ReplayGainV2", "EBUR128")),
)

// ArtistID3.userRating: the schema says minimum 1 but its description says
// "(0-5)"; 0 is accepted here so a server is not failed for the spec's own
// inconsistency.
var artistID3 = object("ArtistID3",
	req("id", tString),
	req("name", tString),
	opt("coverArt", tString),
	opt("artistImageUrl", tString),
	opt("albumCount", tInt),
	opt("starred", tDateTime),
	opt("musicBrainzId", tString),
	opt("sortName", tString),
	opt("roles", tStrings),
	opt("userRating", intRange(0, 5)),
)

var contributor = object("Contributor",
	req("role", tString),
	opt("subRole", tString),
	req("artist", artistID3),
)

var work = object("Work", req("name", tString), opt("musicBrainzId", tString))

var movement = object("Movement",
	req("name", tString),
	opt("number", tInt),
	opt("count", tInt),
)

// Child is a song (or, in the folder-based endpoints, a directory).
var child = object("Child",
	req("id", tString),
	opt("parent", tString),
	req("isDir", tBool),
	req("title", tString),
	opt("album", tString),
	opt("artist", tString),
	opt("track", tInt),
	opt("year", tInt),
	opt("genre", tString),
	opt("coverArt", tString),
	opt("size", tInt),
	opt("contentType", tString),
	opt("suffix", tString),
	opt("transcodedContentType", tString),
	opt("transcodedSuffix", tString),
	opt("duration", tInt),
	opt("bitRate", tInt),
	opt("bitDepth", tInt),
	opt("samplingRate", tInt),
	opt("channelCount", tInt),
	opt("path", tString),
	opt("isVideo", tBool),
	opt("userRating", tRating),
	opt("averageRating", tAverage),
	opt("playCount", tInt),
	opt("totalPlayCount", tInt),
	opt("userPlayCount", tInt),
	opt("discNumber", tInt),
	opt("created", tDateTime),
	opt("starred", tDateTime),
	opt("albumId", tString),
	opt("artistId", tString),
	opt("type", tGenericMediaType),
	opt("mediaType", tMediaType),
	opt("bookmarkPosition", tInt),
	opt("originalWidth", tInt),
	opt("originalHeight", tInt),
	opt("played", tDateTime),
	opt("bpm", tInt),
	opt("comment", tString),
	opt("sortName", tString),
	opt("musicBrainzId", tString),
	opt("isrc", tStrings),
	opt("genres", arrayOf(itemGenre)),
	opt("artists", arrayOf(artistID3)),
	opt("displayArtist", tString),
	opt("albumArtists", arrayOf(artistID3)),
	opt("displayAlbumArtist", tString),
	opt("contributors", arrayOf(contributor)),
	opt("displayComposer", tString),
	opt("moods", tStrings),
	opt("replayGain", replayGain),
	opt("explicitStatus", tExplicitStatus),
	opt("works", arrayOf(work)),
	opt("movements", arrayOf(movement)),
	opt("groupings", tStrings),
)

var albumID3 = object("AlbumID3",
	req("id", tString),
	req("name", tString),
	opt("version", tString),
	opt("artist", tString),
	opt("year", tInt),
	opt("coverArt", tString),
	opt("starred", tDateTime),
	req("duration", tInt),
	opt("playCount", tInt),
	opt("genre", tString),
	req("created", tDateTime),
	opt("artistId", tString),
	req("songCount", tInt),
	opt("played", tDateTime),
	opt("userRating", tRating),
	opt("recordLabels", arrayOf(recordLabel)),
	opt("musicBrainzId", tString),
	opt("genres", arrayOf(itemGenre)),
	opt("artists", arrayOf(artistID3)),
	opt("displayArtist", tString),
	opt("releaseTypes", tStrings),
	opt("moods", tStrings),
	opt("sortName", tString),
	opt("originalReleaseDate", itemDate),
	opt("releaseDate", itemDate),
	opt("isCompilation", tBool),
	opt("explicitStatus", tExplicitStatus),
	opt("discTitles", arrayOf(discTitle)),
)

var albumID3WithSongs = extend(albumID3, "AlbumID3WithSongs", opt("song", arrayOf(child)))

var artistWithAlbumsID3 = extend(artistID3, "ArtistWithAlbumsID3", req("album", arrayOf(albumID3)))

// Artist is the folder-based (non-ID3) artist of getIndexes, search2, getStarred.
var artist = object("Artist",
	req("id", tString),
	req("name", tString),
	opt("starred", tDateTime),
	opt("artistImageUrl", tString),
	opt("userRating", tRating),
	opt("averageRating", tAverage),
)

var index = object("Index", req("name", tString), opt("artist", arrayOf(artist)))

var indexID3 = object("IndexID3", req("name", tString), opt("artist", arrayOf(artistID3)))

// Indexes: the schema file is not published; fields from indexes.md, whose
// table types lastModified as long although its example writes a string.
var indexes = object("Indexes",
	req("ignoredArticles", tString),
	req("lastModified", tInt),
	opt("shortcut", arrayOf(artist)),
	opt("child", arrayOf(child)),
	opt("index", arrayOf(index)),
)

// ArtistsID3: ArtistsID3.json leaves ignoredArticles optional, the Markdown
// table says required; required is taken (clients strip articles with it).
var artistsID3 = object("ArtistsID3",
	req("ignoredArticles", tString),
	opt("index", arrayOf(indexID3)),
)

var directory = object("Directory",
	req("id", tString),
	req("name", tString),
	opt("parent", tString),
	opt("starred", tDateTime),
	opt("userRating", tRating),
	opt("averageRating", tAverage),
	opt("playCount", tInt),
	opt("child", arrayOf(child)),
)

var genre = object("Genre",
	req("value", tString),
	req("songCount", tInt),
	req("albumCount", tInt),
)

var playlist = object("Playlist",
	req("id", tString),
	req("name", tString),
	opt("owner", tString),
	opt("public", tBool),
	req("created", tDateTime),
	req("changed", tDateTime),
	req("songCount", tInt),
	req("duration", tInt),
	opt("readonly", tBool),
	opt("validUntil", tDateTimeOrEmpty),
	opt("comment", tString),
	opt("coverArt", tString),
	opt("allowedUser", tStrings),
)

var playlistWithSongs = extend(playlist, "PlaylistWithSongs", opt("entry", arrayOf(child)))

var lyrics = object("Lyrics",
	req("value", tString),
	opt("artist", tString),
	opt("title", tString),
)

var line = object("Line", req("value", tString), opt("start", tNumber))

var agent = object("Agent",
	req("id", tString),
	req("role", enumString("main", "voice", "bg", "group")),
	opt("name", tString),
)

var cue = object("Cue",
	req("start", tInt),
	opt("end", tInt),
	opt("byteStart", intMin(0)),
	opt("byteEnd", intMin(0)),
	req("value", tString),
)

var cueLine = object("CueLine",
	req("index", tInt),
	opt("start", tInt),
	opt("end", tInt),
	req("value", tString),
	opt("agentId", tString),
	req("cue", arrayOf(cue)),
)

var structuredLyrics = object("StructuredLyrics",
	req("lang", tString),
	req("synced", tBool),
	req("line", arrayOf(line)),
	opt("displayArtist", tString),
	opt("displayTitle", tString),
	opt("offset", tNumber),
	opt("kind", enumString("main", "translation", "pronunciation")),
	opt("agents", arrayOf(agent)),
	opt("cueLine", arrayOf(cueLine)),
)

var lyricsList = object("LyricsList", opt("structuredLyrics", arrayOf(structuredLyrics)))

var playQueue = object("PlayQueue",
	opt("current", tString),
	opt("position", tInt),
	req("username", tString),
	req("changed", tDateTime),
	req("changedBy", tString),
	opt("entry", arrayOf(child)),
)

var nowPlayingEntry = extend(child, "NowPlayingEntry",
	req("username", tString),
	req("minutesAgo", tInt),
	req("playerId", tInt),
	opt("playerName", tString),
	opt("state", enumString("playing", "paused", "stopped")),
	opt("positionMs", tInt),
	opt("playbackRate", tNumber),
)

// NowPlaying.entry is required by the schema: nobody playing is "entry": [].
var nowPlaying = object("NowPlaying", req("entry", arrayOf(nowPlayingEntry)))

var internetRadioStation = object("InternetRadioStation",
	req("id", tString),
	req("name", tString),
	req("streamUrl", tString),
	opt("homepageUrl", tString),
	opt("coverArt", tString),
)

// ScanStatus: the spec has scanning and count; folderCount, lastScan and
// elapsedTime are the fields Navidrome adds, which apps (Feishin,
// Symfonium) show when present.
var scanStatus = object("ScanStatus",
	req("scanning", tBool),
	opt("count", tInt),
	opt("folderCount", intMin(0)),
	opt("lastScan", tDateTime),
	opt("elapsedTime", intMin(0)),
)

var user = object("User",
	req("username", tString),
	opt("email", tString),
	req("scrobblingEnabled", tBool),
	opt("maxBitRate", tInt),
	req("adminRole", tBool),
	req("settingsRole", tBool),
	req("downloadRole", tBool),
	req("uploadRole", tBool),
	req("playlistRole", tBool),
	req("coverArtRole", tBool),
	req("commentRole", tBool),
	req("podcastRole", tBool),
	req("streamRole", tBool),
	req("jukeboxRole", tBool),
	req("shareRole", tBool),
	req("videoConversionRole", tBool),
	opt("avatarLastChanged", tDateTime),
	opt("folder", arrayOf(tInt)),
)

var license = object("License",
	req("valid", tBool),
	opt("email", tString),
	opt("licenseExpires", tDateTime),
	opt("trialExpires", tDateTime),
)

var openSubsonicExtension = object("OpenSubsonicExtension",
	req("name", tString),
	req("versions", arrayOf(tInt)),
)

var musicFolder = object("MusicFolder", req("id", tInt), opt("name", tString))

var (
	musicFolders          = object("MusicFolders", opt("musicFolder", arrayOf(musicFolder)))
	genres                = object("Genres", opt("genre", arrayOf(genre)))
	playlists             = object("Playlists", opt("playlist", arrayOf(playlist)))
	internetRadioStations = object("InternetRadioStations", opt("internetRadioStation", arrayOf(internetRadioStation)))
	albumList             = object("AlbumList", opt("album", arrayOf(child)))
	albumList2            = object("AlbumList2", opt("album", arrayOf(albumID3)))
	songs                 = object("Songs", opt("song", arrayOf(child)))
	topSongs              = object("TopSongs", opt("song", arrayOf(child)))
	similarSongs2         = object("SimilarSongs2", opt("song", arrayOf(child)))
)

// searchResult2 and starred are the folder-based forms: Artist and Child albums.
var searchResult2 = object("SearchResult2",
	opt("artist", arrayOf(artist)),
	opt("album", arrayOf(child)),
	opt("song", arrayOf(child)),
)

var searchResult3 = object("SearchResult3",
	opt("artist", arrayOf(artistID3)),
	opt("album", arrayOf(albumID3)),
	opt("song", arrayOf(child)),
)

var starred = object("Starred",
	opt("artist", arrayOf(artist)),
	opt("album", arrayOf(child)),
	opt("song", arrayOf(child)),
)

var starred2 = object("Starred2",
	opt("artist", arrayOf(artistID3)),
	opt("album", arrayOf(albumID3)),
	opt("song", arrayOf(child)),
)

var artistInfo2 = object("ArtistInfo2",
	opt("biography", tString),
	opt("musicBrainzId", tString),
	opt("smallImageUrl", tString),
	opt("mediumImageUrl", tString),
	opt("largeImageUrl", tString),
	opt("lastFmUrl", tString),
	opt("similarArtist", arrayOf(artistID3)),
)

var albumInfo = object("AlbumInfo",
	opt("notes", tString),
	opt("musicBrainzId", tString),
	opt("smallImageUrl", tString),
	opt("mediumImageUrl", tString),
	opt("largeImageUrl", tString),
	opt("lastFmUrl", tString),
)

// artistInfo is ArtistInfo2 with the similar artists in folder form.
var artistInfo = object("ArtistInfo",
	opt("biography", tString),
	opt("musicBrainzId", tString),
	opt("smallImageUrl", tString),
	opt("mediumImageUrl", tString),
	opt("largeImageUrl", tString),
	opt("lastFmUrl", tString),
	opt("similarArtist", arrayOf(artist)),
)

var (
	similarSongs = object("SimilarSongs", opt("song", arrayOf(child)))
	users        = object("Users", opt("user", arrayOf(user)))
)

var share = object("Share",
	req("id", tString),
	req("url", tString),
	opt("description", tString),
	req("username", tString),
	req("created", tDateTime),
	opt("expires", tDateTime),
	opt("lastVisited", tDateTime),
	req("visitCount", tInt),
	opt("entry", arrayOf(child)),
)

var shares = object("Shares", opt("share", arrayOf(share)))

// Bookmark.position: the table says seconds, the example and Subsonic's
// createBookmark say milliseconds; it is a whole number either way.
var bookmark = object("Bookmark",
	req("position", intMin(0)),
	req("username", tString),
	opt("comment", tString),
	req("created", tDateTime),
	req("changed", tDateTime),
	req("entry", child),
)

var bookmarks = object("Bookmarks", opt("bookmark", arrayOf(bookmark)))

// The lists of things Musicify does not have: only their empty forms are
// checked, so their items are objects of any shape here.
var (
	anyObject      = object("Object")
	podcasts       = object("Podcasts", opt("channel", arrayOf(anyObject)))
	newestPodcasts = object("NewestPodcasts", opt("episode", arrayOf(anyObject)))
	videos         = object("Videos", opt("video", arrayOf(anyObject)))
	chatMessages   = object("ChatMessages", opt("chatMessage", arrayOf(anyObject)))
)

// PlayQueueByIndex: currentIndex is 0-based, as savePlayQueueByIndex
// takes it (the response page's "1-based" disagrees with the endpoint's
// page; the endpoint, which defines the value, was taken).
var playQueueByIndex = object("PlayQueueByIndex",
	opt("currentIndex", intMin(0)),
	opt("position", intMin(0)),
	req("username", tString),
	req("changed", tDateTime),
	req("changedBy", tString),
	opt("entry", arrayOf(child)),
)

var tokenInfo = object("TokenInfo", req("username", tString))

// JukeboxStatus: currentIndex is -1 when nothing is chosen; gain goes from
// 0.0 to 1.0; position is seconds into the song.
var jukeboxStatus = object("JukeboxStatus",
	req("currentIndex", intMin(-1)),
	req("playing", tBool),
	req("gain", numRange(0, 1)),
	opt("position", intMin(0)),
)

var jukeboxPlaylist = extend(jukeboxStatus, "JukeboxPlaylist", opt("entry", arrayOf(child)))

// Error codes from Error.json.
var subsonicError = object("Error",
	req("code", enumInt(0, 10, 20, 30, 40, 41, 42, 43, 44, 50, 60, 70)),
	opt("message", tString),
	opt("helpUrl", tString),
)
