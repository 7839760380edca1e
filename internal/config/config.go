// Package config reads the MUSICIFY_* environment once into a typed struct
// and refuses to start on a bad value, naming the variable.
package config

import (
	"fmt"
	"net"
	"net/mail"
	"net/netip"
	"net/url"
	"path/filepath"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"time"
)

// Config is every setting of the server. Defaults make `make run` work.
type Config struct {
	Addr         string
	BaseURL      *url.URL
	DataDir      string
	DatabasePath string // SQLite file; empty when the database is PostgreSQL
	DatabaseURL  string // what sqlstore.Open opens: sqlite://PATH or postgres://…
	MediaDir     string // local media root, from MUSICIFY_STORAGE_URL; "" with S3
	S3           *S3    // media in a bucket instead; nil for local
	// StorageRedirect answers media requests with a redirect to a
	// short-lived signed URL at the bucket instead of proxying the bytes.
	StorageRedirect bool
	// TempDir holds spooled uploads and files being made, whatever the storage.
	TempDir  string
	SMTPURL  *url.URL
	MailFrom *mail.Address
	Demo     bool
	// DevMail keeps mails in the dev outbox at /dev/mail (no SMTP, a
	// loopback base URL): for a first run on one's own machine only.
	DevMail     bool
	MaxUploadMB int64
	// UploadQuotaMB bounds what one user may upload in all; 0: unlimited.
	UploadQuotaMB int64
	// RenditionCacheMB bounds the lighter copies made for players and apps.
	RenditionCacheMB int64
	// TrustProxy takes the client's address from X-Forwarded-For, as the
	// proxies in TrustedProxies (or, with none listed, the one proxy in
	// front) wrote it.
	TrustProxy     bool
	TrustedProxies []netip.Prefix
	// MaxConnections caps open connections; past it new ones get 503.
	MaxConnections int64
	// MaxConnectionsPerAddress caps those of one client address.
	MaxConnectionsPerAddress int64
	// JobWorkers is how many background jobs (ffmpeg, pocketsphinx) run at
	// once: by default one per core but one, leaving a core to requests.
	JobWorkers int64

	// IgnoredArticles are the leading articles Subsonic indexes file
	// artists without ("The Beatles" under B), space-separated.
	IgnoredArticles string

	OIDCIssuer       string
	OIDCClientID     string
	OIDCClientSecret string

	LLMBaseURL       string
	LLMModel         string
	LLMAPIKey        string
	TranscribeURL    string
	TranscribeModel  string
	TranscribeAPIKey string
	PubSubURL        string
	// MetricsToken, when set, serves /metrics to callers that send it as a
	// bearer token; unset, /metrics is off.
	MetricsToken string
	// SecretKey signs media URLs; "" takes the one generated into the
	// database, which every instance sharing it then uses.
	SecretKey string
	// LibraryDirs are the music folders to import and watch (absolute).
	LibraryDirs []string
	// ScanInterval is how often the library is scanned in full; 0: never.
	ScanInterval time.Duration
	// TranscribeLibrary transcribes imported songs too.
	TranscribeLibrary bool
	// ArtistSeparators and ArtistExceptions split library artist tags
	// into artists; nil keeps the library's defaults.
	ArtistSeparators, ArtistExceptions []string
	// Signup is who may create an account (MUSICIFY_SIGNUP): open, invite
	// or closed; an admin may pick another on the admin page.
	Signup string
	// Admins are usernames that are admins (MUSICIFY_ADMIN); none makes the
	// first person to sign up the admin.
	Admins []string
}

// Error names the variable that stopped the start.
type Error struct {
	Var string
	Msg string
}

func (e *Error) Error() string { return e.Var + ": " + e.Msg }

