package config

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func env(m map[string]string) func(string) string {
	return func(k string) string { return m[k] }
}

func TestDefaultsMakeALocalServer(t *testing.T) {
	c, err := Load(env(nil))
	if err != nil {
		t.Fatal(err)
	}
	if c.Addr != "127.0.0.1:8080" || c.BaseURL.String() != "http://localhost:8080" || !c.Demo || c.DevMail ||
		c.MaxUploadMB != 200 || c.UploadQuotaMB != 0 || c.RenditionCacheMB != 2048 || c.MaxConnections != 4096 || c.SMTPURL != nil || c.OIDCEnabled() || c.SecureCookies() {
		t.Errorf("defaults = %+v", c)
	}
	if c.DatabasePath != filepath.Join("data", "musicify.db") || c.MediaDir != filepath.Join("data", "media") || c.S3 != nil || c.TempDir != filepath.Join("data", "tmp") {
		t.Errorf("paths = %q, %q, %q", c.DatabasePath, c.MediaDir, c.TempDir)
	}
	if c.MailFrom.String() != `"Musicify" <no-reply@localhost>` {
		t.Errorf("mail from = %q", c.MailFrom)
	}
}

func TestValuesAreParsed(t *testing.T) {
	c, err := Load(env(map[string]string{
		"MUSICIFY_ADDR": ":9000", "MUSICIFY_BASE_URL": "https://music.example.com/",
		"MUSICIFY_DATA_DIR": "/srv/m", "MUSICIFY_SMTP_URL": "smtps://u:p@mail.example.com:465",
		"MUSICIFY_DEMO": "false", "MUSICIFY_DEV_MAIL": "true", "MUSICIFY_MAX_UPLOAD_MB": "50", "MUSICIFY_MAX_CONNECTIONS": "100",
		"MUSICIFY_UPLOAD_QUOTA_MB": "1024",
		"MUSICIFY_OIDC_ISSUER":     "https://accounts.google.com", "MUSICIFY_OIDC_CLIENT_ID": "id",
		"MUSICIFY_OIDC_CLIENT_SECRET": "shh", "MUSICIFY_DATABASE_URL": "sqlite:///var/m.db",
		"MUSICIFY_PUBSUB_URL":    "nats://bus:hush@n1:4222, tls://n2:4222",
		"MUSICIFY_METRICS_TOKEN": "scrape-me-0123456789abcdef0123456789",
		"MUSICIFY_SECRET_KEY":    "0123456789abcdef0123456789abcdef-shared",
	}))
	if err != nil {
		t.Fatal(err)
	}
	if c.BaseURL.String() != "https://music.example.com" || !c.SecureCookies() || c.Demo || !c.DevMail || c.MaxUploadMB != 50 || c.UploadQuotaMB != 1024 || c.MaxConnections != 100 ||
		!c.OIDCEnabled() || c.SMTPURL.Host != "mail.example.com:465" || c.DatabasePath != "/var/m.db" ||
		c.MediaDir != "/srv/m/media" || c.PubSubURL != "nats://bus:hush@n1:4222, tls://n2:4222" ||
		c.MetricsToken != "scrape-me-0123456789abcdef0123456789" || c.SecretKey != "0123456789abcdef0123456789abcdef-shared" {
		t.Errorf("parsed = %+v", c)
	}
	if dump := fmt.Sprint(c.Redacted()...); strings.Contains(dump, "shh") || strings.Contains(dump, "u:p@") || strings.Contains(dump, "hush") || strings.Contains(dump, "scrape-me") || strings.Contains(dump, "-shared") {
		t.Errorf("redacted dump leaks a secret: %s", dump)
	}
}

