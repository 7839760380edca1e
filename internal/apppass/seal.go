package apppass

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/hkdf"
	"crypto/rand"
	"crypto/sha256"
	"errors"
	"fmt"
)

// keyInfo separates this key from anything else derived from the server
// secret (the media URL signatures use the secret itself).
const keyInfo = "musicify app passwords"

// MinSecret is the shortest server secret accepted: MUSICIFY_SECRET_KEY must
// be 32 characters, and the generated one is 64 hex digits.
const MinSecret = 32

// sealer encrypts app password secrets with AES-256-GCM under a key derived
// from the server secret with HKDF-SHA256.
type sealer struct{ aead cipher.AEAD }

func newSealer(serverSecret []byte) (*sealer, error) {
	if len(serverSecret) < MinSecret {
		return nil, fmt.Errorf("the server secret must be at least %d bytes, not %d", MinSecret, len(serverSecret))
	}
	key, err := hkdf.Key(sha256.New, serverSecret, nil, keyInfo, 32)
	if err != nil {
		return nil, fmt.Errorf("deriving the app password key: %w", err)
	}
	block, err := aes.NewCipher(key)
	if err != nil {
		return nil, err
	}
	aead, err := cipher.NewGCM(block)
	if err != nil {
		return nil, err
	}
	return &sealer{aead: aead}, nil
}

// seal encrypts plain under a fresh random nonce, bound to the row it is
// for (ad), and returns nonce then ciphertext: a secret copied onto another
// row of the table does not open there.
func (s *sealer) seal(plain string, ad []byte) []byte {
	nonce := make([]byte, s.aead.NonceSize(), s.aead.NonceSize()+len(plain)+s.aead.Overhead())
	if _, err := rand.Read(nonce); err != nil {
		panic(err) // crypto/rand does not fail on supported platforms
	}
	return s.aead.Seal(nonce, nonce, []byte(plain), ad)
}

// errOpen is a secret that does not decrypt: another server secret, or a
// row altered behind the server's back.
var errOpen = errors.New("the app password does not decrypt with this server's secret key")

func (s *sealer) open(sealed, ad []byte) (string, error) {
	n := s.aead.NonceSize()
	if len(sealed) < n+s.aead.Overhead() {
		return "", errOpen
	}
	plain, err := s.aead.Open(nil, sealed[:n], sealed[n:], ad)
	if err != nil {
		return "", errOpen
	}
	return string(plain), nil
}

// rowData is what a secret is bound to: its row and its owner.
func rowData(id, userID string) []byte {
	return []byte("app-password\x00" + id + "\x00" + userID)
}