// Load parses the environment through getenv (os.Getenv in production).
func Load(getenv func(string) string) (*Config, error) {
	p := parser{getenv: getenv}
	c := &Config{
		Addr:                     p.str("MUSICIFY_ADDR", "127.0.0.1:8080"),
		DataDir:                  p.str("MUSICIFY_DATA_DIR", "./data"),
		Demo:                     p.boolean("MUSICIFY_DEMO", true),
		DevMail:                  p.boolean("MUSICIFY_DEV_MAIL", false),
		MaxUploadMB:              p.positive("MUSICIFY_MAX_UPLOAD_MB", 200),
		UploadQuotaMB:            p.positive("MUSICIFY_UPLOAD_QUOTA_MB", 0),
		RenditionCacheMB:         p.positive("MUSICIFY_RENDITION_CACHE_MB", 2048),
		MaxConnections:           p.positive("MUSICIFY_MAX_CONNECTIONS", 4096),
		MaxConnectionsPerAddress: p.positive("MUSICIFY_MAX_CONNECTIONS_PER_ADDRESS", 256),
		JobWorkers:               p.positive("MUSICIFY_JOB_WORKERS", int64(max(1, runtime.NumCPU()-1))),
		IgnoredArticles:          strings.Join(strings.Fields(p.str("MUSICIFY_IGNORED_ARTICLES", "The El La Los Las Le Les Die Der Das")), " "),
		OIDCIssuer:               p.str("MUSICIFY_OIDC_ISSUER", ""),
		OIDCClientID:             p.str("MUSICIFY_OIDC_CLIENT_ID", ""),
		OIDCClientSecret:         p.str("MUSICIFY_OIDC_CLIENT_SECRET", ""),
		LLMBaseURL:               p.str("MUSICIFY_LLM_BASE_URL", ""),
		LLMModel:                 p.str("MUSICIFY_LLM_MODEL", ""),
		LLMAPIKey:                p.str("MUSICIFY_LLM_API_KEY", ""),
		TranscribeURL:            p.str("MUSICIFY_TRANSCRIBE_URL", ""),
		TranscribeModel:          p.str("MUSICIFY_TRANSCRIBE_MODEL", ""),
		TranscribeAPIKey:         p.str("MUSICIFY_TRANSCRIBE_API_KEY", ""),
		PubSubURL:                p.str("MUSICIFY_PUBSUB_URL", ""),
		MetricsToken:             p.str("MUSICIFY_METRICS_TOKEN", ""),
		SecretKey:                p.str("MUSICIFY_SECRET_KEY", ""),
	}
	c.TrustProxy, c.TrustedProxies = p.trustProxy("MUSICIFY_TRUST_PROXY")
	c.BaseURL = p.baseURL("MUSICIFY_BASE_URL", "http://localhost:8080")
	p.addr("MUSICIFY_ADDR", c.Addr)
	if c.DataDir == "" {
		p.fail("MUSICIFY_DATA_DIR", "must not be empty")
	}
	c.DatabaseURL, c.DatabasePath = p.database("MUSICIFY_DATABASE_URL", c.DataDir)
	c.TempDir = filepath.Join(c.DataDir, "tmp")
	c.MediaDir, c.S3 = p.storage("MUSICIFY_STORAGE_URL", c.DataDir)
	c.StorageRedirect = p.boolean("MUSICIFY_STORAGE_REDIRECT", false)
	if c.StorageRedirect && c.S3 == nil {
		p.fail("MUSICIFY_STORAGE_REDIRECT", "needs media in S3 (MUSICIFY_STORAGE_URL=s3://…); local media is always sent by the server")
	}
	c.SMTPURL = p.smtp("MUSICIFY_SMTP_URL")
	c.MailFrom = p.address("MUSICIFY_MAIL_FROM", "Musicify <no-reply@localhost>")
	p.allOrNone("MUSICIFY_OIDC_ISSUER", c.OIDCIssuer, "MUSICIFY_OIDC_CLIENT_ID", c.OIDCClientID, "MUSICIFY_OIDC_CLIENT_SECRET", c.OIDCClientSecret)
	if c.OIDCIssuer != "" {
		p.httpURL("MUSICIFY_OIDC_ISSUER", c.OIDCIssuer)
	}
	p.allOrNone("MUSICIFY_LLM_BASE_URL", c.LLMBaseURL, "MUSICIFY_LLM_MODEL", c.LLMModel)
	if c.LLMBaseURL != "" {
		p.httpURL("MUSICIFY_LLM_BASE_URL", c.LLMBaseURL)
	}
	if c.TranscribeURL != "" {
		p.httpURL("MUSICIFY_TRANSCRIBE_URL", c.TranscribeURL)
	}
	p.pubsub("MUSICIFY_PUBSUB_URL", c.PubSubURL)
	c.LibraryDirs = p.libraryDirs("MUSICIFY_LIBRARY_DIRS")
	p.apart("MUSICIFY_LIBRARY_DIRS", c.LibraryDirs, c.DataDir, c.MediaDir)
	c.ScanInterval = p.duration("MUSICIFY_SCAN_INTERVAL", time.Hour)
	c.TranscribeLibrary = p.boolean("MUSICIFY_TRANSCRIBE_LIBRARY", false)
	c.ArtistSeparators = p.artistList("MUSICIFY_ARTIST_SEPARATORS")
	c.ArtistExceptions = p.artistList("MUSICIFY_ARTIST_EXCEPTIONS")
	p.token("MUSICIFY_METRICS_TOKEN", c.MetricsToken)
	if c.SecretKey != "" && len(c.SecretKey) < 32 {
		p.fail("MUSICIFY_SECRET_KEY", "must be at least 32 characters (openssl rand -hex 32 makes one), or unset to use the one generated into the database")
	}
	c.Signup = p.oneOf("MUSICIFY_SIGNUP", "open", "open", "invite", "closed")
	c.Admins = p.usernames("MUSICIFY_ADMIN")
	if p.err != nil {
		return nil, p.err
	}
	return c, nil
}