func TestS3StorageIsParsed(t *testing.T) {
	for _, tc := range []struct {
		url  string
		want S3
	}{
		{"s3://media", S3{Bucket: "media"}},
		{"s3://my.bucket/musicify/?region=eu-west-1", S3{Bucket: "my.bucket", Prefix: "musicify/", Region: "eu-west-1"}},
		{"s3://media/a/b?endpoint=http://127.0.0.1:7070/&region=us-east-1&path_style=true",
			S3{Bucket: "media", Prefix: "a/b/", Endpoint: "http://127.0.0.1:7070", Region: "us-east-1", PathStyle: true}},
	} {
		c, err := Load(env(map[string]string{"MUSICIFY_STORAGE_URL": tc.url, "MUSICIFY_STORAGE_REDIRECT": "true", "MUSICIFY_DATA_DIR": "/srv/m"}))
		if err != nil {
			t.Fatalf("%s: %v", tc.url, err)
		}
		if c.S3 == nil || *c.S3 != tc.want || c.MediaDir != "" || !c.StorageRedirect || c.TempDir != "/srv/m/tmp" {
			t.Errorf("%s: S3 %+v, media dir %q, redirect %v, temp %q; want %+v", tc.url, c.S3, c.MediaDir, c.StorageRedirect, c.TempDir, tc.want)
		}
	}
}

// migrate's --to-storage is parsed like MUSICIFY_STORAGE_URL, and its
// errors name the flag.
func TestAStorageFlagIsParsedLikeTheVariable(t *testing.T) {
	dir, s3, err := Storage("--to-storage", "s3://media/a?endpoint=http://127.0.0.1:7070&path_style=true")
	if err != nil || dir != "" || s3 == nil || *s3 != (S3{Bucket: "media", Prefix: "a/", Endpoint: "http://127.0.0.1:7070", PathStyle: true}) {
		t.Errorf("s3: %q %+v %v", dir, s3, err)
	}
	if dir, s3, err := Storage("--to-storage", "file:///srv/media"); err != nil || dir != "/srv/media" || s3 != nil {
		t.Errorf("file: %q %+v %v", dir, s3, err)
	}
	for _, v := range []string{"", "ftp://x", "s3://A?endpoint=x"} {
		if _, _, err := Storage("--to-storage", v); err == nil || !strings.HasPrefix(err.Error(), "--to-storage: ") {
			t.Errorf("%q: %v, want an error naming --to-storage", v, err)
		}
	}
}

func TestBadValuesNameTheVariable(t *testing.T) {
	for _, tc := range []struct{ name, value string }{
		{"MUSICIFY_ADDR", "localhost"},
		{"MUSICIFY_ADDR", "127.0.0.1:99999"},
		{"MUSICIFY_BASE_URL", "music.example.com"},
		{"MUSICIFY_BASE_URL", "ftp://x"},
		{"MUSICIFY_DEMO", "perhaps"},
		{"MUSICIFY_DEV_MAIL", "perhaps"},
		{"MUSICIFY_MAX_UPLOAD_MB", "0"},
		{"MUSICIFY_MAX_UPLOAD_MB", "lots"},
		{"MUSICIFY_UPLOAD_QUOTA_MB", "-5"},
		{"MUSICIFY_UPLOAD_QUOTA_MB", "1 GB"},
		{"MUSICIFY_RENDITION_CACHE_MB", "2G"},
		{"MUSICIFY_MAX_CONNECTIONS", "0"},
		{"MUSICIFY_MAX_CONNECTIONS", "many"},
		{"MUSICIFY_SMTP_URL", "mail.example.com"},
		{"MUSICIFY_SMTP_URL", "smtp://host:0"},
		{"MUSICIFY_MAIL_FROM", "not an address"},
		{"MUSICIFY_DATABASE_URL", "postgres://u@h"}, // no database name
		{"MUSICIFY_DATABASE_URL", "postgres://u@h/db?sslmode=maybe"},
		{"MUSICIFY_DATABASE_URL", "mysql://x"},
		{"MUSICIFY_STORAGE_URL", "s3://"},
		{"MUSICIFY_STORAGE_URL", "s3://My_Bucket"},
		{"MUSICIFY_STORAGE_URL", "s3://key:secret@bucket"},
		{"MUSICIFY_STORAGE_URL", "s3://bucket/a/../b"},
		{"MUSICIFY_STORAGE_URL", "s3://bucket?endpoint=localhost:7070"},
		{"MUSICIFY_STORAGE_URL", "s3://bucket?endpoint=http://h:1/path"},
		{"MUSICIFY_STORAGE_URL", "s3://bucket?path_style=maybe"},
		{"MUSICIFY_STORAGE_URL", "s3://bucket?pathstyle=true"},
		{"MUSICIFY_STORAGE_REDIRECT", "true"}, // with local media
		{"MUSICIFY_STORAGE_REDIRECT", "yes please"},
		{"MUSICIFY_OIDC_ISSUER", "https://accounts.google.com"}, // without client id and secret
		{"MUSICIFY_LLM_BASE_URL", "http://localhost:11434/v1"},  // without a model
		{"MUSICIFY_PUBSUB_URL", "localhost:4222"},
		{"MUSICIFY_PUBSUB_URL", "redis://localhost:6379"},
		{"MUSICIFY_PUBSUB_URL", "nats://a:4222,nats://"},
		{"MUSICIFY_METRICS_TOKEN", "short"},
		{"MUSICIFY_METRICS_TOKEN", "0123456789abcdef 0123456789abcdef"},
		{"MUSICIFY_SECRET_KEY", "too-short"},
	} {
		t.Run(tc.name+"="+tc.value, func(t *testing.T) {
			_, err := Load(env(map[string]string{tc.name: tc.value}))
			var ce *Error
			if !errors.As(err, &ce) {
				t.Fatalf("err = %v, want a *config.Error", err)
			}
			if !strings.HasPrefix(err.Error(), "MUSICIFY_") || strings.Contains(err.Error(), "\n") {
				t.Errorf("message %q is not one line naming a variable", err)
			}
			if !strings.Contains(tc.name, "OIDC") && !strings.Contains(tc.name, "LLM") && ce.Var != tc.name {
				t.Errorf("names %s, want %s", ce.Var, tc.name)
			}
		})
	}
}

