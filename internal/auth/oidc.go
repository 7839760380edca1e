package auth

import (
	"context"
	"fmt"
	"net/http"
	"sync"
	"time"

	"github.com/coreos/go-oidc/v3/oidc"
	"golang.org/x/oauth2"

	"github.com/musicify/musicify/internal/musicify"
)

// OIDC signs people in through an OpenID Connect provider (Google by
// default). The provider is discovered on first use, not at start, so a
// provider that is down does not stop the server.
type OIDC struct {
	issuer, clientID, clientSecret, redirectURL string
	client                                      *http.Client

	mu       sync.Mutex
	config   *oauth2.Config
	verifier *oidc.IDTokenVerifier
}

// NewOIDC configures sign-in with the provider at issuer; redirectURL is
// this server's callback.
func NewOIDC(issuer, clientID, clientSecret, redirectURL string) *OIDC {
	return &OIDC{
		issuer: issuer, clientID: clientID, clientSecret: clientSecret, redirectURL: redirectURL,
		client: &http.Client{Timeout: 15 * time.Second},
	}
}

var errProviderDown = musicify.Errorf(musicify.EUNAVAILABLE, "The sign-in provider could not be reached. Please try again later.")

func (o *OIDC) setup(ctx context.Context) (*oauth2.Config, *oidc.IDTokenVerifier, error) {
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.config != nil {
		return o.config, o.verifier, nil
	}
	provider, err := oidc.NewProvider(oidc.ClientContext(ctx, o.client), o.issuer)
	if err != nil {
		return nil, nil, &musicify.Error{Code: errProviderDown.Code, Message: errProviderDown.Message,
			Err: fmt.Errorf("discovering %s: %w", o.issuer, err)}
	}
	o.config = &oauth2.Config{
		ClientID: o.clientID, ClientSecret: o.clientSecret, RedirectURL: o.redirectURL,
		Endpoint: provider.Endpoint(), Scopes: []string{oidc.ScopeOpenID, "email", "profile"},
	}
	o.verifier = provider.Verifier(&oidc.Config{ClientID: o.clientID})
	return o.config, o.verifier, nil
}

// AuthCodeURL is where the browser goes to sign in. state, nonce and the
// PKCE verifier are kept by the caller until the callback.
func (o *OIDC) AuthCodeURL(ctx context.Context, state, nonce, verifier string) (string, error) {
	cfg, _, err := o.setup(ctx)
	if err != nil {
		return "", err
	}
	return cfg.AuthCodeURL(state, oidc.Nonce(nonce), oauth2.S256ChallengeOption(verifier)), nil
}

// Exchange trades the callback's code for a verified ID token and returns
// its email, which the provider must have verified.
func (o *OIDC) Exchange(ctx context.Context, code, verifier, nonce string) (string, error) {
	cfg, idVerifier, err := o.setup(ctx)
	if err != nil {
		return "", err
	}
	ctx = oidc.ClientContext(ctx, o.client)
	tok, err := cfg.Exchange(ctx, code, oauth2.VerifierOption(verifier))
	if err != nil {
		return "", &musicify.Error{Code: musicify.EUNAUTHORIZED, Err: fmt.Errorf("exchanging code: %w", err),
			Message: "Sign-in with the provider did not complete. Please try again."}
	}
	raw, ok := tok.Extra("id_token").(string)
	if !ok {
		return "", musicify.Errorf(musicify.EUNAUTHORIZED, "The sign-in provider sent no identity. Please try again.")
	}
	idToken, err := idVerifier.Verify(ctx, raw)
	if err != nil {
		return "", &musicify.Error{Code: musicify.EUNAUTHORIZED, Err: fmt.Errorf("verifying id token: %w", err),
			Message: "The sign-in provider's answer could not be verified. Please try again."}
	}
	if idToken.Nonce != nonce {
		return "", musicify.Errorf(musicify.EUNAUTHORIZED, "The sign-in answer did not match this browser. Please try again.")
	}
	var claims struct {
		Email         string `json:"email"`
		EmailVerified bool   `json:"email_verified"`
	}
	if err := idToken.Claims(&claims); err != nil {
		return "", fmt.Errorf("reading id token claims: %w", err)
	}
	if claims.Email == "" || !claims.EmailVerified {
		return "", musicify.Errorf(musicify.EFORBIDDEN, "Your account at the sign-in provider has no verified email, so it cannot sign in here.")
	}
	return claims.Email, nil
}