// oneOf reads a value that must be one of choices.
func (p *parser) oneOf(name, def string, choices ...string) string {
	v := strings.ToLower(p.str(name, def))
	for _, c := range choices {
		if v == c {
			return v
		}
	}
	p.fail(name, fmt.Sprintf("%q is not one of %s", v, strings.Join(choices, ", ")))
	return def
}

// usernames reads a comma-separated list of usernames.
func (p *parser) usernames(name string) []string {
	var out []string
	for _, n := range strings.Split(p.str(name, ""), ",") {
		if n = strings.TrimSpace(n); n == "" {
			continue
		}
		if !usernamePattern.MatchString(n) {
			p.fail(name, fmt.Sprintf("%q is not a username (letters, digits, _ and -, comma-separated)", n))
		}
		out = append(out, n)
	}
	return out
}

// OIDCEnabled reports whether sign-in with an identity provider is configured.
func (c *Config) OIDCEnabled() bool { return c.OIDCIssuer != "" }

// SecureCookies is true when the public URL is https, so cookies need Secure.
func (c *Config) SecureCookies() bool { return c.BaseURL.Scheme == "https" }

// Redacted lists the settings for the start-up log with secrets masked.
func (c *Config) Redacted() []any {
	smtp := ""
	if c.SMTPURL != nil {
		smtp = c.SMTPURL.Redacted()
	}
	mask := func(s string) string {
		if s == "" {
			return ""
		}
		return "xxxxx"
	}
	return []any{
		"addr", c.Addr, "base_url", c.BaseURL.String(), "data_dir", c.DataDir,
		"database", redactURL(c.DatabaseURL), "media", c.media(), "smtp", smtp,
		"mail_from", c.MailFrom.String(), "demo", c.Demo, "dev_mail", c.DevMail, "max_upload_mb", c.MaxUploadMB,
		"upload_quota_mb", c.UploadQuotaMB, "rendition_cache_mb", c.RenditionCacheMB, "max_connections", c.MaxConnections, "job_workers", c.JobWorkers,
		"trust_proxy", c.TrustProxy, "trusted_proxies", c.TrustedProxies, "oidc_issuer", c.OIDCIssuer, "oidc_client_id", c.OIDCClientID,
		"oidc_client_secret", mask(c.OIDCClientSecret), "llm_base_url", c.LLMBaseURL,
		"llm_model", c.LLMModel, "llm_api_key", mask(c.LLMAPIKey), "transcribe_url", c.TranscribeURL,
		"transcribe_model", c.TranscribeModel, "transcribe_api_key", mask(c.TranscribeAPIKey),
		"pubsub", redactURLs(c.PubSubURL), "metrics_token", mask(c.MetricsToken),
		"pubsub", redactURLs(c.PubSubURL), "secret_key", mask(c.SecretKey),
		"library_dirs", c.LibraryDirs, "scan_interval", c.ScanInterval.String(), "transcribe_library", c.TranscribeLibrary,
		"signup", c.Signup, "admins", strings.Join(c.Admins, ","),
	}
}

