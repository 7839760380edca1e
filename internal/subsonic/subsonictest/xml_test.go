package subsonictest

import (
	"strings"
	"testing"
)

const xmlHead = `<?xml version="1.0" encoding="UTF-8"?>` +
	`<subsonic-response xmlns="http://subsonic.org/restapi" status="ok" version="1.16.1" type="musicify" serverVersion="dev" openSubsonic="true">`

func TestValidXMLAnswersPass(t *testing.T) {
	for _, c := range []struct{ endpoint, body string }{
		{"ping", xmlHead + `</subsonic-response>`},
		{"getOpenSubsonicExtensions", xmlHead +
			`<openSubsonicExtensions name="songLyrics"><versions>1</versions></openSubsonicExtensions>` +
			`<openSubsonicExtensions name="formPost"><versions>1</versions><versions>2</versions></openSubsonicExtensions></subsonic-response>`},
		{"getAlbum", xmlHead +
			`<album id="al-1" name="Déjà &amp; Vu" songCount="1" duration="15" created="2026-01-02T03:04:05Z" year="2016" isCompilation="false">` +
			`<genres name="R&amp;B"></genres>` +
			`<song id="s-1" title="Ágúst" isDir="false" duration="15" bitRate="128" track="1" type="music" mediaType="song" parent="al-1">` +
			`<artists id="ar-1" name="Beyoncé"></artists><artists id="ar-2" name="Kendrick Lamar"></artists><replayGain></replayGain></song>` +
			`</album></subsonic-response>`},
		{"getLyrics", xmlHead + `<lyrics artist="Björk" title="Hunter">If travel is searching</lyrics></subsonic-response>`},
		{"getLyricsBySongId", xmlHead + `<lyricsList><structuredLyrics lang="xxx" synced="true">` +
			`<line start="0">If travel is searching</line><line start="1000">And home</line></structuredLyrics></lyricsList></subsonic-response>`},
		{"getAlbum", strings.Replace(xmlHead, `status="ok"`, `status="failed"`, 1) +
			`<error code="70" message="This album does not exist."></error></subsonic-response>`},
	} {
		if err := CheckXMLResponse(c.endpoint, []byte(c.body)); err != nil {
			t.Errorf("%s: %v\n%s", c.endpoint, err, c.body)
		}
	}
}

// Each broken answer fails with a message that names what is wrong.
func TestBrokenXMLAnswersFail(t *testing.T) {
	for _, c := range []struct{ name, endpoint, body, want string }{
		{"not well-formed", "ping", xmlHead + `<oops></subsonic-response>`, "not well-formed"},
		{"a bare ampersand", "ping", strings.Replace(xmlHead, `type="musicify"`, `type="a & b"`, 1) + `</subsonic-response>`, "not well-formed"},
		{"no namespace", "ping", strings.Replace(xmlHead, ` xmlns="http://subsonic.org/restapi"`, "", 1) + `</subsonic-response>`, "namespace"},
		{"another root", "ping", `<response status="ok" xmlns="http://subsonic.org/restapi"/>`, "root element"},
		{"an integer that is not", "getAlbum", xmlHead +
			`<album id="al-1" name="A" songCount="one" duration="15" created="2026-01-02T03:04:05Z"></album></subsonic-response>`, "songCount: want integer"},
		{"a boolean that is not", "ping", strings.Replace(xmlHead, `openSubsonic="true"`, `openSubsonic="yes"`, 1) + `</subsonic-response>`, "openSubsonic: want boolean"},
		{"a missing required attribute", "getAlbum", xmlHead +
			`<album id="al-1" name="A" duration="15" created="2026-01-02T03:04:05Z"></album></subsonic-response>`, "songCount: required field"},
		{"a date that is not", "getAlbum", xmlHead +
			`<album id="al-1" name="A" songCount="0" duration="15" created="yesterday"></album></subsonic-response>`, "ISO 8601"},
		{"two objects where one belongs", "getAlbum", xmlHead +
			`<album id="a" name="A" songCount="0" duration="1" created="2026-01-02T03:04:05Z"></album><album id="b" name="B" songCount="0" duration="1" created="2026-01-02T03:04:05Z"></album></subsonic-response>`, "want object"},
		{"a failure without its error", "getAlbum", strings.Replace(xmlHead, `status="ok"`, `status="failed"`, 1) + `</subsonic-response>`, "error"},
		{"no payload", "getAlbum", xmlHead + `</subsonic-response>`, "album: required"},
	} {
		err := CheckXMLResponse(c.endpoint, []byte(c.body))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: got %v, want an error saying %q", c.name, err, c.want)
		}
	}
}
