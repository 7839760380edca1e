package subsonic

import "net/http"

// What Musicify does not have answers in Subsonic form, never with a 404:
// apps treat a 404 as a broken server and some stop talking to it.
//
// Lists (getPodcasts, getNewestPodcasts, getVideos, getChatMessages) answer
// empty: apps show "no podcasts" and go on, where an error would put up a
// failure dialog on a screen the user merely opened. Actions answer error
// 50 "not authorized" with a sentence saying why: getUser already tells
// apps that nobody has the podcast or comment role (nor the jukebox one
// on a server without devices: jukeboxControl is then refused here, and
// served by jukebox.go with them), and 50 is the code apps show as "not
// allowed" rather than retrying or signing out.
// The Subsonic and OpenSubsonic codes have no "not implemented"; 0 would be
// read as a passing server failure worth retrying.

func notSupported(what string) endpoint {
	return func(http.ResponseWriter, *request) (*response, error) {
		return nil, &apiError{Code: errNotAuthorized, Message: what}
	}
}

const (
	noPodcasts = "Musicify has no podcasts: it serves your music library and uploads."
	noJukebox  = "Musicify has no jukebox: play on your device, or start a radio station in the web app."
	noChat     = "Musicify has no chat: follow people and see what they play in the web app's feed."
	noVideos   = "Musicify has no videos: it serves music only."
)

func (s *Server) getPodcasts(http.ResponseWriter, *request) (*response, error) {
	res := s.newResponse()
	res.Podcasts = &podcasts{Channel: []struct{}{}}
	return res, nil
}

func (s *Server) getNewestPodcasts(http.ResponseWriter, *request) (*response, error) {
	res := s.newResponse()
	res.NewestPodcasts = &newestPodcasts{Episode: []struct{}{}}
	return res, nil
}

func (s *Server) getVideos(http.ResponseWriter, *request) (*response, error) {
	res := s.newResponse()
	res.Videos = &videos{Video: []struct{}{}}
	return res, nil
}

func (s *Server) getChatMessages(http.ResponseWriter, *request) (*response, error) {
	res := s.newResponse()
	res.ChatMessages = &chatMessages{ChatMessage: []struct{}{}}
	return res, nil
}

// unsupported are the calls answered with a sentence saying why not.
var unsupported = map[string]string{
	"refreshPodcasts":            noPodcasts,
	"createPodcastChannel":       noPodcasts,
	"deletePodcastChannel":       noPodcasts,
	"deletePodcastEpisode":       noPodcasts,
	"downloadPodcastEpisode":     noPodcasts,
	"getPodcastEpisode":          noPodcasts,
	"jukeboxControl":             noJukebox,
	"getVideoInfo":               noVideos,
	"hls":                        "Musicify streams whole files (stream) rather than HLS playlists.",
	"getCaptions":                noVideos,
	"addChatMessage":             noChat,
	"createUser":                 "Manage accounts on the web app's admin page: Musicify accounts sign in with a mailed code or a password there.",
	"updateUser":                 "Manage accounts on the web app's admin page.",
	"deleteUser":                 "Manage accounts on the web app's admin page.",
	"changePassword":             "Change your password in the web app's Settings; Subsonic apps sign in with an app password made there.",
	"createInternetRadioStation": "Radio stations are made in the web app, from your music.",
	"updateInternetRadioStation": "Radio stations are changed in the web app.",
	"deleteInternetRadioStation": "Radio stations are deleted in the web app.",
	"updateShare":                "Musicify share links are public links to a song or playlist: there is nothing to change.",
	"deleteShare":                "Musicify share links are public links to a song or playlist and are not stored: there is nothing to delete.",
	"search":                     "The first search call is retired: use search3 (or search2).",
	"getTranscodeDecision":       "Musicify decides transcoding in stream itself: call stream with format and maxBitRate.",
	"getTranscodeStream":         "Musicify decides transcoding in stream itself: call stream with format and maxBitRate.",
}