func (c *Config) media() string {
	if c.S3 != nil {
		return c.S3.String()
	}
	return c.MediaDir
}

var usernamePattern = regexp.MustCompile(`^[A-Za-z0-9_-]{3,32}$`)

// parser collects the first error so Load reads as a list of settings.
type parser struct {
	getenv func(string) string
	err    error
}

func (p *parser) fail(name, msg string) {
	if p.err == nil {
		p.err = &Error{Var: name, Msg: msg}
	}
}

func (p *parser) str(name, def string) string {
	if v := strings.TrimSpace(p.getenv(name)); v != "" {
		return v
	}
	return def
}

func (p *parser) boolean(name string, def bool) bool {
	v := p.str(name, "")
	if v == "" {
		return def
	}
	b, err := strconv.ParseBool(v)
	if err != nil {
		p.fail(name, fmt.Sprintf("%q is not true or false", v))
	}
	return b
}

// trustProxy reads "true" or "false", or the proxies to trust: addresses
// and CIDR prefixes, comma-separated.
func (p *parser) trustProxy(name string) (bool, []netip.Prefix) {
	v := p.str(name, "")
	if v == "" {
		return false, nil
	}
	if b, err := strconv.ParseBool(v); err == nil {
		return b, nil
	}
	var out []netip.Prefix
	for _, f := range strings.Split(v, ",") {
		f = strings.TrimSpace(f)
		if f == "" {
			continue
		}
		prefix, err := netip.ParsePrefix(f)
		if err != nil {
			addr, aerr := netip.ParseAddr(f)
			if aerr != nil {
				p.fail(name, fmt.Sprintf("%q is not true, false, or a list of proxy addresses and CIDR prefixes", f))
				return false, nil
			}
			prefix = netip.PrefixFrom(addr.Unmap(), addr.Unmap().BitLen())
		}
		out = append(out, prefix.Masked())
	}
	return len(out) > 0, out
}

func (p *parser) positive(name string, def int64) int64 {
	v := p.str(name, "")
	if v == "" {
		return def
	}
	n, err := strconv.ParseInt(v, 10, 64)
	if err != nil || n <= 0 || n > 1<<20 {
		p.fail(name, fmt.Sprintf("%q is not a whole number between 1 and 1048576", v))
	}
	return n
}

func (p *parser) addr(name, v string) {
	_, port, err := net.SplitHostPort(v)
	if err != nil {
		p.fail(name, fmt.Sprintf("%q is not host:port (for example 127.0.0.1:8080 or :8080)", v))
		return
	}
	if n, err := strconv.Atoi(port); err != nil || n < 0 || n > 65535 {
		p.fail(name, fmt.Sprintf("port %q is not a number from 0 to 65535", port))
	}
}

func (p *parser) baseURL(name, def string) *url.URL {
	v := strings.TrimRight(p.str(name, def), "/")
	u, err := url.Parse(v)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.RawQuery != "" || u.Fragment != "" {
		p.fail(name, fmt.Sprintf("%q is not an http(s) URL such as https://music.example.com", v))
		return &url.URL{Scheme: "http", Host: "localhost"}
	}
	return u
}

func (p *parser) httpURL(name, v string) {
	u, err := url.Parse(v)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		p.fail(name, fmt.Sprintf("%q is not an http(s) URL", v))
	}
}

