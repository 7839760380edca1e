package pages

import (
	"crypto/sha256"
	"encoding/base64"
	"html/template"
	"net"
	"net/http"
	"net/netip"
	"strings"

	"github.com/musicify/musicify/internal/httpapi/platform"
	"github.com/musicify/musicify/internal/musicify"
)

// pageCSS styles the few pages the server renders itself. It is inline and
// allowed by its hash, so the policy still forbids every other inline style.
const pageCSS = `:root{color-scheme:dark}*{box-sizing:border-box}
body{margin:0;min-height:100vh;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;
background:radial-gradient(circle at 20% 0%,#1f3b2c 0,#0b0b0f 55%);color:#f2f2f5;display:flex;justify-content:center;padding:48px 16px}
main{width:100%;max-width:760px}.brand{font-weight:800;font-size:22px;letter-spacing:-.02em;color:#1ed760;margin-bottom:32px}
h1{font-size:32px;line-height:1.15;margin:0 0 12px;letter-spacing:-.02em}p{color:#b3b3bd;margin:0 0 12px}
.actions{display:flex;gap:12px;flex-wrap:wrap;margin-top:24px}
a.btn{display:inline-block;padding:12px 22px;border-radius:999px;background:#1ed760;color:#04110a;font-weight:700;text-decoration:none}
a.btn.ghost{background:transparent;color:#f2f2f5;border:1px solid #3a3a44}
.mail{background:#16161c;border:1px solid #26262e;border-radius:14px;padding:18px 20px;margin:16px 0}
.meta{font-size:13px;color:#8a8a96}.subject{font-weight:700;margin:4px 0 10px}
pre{white-space:pre-wrap;margin:0;font:14px/1.5 ui-monospace,SFMono-Regular,Menlo,monospace;color:#d6d6de}`

var pageCSP = "default-src 'none'; style-src 'sha256-" + cssHash() + "'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

func cssHash() string {
	sum := sha256.Sum256([]byte(pageCSS))
	return base64.StdEncoding.EncodeToString(sum[:])
}

var pageTemplate = template.Must(template.New("page").Parse(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>{{.Title}} · Musicify</title><style>{{.CSS}}</style></head>
<body><main><div class="brand">Musicify</div>
<h1>{{.Heading}}</h1>{{range .Paragraphs}}<p>{{.}}</p>{{end}}
{{if .Links}}<div class="actions">{{range $i, $l := .Links}}<a class="btn{{if $i}} ghost{{end}}" href="{{index $l 0}}">{{index $l 1}}</a>{{end}}</div>{{end}}
{{range .Mails}}<article class="mail"><div class="meta">To {{.To}} · {{.CreatedAt.Format "2006-01-02 15:04:05 MST"}}</div>
<div class="subject">{{.Subject}}</div><pre>{{.Text}}</pre></article>{{end}}
</main></body></html>`))

type page struct {
	Title, Heading string
	Paragraphs     []string
	Links          [][2]string
	Mails          []*musicify.OutboxMail
	CSS            template.CSS
}

func (s *API) writePage(w http.ResponseWriter, status int, p page) {
	p.CSS = template.CSS(pageCSS)
	w.Header().Set("Content-Security-Policy", pageCSP)
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	if err := pageTemplate.Execute(w, p); err != nil {
		s.P.Logger.Error("rendering page", "err", err)
	}
}

// devMailLimit is how many outbox mails /dev/mail shows.
const devMailLimit = 50

// handleDevMail shows the dev outbox, newest first, so a local sign-up can
// be finished without a mail server.
func (s *API) handleDevMail(w http.ResponseWriter, r *http.Request) error {
	if err := s.fromThisMachine(r); err != nil {
		return err
	}
	mails, err := s.Outbox.OutboxMails(r.Context(), devMailLimit)
	if err != nil {
		return err
	}
	p := page{Title: "Dev outbox", Heading: "Dev outbox", Mails: mails, Paragraphs: []string{
		"Mails this server would have sent. Set MUSICIFY_SMTP_URL to deliver them for real, and MUSICIFY_DEMO=false to hide this page.",
	}}
	if len(mails) == 0 {
		p.Paragraphs = append(p.Paragraphs, "No mail yet. Register on the sign-up page and your code appears here.")
	}
	s.writePage(w, http.StatusOK, p)
	return nil
}

// handleDevMailJSON is the outbox for scripts and end-to-end tests.
func (s *API) handleDevMailJSON(w http.ResponseWriter, r *http.Request) error {
	if err := s.fromThisMachine(r); err != nil {
		return err
	}
	mails, err := s.Outbox.OutboxMails(r.Context(), devMailLimit)
	if err != nil {
		return err
	}
	if to := musicify.NormalizeEmail(r.URL.Query().Get("to")); to != "" {
		kept := mails[:0]
		for _, m := range mails {
			if strings.EqualFold(m.To, to) {
				kept = append(kept, m)
			}
		}
		mails = kept
	}
	platform.WriteJSON(w, http.StatusOK, mails)
	return nil
}

// fromThisMachine keeps the outbox, which holds live codes, to the machine
// the server runs on: only when the public URL is a loopback one and the
// request came straight from this machine, not through a proxy (a proxy on
// the same machine makes every visitor look local). Anything else is told
// there is no such page.
func (s *API) fromThisMachine(r *http.Request) error {
	if platform.LoopbackURL(s.P.BaseURL) && !forwarded(r) && loopbackAddr(r.RemoteAddr) {
		return nil
	}
	return noPage(r)
}

// handleNoPage answers 404 for /dev/ pages that are off, as for any other
// page that does not exist, so the outbox's presence is not given away.
func (s *API) handleNoPage(w http.ResponseWriter, r *http.Request) error {
	return noPage(r)
}

func noPage(r *http.Request) error {
	return musicify.Errorf(musicify.ENOTFOUND, "There is no page %s.", r.URL.Path)
}

// forwarded reports whether a proxy passed the request on (and said so:
// one that adds no header at all is why the outbox is off by default).
func forwarded(r *http.Request) bool {
	for name := range r.Header {
		if name == "Forwarded" || strings.HasPrefix(name, "X-Forwarded-") || name == "X-Real-Ip" || name == "Via" {
			return true
		}
	}
	return false
}

func loopbackAddr(remote string) bool {
	host, _, err := net.SplitHostPort(remote)
	if err != nil {
		host = remote
	}
	ip, err := netip.ParseAddr(host)
	return err == nil && ip.Unmap().IsLoopback()
}
