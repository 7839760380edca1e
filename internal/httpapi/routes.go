package httpapi

import "net/http"

// routes is every route of the server, in one place.
func (s *Server) routes(mux *http.ServeMux) {
	mux.HandleFunc("GET /healthz", s.handleHealth)
	mux.HandleFunc("GET /readyz", s.handleReady)
	mux.Handle("GET /metrics", s.handleMetrics())

	// Accounts.
	mux.HandleFunc("GET /api/verified", s.requireUser(s.handleVerified))
	mux.HandleFunc("GET /api/auth/session", s.handleSession)
	mux.HandleFunc("POST /api/auth/cheak", s.handleCheck)
	mux.HandleFunc("POST /api/auth/resend", s.handleResend)
	mux.HandleFunc("POST /api/auth/signup", s.handleSignup)
	mux.HandleFunc("POST /api/auth/login", s.handleLogin)
	mux.HandleFunc("POST /api/auth/logout", s.handleLogout)
	mux.HandleFunc("POST /api/auth/getotp", s.handleGetOTP)
	mux.HandleFunc("POST /api/auth/verifyotp", s.handleVerifyOTP)
	mux.HandleFunc("PUT /api/auth/changepass", s.handleChangePassword)
	mux.HandleFunc("GET /api/auth/profile", s.requireUser(s.handleOwnProfile))
	mux.HandleFunc("POST /api/auth/profile", s.requireUser(s.handleUserProfile))
	mux.HandleFunc("GET /api/auth/all", s.requireUser(s.handleAllUsers))
	mux.HandleFunc("POST /api/auth/allfollow", s.requireUser(s.handleFollow))
	mux.HandleFunc("DELETE /api/auth/follow/{id}", s.requireUser(s.handleUnfollow))
	mux.HandleFunc("GET /api/auth/followers", s.requireUser(s.handleFollowers))
	mux.HandleFunc("GET /api/auth/followings", s.requireUser(s.handleFollowings))
	mux.HandleFunc("GET /api/auth/google", s.handleGoogle)
	mux.HandleFunc("GET /api/auth/google/callback", s.handleGoogleCallback)
	mux.HandleFunc("GET /api/auth/google/setup", s.handleGoogleSetup)

	// Songs and artists (docs/api.md).
	mux.HandleFunc("POST /api/upload", s.requireUser(s.handleUpload))
	mux.HandleFunc("GET /api/search/all", s.requireUser(s.handleAllSongs))
	mux.HandleFunc("GET /api/search/allartist", s.requireUser(s.handleAllArtists))
	mux.HandleFunc("GET /api/artists/{name}", s.requireUser(s.handleArtist))
	mux.HandleFunc("GET /api/songs/{id}", s.requireUser(s.handleSong))
	mux.HandleFunc("DELETE /api/songs/{id}", s.requireUser(s.handleDeleteSong))
	mux.HandleFunc("POST /api/view/increase", s.requireUser(s.handleView))
	mux.HandleFunc("POST /api/artist/cover", s.requireUser(s.handleArtistCover))
	mux.HandleFunc("GET /api/artist/name", s.requireUser(s.handleOwnArtistName))
	mux.HandleFunc("PUT /api/artist/name", s.requireUser(s.handleSetArtistName))

	// Albums and genres.
	mux.HandleFunc("GET /api/albums", s.requireUser(s.handleAlbums))
	mux.HandleFunc("GET /api/albums/{id}", s.requireUser(s.handleAlbum))
	mux.HandleFunc("GET /api/genres", s.requireUser(s.handleGenres))
	mux.HandleFunc("GET /api/genres/{name}/songs", s.requireUser(s.handleGenreSongs))

	// Recommendations.
	mux.HandleFunc("GET /api/recommend/all", s.requireUser(s.handleRecommendSongs))
	mux.HandleFunc("GET /api/recommend/artist", s.requireUser(s.handleRecommendArtists))
	mux.HandleFunc("GET /api/recommend/top", s.requireUser(s.handleTopSongs))
	mux.HandleFunc("GET /api/recommend/song/{id}", s.requireUser(s.handleSimilarSongs))
	mux.HandleFunc("GET /api/recommend/radio/{id}", s.requireUser(s.handleSongRadio))
	mux.HandleFunc("POST /api/recommend/create", s.requireUser(s.handleRecommendCreate))

	// Playlists: every write checks the owner.
	mux.HandleFunc("POST /api/playlist/create", s.requireUser(s.handleCreatePlaylist))
	mux.HandleFunc("GET /api/playlist/all", s.requireUser(s.handleMyPlaylists))
	mux.HandleFunc("DELETE /api/playlist/delete/{ref}", s.requireUser(s.handleDeletePlaylist))
	mux.HandleFunc("POST /api/playlist/cover", s.requireUser(s.handlePlaylistCover))
	mux.HandleFunc("PUT /api/playlist/add", s.requireUser(s.handleAddToPlaylist))
	mux.HandleFunc("POST /api/playlist/search", s.requireUser(s.handleSearchPlaylists))
	mux.HandleFunc("POST /api/playlist/followers", s.requireUser(s.handleFollowersOf))
	mux.HandleFunc("POST /api/playlist/followings", s.requireUser(s.handleFollowingsOf))
	mux.HandleFunc("DELETE /api/playlist/deletefollower", s.requireUser(s.handleRemoveFollow))
	mux.HandleFunc("GET /api/playlist/{ref}", s.requireUser(s.handlePlaylist))
	mux.HandleFunc("PUT /api/playlist/{ref}", s.requireUser(s.handleRenamePlaylist))
	mux.HandleFunc("POST /api/playlist/{ref}", s.requireUser(s.handleAddToPlaylist))
	mux.HandleFunc("DELETE /api/playlist/{ref}/songs/{song}", s.requireUser(s.handleRemoveFromPlaylist))
	mux.HandleFunc("PUT /api/playlist/{ref}/order", s.requireUser(s.handleReorderPlaylist))

	// Likes, follows and sharing.
	mux.HandleFunc("POST /api/like/check", s.requireUser(s.handleLikeCheck))
	mux.HandleFunc("POST /api/like/add", s.requireUser(s.handleLike))
	mux.HandleFunc("DELETE /api/like/{song}", s.requireUser(s.handleUnlike))
	mux.HandleFunc("GET /api/like/all", s.requireUser(s.handleLikedSongs))
	// Search: typed words as prefixes, in any order, typos forgiven.
	mux.HandleFunc("GET /api/search", s.requireUser(s.handleSearch))
	mux.HandleFunc("POST /api/search/song", s.requireUser(s.handleSearchSongs))
	mux.HandleFunc("POST /api/search/artist", s.requireUser(s.handleSearchArtists))
	mux.HandleFunc("POST /api/search/playlist", s.requireUser(s.handleSearchPlaylistsAll))
	mux.HandleFunc("POST /api/search/follower", s.requireUser(s.handleSearchUsers))
	mux.HandleFunc("GET /api/feed", s.requireUser(s.handleFeed))
	mux.HandleFunc("POST /api/recommend/share", s.requireUser(s.handleRecommendShare))
	mux.HandleFunc("GET /api/share/{type}/{id}", s.handleSharePreview)

	// Radio: stations on the server's clock, live over a WebSocket.
	mux.HandleFunc("POST /api/radio/create", s.requireUser(s.handleCreateStation))
	mux.HandleFunc("GET /api/radio/all", s.requireUser(s.handleStations))
	mux.HandleFunc("GET /api/radio/{id}", s.requireUser(s.handleStation))
	mux.HandleFunc("DELETE /api/radio/{id}", s.requireUser(s.handleDeleteStation))
	mux.HandleFunc("GET /api/time", s.handleTime)
	mux.HandleFunc("GET /api/ws", s.requireUser(s.handleWS))

	// The assistant and voice commands.
	mux.HandleFunc("POST /api/assistant/chat", s.requireUser(s.handleChat))
	mux.HandleFunc("POST /api/voice/command", s.requireUser(s.handleVoiceCommand))

	// App passwords for Subsonic apps: each user's own.
	mux.HandleFunc("GET /api/app-passwords", s.requireUser(s.handleAppPasswords))
	mux.HandleFunc("POST /api/app-passwords", s.requireUser(s.handleCreateAppPassword))
	mux.HandleFunc("DELETE /api/app-passwords/{id}", s.requireUser(s.handleRevokeAppPassword))
	// Administration: admins only, checked here on every route.
	mux.HandleFunc("GET /api/auth/signup-mode", s.handleSignupMode)
	if s.Admin != nil {
		for _, rt := range s.adminRoutes() {
			mux.HandleFunc(rt.pattern, s.requireAdmin(rt.handler))
		}
	}

	mux.HandleFunc("/api/", s.handleAPINotFound)

	// Media: audio needs a signed URL or a session; covers are public for shared links.
	mux.HandleFunc("GET /media/s/{kind}/{id}/{file}", s.handleSignedMedia)
	mux.HandleFunc("GET /media/songs/{id}/download", s.requireUser(s.handleDownload))
	mux.HandleFunc("GET /media/songs/{id}/{file}", s.requireUser(s.handleSongFile))
	mux.HandleFunc("GET /media/covers/{file}", s.handleCover)
	mux.HandleFunc("GET /media/radio/{id}/{file}", s.requireUser(s.handleStationAudio))
	mux.HandleFunc("GET /media/lib/{folder}/{file}", s.requireUser(s.handleLibraryFile))

	if s.Outbox != nil && LoopbackURL(s.BaseURL) {
		mux.HandleFunc("GET /dev/mail", s.handleDevMail)
		mux.HandleFunc("GET /dev/mail.json", s.handleDevMailJSON)
	}
	mux.HandleFunc("/dev/", s.handleNoPage)

	// The Subsonic API: every call carries its own credentials.
	if s.Subsonic != nil {
		mux.Handle("/rest/", s.Subsonic)
	}

	mux.Handle("/", s.spa())
}

// route is a pattern and its handler.
type route struct {
	pattern string
	handler http.HandlerFunc
}

// adminRoutes are the routes only admins reach. They are a table, not
// calls, so that each gets requireAdmin in one place and the tests walk
// every one of them: a route added here cannot be left out of either.
func (s *Server) adminRoutes() []route {
	return []route{
		{"GET /api/admin/users", s.handleAdminUsers},
		{"PUT /api/admin/users/{id}/admin", s.handleAdminSetAdmin},
		{"PUT /api/admin/users/{id}/disabled", s.handleAdminSetDisabled},
		{"DELETE /api/admin/users/{id}", s.handleAdminDeleteUser},
		{"GET /api/admin/library", s.handleAdminLibrary},
		{"POST /api/admin/library/scan", s.handleAdminScan},
		{"GET /api/admin/signup", s.handleAdminSignup},
		{"PUT /api/admin/signup", s.handleAdminSetSignup},
		{"GET /api/admin/invites", s.handleAdminInvites},
		{"POST /api/admin/invites", s.handleAdminCreateInvite},
		{"DELETE /api/admin/invites/{id}", s.handleAdminRevokeInvite},
		{"GET /api/admin/jobs", s.handleJobStats},
	}
}