// database returns the URL to open and, for SQLite, the file's path.
func (p *parser) database(name, dataDir string) (string, string) {
	v := p.str(name, "")
	switch {
	case v == "":
		path := filepath.Join(dataDir, "musicify.db")
		return "sqlite://" + path, path
	case strings.HasPrefix(v, "postgres://"), strings.HasPrefix(v, "postgresql://"):
		u, err := url.Parse(v)
		if err != nil || u.Host == "" || strings.Trim(u.Path, "/") == "" {
			p.fail(name, "must look like postgres://user:password@host:5432/database?sslmode=require")
			return "", ""
		}
		switch mode := u.Query().Get("sslmode"); mode {
		case "", "disable", "allow", "prefer", "require", "verify-ca", "verify-full":
		default:
			p.fail(name, fmt.Sprintf("sslmode %q is not one of disable, allow, prefer, require, verify-ca, verify-full", mode))
		}
		return v, ""
	case strings.HasPrefix(v, "sqlite://"):
		if path := strings.TrimPrefix(v, "sqlite://"); path != "" {
			return v, path
		}
		p.fail(name, "sqlite:// needs a file path, such as sqlite:///var/lib/musicify/musicify.db")
	default:
		p.fail(name, fmt.Sprintf("%q is neither sqlite://PATH nor postgres://…", redactURL(v)))
	}
	return "", ""
}

// redactURL hides the password of a URL for the log.
func redactURL(v string) string {
	if u, err := url.Parse(v); err == nil {
		return u.Redacted()
	}
	return v
}

// pubsub checks a NATS URL, or a comma-separated list of a cluster's.
func (p *parser) pubsub(name, v string) {
	if v == "" {
		return
	}
	for _, one := range strings.Split(v, ",") {
		u, err := url.Parse(strings.TrimSpace(one))
		if err != nil || (u.Scheme != "nats" && u.Scheme != "tls") || u.Hostname() == "" {
			p.fail(name, "expected nats://host:4222 (or tls://, or several separated by commas)")
			return
		}
	}
}

// redactURLs masks the passwords in a comma-separated list of URLs.
func redactURLs(v string) string {
	var out []string
	for _, one := range strings.Split(v, ",") {
		if u, err := url.Parse(strings.TrimSpace(one)); err == nil && v != "" {
			out = append(out, u.Redacted())
		}
	}
	return strings.Join(out, ",")
}

func (p *parser) smtp(name string) *url.URL {
	v := p.str(name, "")
	if v == "" {
		return nil
	}
	u, err := url.Parse(v)
	if err != nil || (u.Scheme != "smtp" && u.Scheme != "smtps") || u.Hostname() == "" {
		p.fail(name, "expected smtp://user:pass@host:port or smtps://user:pass@host:port")
		return nil
	}
	if port := u.Port(); port != "" {
		if n, err := strconv.Atoi(port); err != nil || n <= 0 || n > 65535 {
			p.fail(name, fmt.Sprintf("port %q is not a number from 1 to 65535", port))
		}
	}
	return u
}

func (p *parser) address(name, def string) *mail.Address {
	v := p.str(name, def)
	a, err := mail.ParseAddress(v)
	if err != nil {
		p.fail(name, fmt.Sprintf("%q is not a mail address such as Musicify <no-reply@example.com>", v))
		return &mail.Address{Address: "no-reply@localhost"}
	}
	return a
}

// allOrNone takes name/value pairs that only make sense together.
func (p *parser) allOrNone(pairs ...string) {
	var set, unset []string
	for i := 0; i < len(pairs); i += 2 {
		if pairs[i+1] == "" {
			unset = append(unset, pairs[i])
		} else {
			set = append(set, pairs[i])
		}
	}
	if len(set) > 0 && len(unset) > 0 {
		p.fail(unset[0], fmt.Sprintf("must be set together with %s", strings.Join(set, " and ")))
	}
}

// token checks a shared secret that guards an endpoint: long enough that
// guessing it is hopeless, and nothing a header would mangle.
func (p *parser) token(name, v string) {
	if v == "" {
		return
	}
	if len(v) < 32 {
		p.fail(name, "must be at least 32 characters (make one with: openssl rand -hex 32)")
	}
	for _, r := range v {
		if r <= ' ' || r > '~' {
			p.fail(name, "must be printable ASCII without spaces")
			return
		}
	}
}
