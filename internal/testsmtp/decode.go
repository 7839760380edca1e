package testsmtp

import (
	"io"
	"mime"
	"mime/quotedprintable"
	"net/mail"
	"strings"
)

// decodeBody undoes the transfer encoding of a single-part text mail.
func decodeBody(msg *mail.Message) (string, error) {
	var r io.Reader = msg.Body
	if strings.EqualFold(msg.Header.Get("Content-Transfer-Encoding"), "quoted-printable") {
		r = quotedprintable.NewReader(r)
	}
	b, err := io.ReadAll(r)
	return strings.ReplaceAll(string(b), "\r\n", "\n"), err
}

// Subject is the decoded subject of m.
func (m Message) Subject() string {
	s, err := new(mime.WordDecoder).DecodeHeader(m.Header.Get("Subject"))
	if err != nil {
		return m.Header.Get("Subject")
	}
	return s
}
