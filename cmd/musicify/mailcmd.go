package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
)

// mailCmd prints the mails an installation without MUSICIFY_SMTP_URL kept
// instead of sending (sign-up and reset codes among them), newest first:
// reading them takes a shell on the server, never the log or the web.
func mailCmd(args []string, out io.Writer) int {
	fs := flag.NewFlagSet("mail", flag.ContinueOnError)
	to := fs.String("to", "", "only the mails to this address")
	n := fs.Int("n", 5, "how many mails")
	if err := fs.Parse(args); err != nil || fs.NArg() > 0 || *n < 1 {
		return 2
	}
	ctx := context.Background()
	_, db, err := configuredDB(ctx)
	if err != nil {
		fmt.Fprintln(os.Stderr, "musicify mail:", err)
		return 1
	}
	defer db.Close()
	mails, err := db.OutboxMails(ctx, 200)
	if err != nil {
		fmt.Fprintln(os.Stderr, "musicify mail:", err)
		return 1
	}
	shown := 0
	for _, m := range mails {
		if shown == *n {
			break
		}
		if *to != "" && !strings.EqualFold(m.To, *to) {
			continue
		}
		shown++
		fmt.Fprintf(out, "To: %s\nDate: %s\nSubject: %s\n\n%s\n\n", m.To, m.CreatedAt.Local().Format("2006-01-02 15:04:05"), m.Subject, strings.TrimSpace(m.Text))
	}
	if shown == 0 {
		fmt.Fprintln(out, "No kept mails. With MUSICIFY_SMTP_URL set, mails are sent, not kept.")
	}
	return 0
}
