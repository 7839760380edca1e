package assistant

// howTo answers how-to questions by topic (the nlu lexicon's topics).
var howTo = map[string]string{
	"upload":        "To upload a song, open Upload song in the menu, give it a name, choose the audio file (MP3, AAC, Ogg, Opus, FLAC, WAV or WebM) and, if you like, a cover and lyrics, then press Submit. Without lyrics, I write down the words for you when the server can.",
	"radio":         "Radio stations play one audio file on a loop from a start time, and everyone hears the same second. Open Radio, give the station a name, pick a date and time and an audio file, and press Create. When it starts, press Join.",
	"share":         "Every song and playlist has a share button: send the link by email, WhatsApp, Telegram, Twitter or Facebook, or copy it. People without an account see a preview and can sign up to listen.",
	"playlist":      "Open Playlists and press Create, give it a name, then add songs with the add-to-playlist button on any song. On a playlist you can play all, shuffle, reorder and remove songs. Or ask me to make one for you, like “make me a playlist of upbeat songs”.",
	"like":          "Press the heart on a song to like it; your liked songs are on Liked Songs and they teach your recommendations what you enjoy.",
	"download":      "Press the download button on a song to save the original file. To listen without a connection instead, use Download for offline.",
	"follow":        "Open Profile, then View All to see everyone, and press Follow. Songs and playlists of the people you follow show on Home.",
	"offline":       "Install the app (Install app in the account menu; on Safari, Share → Add to Home Screen), then press Download on a playlist, an album or Liked Songs, or Download for offline in a song's ⋮ menu. Downloaded songs play without a network; Downloads in the side menu lists them.",
	"app_passwords": "To use a Subsonic app (Symfonium, DSub, substreamer, Feishin…), make an app password in Settings for that device, then add a Subsonic server in the app with the address you open Musicify at, your username and that app password, never your web password. App passwords are shown once and can be revoked in Settings.",
}