func TestAPostgresURLIsKeptWhole(t *testing.T) {
	c, err := Load(env(map[string]string{"MUSICIFY_DATABASE_URL": "postgres://u:hunter2@db:5432/musicify?sslmode=require"}))
	if err != nil {
		t.Fatal(err)
	}
	if c.DatabaseURL != "postgres://u:hunter2@db:5432/musicify?sslmode=require" || c.DatabasePath != "" {
		t.Fatalf("database = %q, path %q", c.DatabaseURL, c.DatabasePath)
	}
	if got := fmt.Sprint(c.Redacted()...); strings.Contains(got, "hunter2") {
		t.Fatalf("the log shows the password: %s", got)
	}
}

func TestLibrarySettingsAreParsed(t *testing.T) {
	a, b := t.TempDir(), t.TempDir()
	c, err := Load(env(map[string]string{"MUSICIFY_LIBRARY_DIRS": a + ":" + b + ":" + a,
		"MUSICIFY_SCAN_INTERVAL": "15m", "MUSICIFY_TRANSCRIBE_LIBRARY": "true"}))
	if err != nil {
		t.Fatal(err)
	}
	if len(c.LibraryDirs) != 2 || c.LibraryDirs[0] != a || c.LibraryDirs[1] != b || c.ScanInterval != 15*time.Minute || !c.TranscribeLibrary {
		t.Errorf("parsed = %q, %v, %v", c.LibraryDirs, c.ScanInterval, c.TranscribeLibrary)
	}
	c, err = Load(env(map[string]string{"MUSICIFY_SCAN_INTERVAL": "0"}))
	if err != nil || c.ScanInterval != 0 || c.LibraryDirs != nil || c.TranscribeLibrary {
		t.Errorf("0 interval = %v, %v", c, err)
	}
	if c, _ := Load(env(nil)); c.ScanInterval != time.Hour {
		t.Errorf("default interval = %v", c.ScanInterval)
	}
}

