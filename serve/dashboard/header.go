package dashboard

import (
	"fmt"
	"net"
	"strings"

	"charm.land/bubbles/v2/key"
	"github.com/charmbracelet/x/ansi"

	"github.com/ndcg-explorer/ndcg-explorer/serve"
)

// The dashboard's lines above the instructor's explorer: who is
// connected and how to connect, the room's keys, the status, the host
// key, and a failed save above them all.

// dashboardHeader is how many lines the dashboard takes above the
// instructor's explorer when its status fits one line; a longer status
// (the host key and where the room connects, at start) wraps onto at
// most statusLines lines, and the explorer below gives them room. It
// gets them back at the next resize, not when a shorter status follows:
// on a projector, an explorer that jumps by a line whenever the status
// changes its length draws the eye away from the list.
const (
	dashboardHeader = 3
	statusLines     = 3
)

// roomAddresses are this machine's addresses on the room's network (a
// variable for tests).
var roomAddresses = serve.RoomAddresses

// startStatus is the dashboard's status line at start: the host key
// whole (attendees compare it with what ssh shows on first connection),
// then what the first line's ssh command does not say.
func startStatus(fingerprint string, addr net.Addr) string {
	line := "host key " + fingerprint
	host, port, _ := net.SplitHostPort(addr.String())
	switch ip := net.ParseIP(host); {
	case ip != nil && ip.IsLoopback():
		line += fmt.Sprintf(" · this machine only: --listen :%s opens it to the room", port)
	case ip != nil && ip.IsUnspecified():
		switch addrs := roomAddresses(); len(addrs) {
		case 0:
			line += " · HOST: this machine's name or address on the room's network"
		case 1:
		default:
			line += " · HOST: this machine's address on the room's network, one of " + strings.Join(addrs, ", ")
		}
	}
	return line
}

// header is the dashboard's lines above the explorer, each within w
// columns: what to type to connect is never cut, and the status wraps
// (onto statusLines lines at most) rather than lose its end, where the
// start status says how to open the room or which address is the room's.
func (d *Model) header(w int) []string {
	st := d.st
	// The count, who gets in and how to connect first; the host key only
	// when it fits whole (a fingerprint cut short cannot be compared): it
	// is on the status line at start. The program's name goes first when
	// the ssh command would not fit whole (the window's title has it).
	pass := "passphrase on"
	if d.srv.Config().Passphrase == "" {
		pass = st.warn.Render("no passphrase")
	}
	// Wrong passphrases (and resume codes) are the instructor's to see:
	// a guessing client, or a room that misheard. They follow who gets
	// in when the ssh command still fits whole, else the host key.
	failed := ""
	if d.failures > 0 {
		failed = serve.Plural(d.failures, "failed attempt")
		if d.slowed > 0 {
			failed += fmt.Sprintf(", %d slowed, most from %s", d.slowed, d.worst)
		}
	}
	line1 := st.warn.Render(fmt.Sprintf("%d connected", d.count)) + " · " + pass + " · " + d.connect
	if with := st.warn.Render(fmt.Sprintf("%d connected", d.count)) + " · " + pass + " · " + st.warn.Render(failed) + " · " + d.connect; failed != "" && ansi.StringWidth(with) <= w {
		line1, failed = with, ""
	}
	if title := st.title.Render("ndcg-explorer serve") + " · " + line1; ansi.StringWidth(title) <= w {
		line1 = title
	}
	if hk := " · host key " + d.srv.Fingerprint(); ansi.StringWidth(line1+hk) <= w {
		line1 += hk
	}
	k := dashboardKeys
	var keys []string
	optional := []key.Binding{k.Step, k.Send, k.Round, k.End, k.Tally, k.Names, k.Room, k.Help}
	if d.webURL != "" {
		optional = append(optional, k.Code)
	}
	for i, b := range optional {
		// The lesson's and the room's four keys always (80 columns hold
		// them); the names', the room view's and the help's when the
		// line has room for them (they work all the same).
		item := b.Help().Key + " " + b.Help().Desc
		if i >= 5 && ansi.StringWidth(strings.Join(append(keys, item), " · ")) > w {
			continue
		}
		keys = append(keys, item)
	}
	var lines []string
	if p := d.srv.SaveProblem(); p != "" {
		// Until a save works again, above everything: a status line
		// would be overwritten within a second by a round's countdown.
		lines = append(lines, wrapCut(st.warn.Render("NOT SAVED: "+p+"; tried again every 2s: a crash now loses what changed since"), w, 2)...)
	}
	if ansi.StringWidth(line1) > w && d.webURL != "" && !d.srv.Config().NoSSH {
		// The room's address is never cut: the page's goes on a line of
		// its own when both do not fit on the first.
		ssh, _, _ := strings.Cut(d.connect, " · "+d.webURL)
		first := strings.Replace(line1, d.connect, ssh, 1)
		if i := strings.Index(first, " · host key"); i >= 0 && ansi.StringWidth(first) > w {
			first = first[:i]
		}
		if title := st.title.Render("ndcg-explorer serve") + " · " + first; !strings.Contains(first, "ndcg-explorer serve") && ansi.StringWidth(title) <= w {
			first = title
		}
		lines = append(lines, ansi.Truncate(first, w, "…"), ansi.Truncate("the room's page: "+d.webURL, w, "…"))
	} else {
		lines = append(lines, ansi.Truncate(line1, w, "…"))
	}
	lines = append(lines, ansi.Truncate(st.subtle.Render(strings.Join(keys, " · ")), w, "…"))
	status := d.status
	if d.askQuit {
		status = st.warn.Render(d.status)
	}
	lines = append(lines, wrapCut(status, w, statusLines)...)
	if hk := "host key " + d.srv.Fingerprint(); !strings.Contains(line1, hk) && ansi.StringWidth(hk) <= w {
		// Attendees compare it with what ssh shows them on first
		// connection, whenever they connect: it stays on screen once
		// the status has moved on, on a line kept for it from the
		// start (the explorer below does not move when it comes).
		if strings.Contains(status, hk) {
			hk = ""
		}
		line := st.subtle.Render(hk)
		if failed != "" {
			if line != "" {
				line += " · "
			}
			// As much of the count as fits whole: "2 failed attempts,
			// 1 slowed, most from …", "2 failed, 1 slowed, …", "2 failed".
			short := fmt.Sprintf("%d failed", d.failures)
			for _, f := range []string{failed, strings.Replace(failed, " attempts", "", 1), short} {
				if ansi.StringWidth(line+f) <= w {
					failed = f
					break
				}
			}
			line += st.warn.Render(failed)
		}
		lines = append(lines, ansi.Truncate(line, w, "…"))
	}
	return lines
}

// wrapCut wraps text at w columns onto at most n lines, the last ending
// in … when there was more.
func wrapCut(text string, w, n int) []string {
	wrapped := strings.Split(ansi.Wrap(text, max(w, 1), ""), "\n")
	if len(wrapped) > n {
		wrapped = wrapped[:n]
		wrapped[n-1] = ansi.Truncate(wrapped[n-1]+" …", w, "…")
	}
	for i, l := range wrapped {
		wrapped[i] = ansi.Truncate(strings.TrimRight(l, " "), w, "…")
	}
	return wrapped
}