func TestBadLibraryFoldersNameTheVariable(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "song.mp3")
	if err := os.WriteFile(file, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	locked := filepath.Join(dir, "locked")
	if err := os.Mkdir(locked, 0o000); err != nil {
		t.Fatal(err)
	}
	cases := map[string]string{
		"MUSICIFY_LIBRARY_DIRS=missing":  filepath.Join(dir, "nope"),
		"MUSICIFY_LIBRARY_DIRS=file":     file,
		"MUSICIFY_SCAN_INTERVAL=hourly":  "hourly",
		"MUSICIFY_SCAN_INTERVAL=-1h":     "-1h",
		"MUSICIFY_TRANSCRIBE_LIBRARY=ja": "ja",
		"MUSICIFY_LIBRARY_DIRS=data":     "data/music", // inside the default data dir
		"MUSICIFY_LIBRARY_DIRS=parent":   ".",          // holds it
	}
	if err := os.MkdirAll("data/music", 0o755); err != nil {
		t.Fatal(err)
	}
	defer os.RemoveAll("data")
	if os.Geteuid() != 0 { // root reads every folder
		cases["MUSICIFY_LIBRARY_DIRS=unreadable"] = locked
	}
	for label, value := range cases {
		name := strings.SplitN(label, "=", 2)[0]
		t.Run(label, func(t *testing.T) {
			_, err := Load(env(map[string]string{name: value}))
			var ce *Error
			if !errors.As(err, &ce) || ce.Var != name || strings.Contains(err.Error(), "\n") {
				t.Fatalf("err = %v, want one line naming %s", err, name)
			}
		})
	}
}

func TestTrustedProxiesAreAddressesOrPrefixes(t *testing.T) {
	c, err := Load(env(map[string]string{"MUSICIFY_TRUST_PROXY": "10.0.0.0/8, 192.0.2.1 ,::1"}))
	if err != nil {
		t.Fatal(err)
	}
	if !c.TrustProxy || len(c.TrustedProxies) != 3 || c.TrustedProxies[0].String() != "10.0.0.0/8" ||
		c.TrustedProxies[1].String() != "192.0.2.1/32" || c.TrustedProxies[2].String() != "::1/128" {
		t.Errorf("trust %v, proxies %v", c.TrustProxy, c.TrustedProxies)
	}
	if c, err := Load(env(map[string]string{"MUSICIFY_TRUST_PROXY": "true"})); err != nil || !c.TrustProxy || c.TrustedProxies != nil {
		t.Errorf("true: %v %v %v", c.TrustProxy, c.TrustedProxies, err)
	}
	if _, err := Load(env(map[string]string{"MUSICIFY_TRUST_PROXY": "10.0.0.0/8, proxy.example.com"})); err == nil ||
		!strings.Contains(err.Error(), "MUSICIFY_TRUST_PROXY") {
		t.Errorf("a host name: %v", err)
	}
}

func TestIgnoredArticles(t *testing.T) {
	c, err := Load(env(nil))
	if err != nil || c.IgnoredArticles != "The El La Los Las Le Les Die Der Das" {
		t.Fatalf("default: %q %v", c.IgnoredArticles, err)
	}
	c, err = Load(env(map[string]string{"MUSICIFY_IGNORED_ARTICLES": "  The  A An "}))
	if err != nil || c.IgnoredArticles != "The A An" {
		t.Fatalf("set: %q %v", c.IgnoredArticles, err)
	}
}

func TestArtistSeparatorsAndExceptionsAreListsSplitByABar(t *testing.T) {
	c, err := Load(env(map[string]string{"MUSICIFY_ARTIST_SEPARATORS": "feat.| & | x ", "MUSICIFY_ARTIST_EXCEPTIONS": "Simon & Garfunkel|Earth, Wind & Fire"}))
	if err != nil {
		t.Fatal(err)
	}
	if fmt.Sprintf("%q %q", c.ArtistSeparators, c.ArtistExceptions) != `["feat." " & " " x "] ["Simon & Garfunkel" "Earth, Wind & Fire"]` {
		t.Errorf("parsed %q %q", c.ArtistSeparators, c.ArtistExceptions)
	}
	if c, err = Load(env(map[string]string{"MUSICIFY_ARTIST_SEPARATORS": "none"})); err != nil || c.ArtistSeparators == nil || len(c.ArtistSeparators) != 0 || c.ArtistExceptions != nil {
		t.Errorf("none = %q, %q, %v", c.ArtistSeparators, c.ArtistExceptions, err)
	}
	if _, err := Load(env(map[string]string{"MUSICIFY_ARTIST_EXCEPTIONS": " | "})); err == nil || !strings.Contains(err.Error(), "MUSICIFY_ARTIST_EXCEPTIONS") {
		t.Errorf("an empty list: %v", err)
	}
}
