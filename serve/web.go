package serve

import (
	"cmp"
	"context"
	"crypto/sha256"
	"crypto/subtle"
	"errors"
	"fmt"
	"net"
	"net/http"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"

	"github.com/ndcg-explorer/ndcg-explorer/internal/webterm"
	"github.com/ndcg-explorer/ndcg-explorer/listio"
	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
	"github.com/ndcg-explorer/ndcg-explorer/report"
	"github.com/ndcg-explorer/ndcg-explorer/serve/session"
)

// The room's door for a browser (--web): a page with a terminal in it,
// whose WebSocket gets an explorer of the same room as an ssh session
// does. Same names, same lists sent by F2, same quiz rounds and tally,
// same limits; a resume code kept by the browser brings the attendee
// back as it does in an ssh user name, and the list goes home as a
// download instead of ssh … report.

// Via says how an attendee joined, for the dashboard and the log.
const (
	ViaSSH = "ssh"
	ViaWeb = "web"
)

// webCodeLength is how many characters the room's code in the page's
// address has: short enough for a slide, and only a convenience, since
// the passphrase is what keeps a room closed.
const webCodeLength = 4

// webCode is the room's code in the page's address: made from the host
// key, so the address on the slide stays the same from one serve to the
// next on the same key, as the fingerprint does.
func webCode(fingerprint string) string {
	sum := sha256.Sum256([]byte("ndcg-explorer web room " + fingerprint))
	b := make([]byte, webCodeLength)
	for i := range b {
		b[i] = strings.ToUpper(codeAlphabet)[int(sum[i])%len(codeAlphabet)]
	}
	return string(b)
}

// webThrottle is the room's throttle as the page's door counts with it:
// a wrong passphrase from a browser costs what one over ssh does.
type webThrottle struct{ t *throttle }

func (w webThrottle) Failed(addr string, tell func(string)) { w.t.fail(addr, tell) }

// webHandler is the page, its assets and its WebSocket; hosts are the
// names its Host header may give besides an address (webterm.Config.Hosts).
func (s *Server) webHandler(hosts []string) http.Handler {
	return webterm.New(webterm.Config{
		Title:      cmp.Or(s.cfg.Workshop, "a workshop on NDCG"),
		Room:       s.webCode,
		Passphrase: s.cfg.Passphrase != "",
		Join:       s.webJoin,
		Throttle:   webThrottle{s.throttle},
		JoinTimeout: func() time.Duration {
			if s.cfg.LoginGrace > 0 {
				return s.cfg.LoginGrace
			}
			return DefaultLoginGrace
		}(),
		Log:   s.log,
		Hosts: hosts,
	})
}

// ListenWeb opens --web's address.
func (s *Server) ListenWeb() (net.Listener, error) { return listen(s.cfg.Web, "--web") }

// ServeWeb serves the page on ln (with TLS when --tls-cert and
// --tls-key are given) until Shutdown or Close.
func (s *Server) ServeWeb(ln net.Listener) error {
	if !s.track(ln) {
		return nil
	}
	ln = capListener{Listener: &fdListener{Listener: ln, log: s.log}, c: s.webCap}
	var err error
	if s.cfg.TLSCert != "" {
		// The certificate was read at start (readTLS): its files are
		// not read again here.
		err = s.web.ServeTLS(ln, "", "")
	} else {
		err = s.web.Serve(ln)
	}
	if errors.Is(err, http.ErrServerClosed) || s.stopping() {
		return nil
	}
	return err
}

// WebURL is the address attendees open, for a server whose page listens
// on addr: this machine's address on the room's network when it has one.
func (s *Server) WebURL(addr net.Addr) string {
	host, port := roomHost(addr)
	scheme := "http"
	if s.cfg.TLSCert != "" {
		scheme = "https"
	}
	return fmt.Sprintf("%s://%s:%s/%s", scheme, host, port, s.webCode)
}

// webJoin lets a browser in, as the ssh door does: the passphrase (a
// wrong one counted by the throttle), a name, and a resume code the
// browser kept that brings its attendee back.
func (s *Server) webJoin(_ context.Context, req webterm.JoinRequest) (webterm.Joined, error) {
	if s.stopping() {
		return webterm.Joined{}, &webterm.Refusal{Message: "the workshop has ended"}
	}
	if s.cfg.Passphrase != "" && subtle.ConstantTimeCompare([]byte(req.Passphrase), []byte(s.cfg.Passphrase)) != 1 {
		s.log("%s: a wrong passphrase from a browser", req.Addr)
		return webterm.Joined{}, &webterm.Refusal{Message: "that is not the room's passphrase: ask your instructor for it", Failure: true}
	}
	// A code typed after the name (fay+k7m2p9xq, as the ssh line has it)
	// is a code, as the code field's is: never part of the name shown.
	name, typed := splitCode(strings.TrimSpace(req.Name))
	if strings.TrimSpace(name) == "" {
		return webterm.Joined{}, &webterm.Refusal{Message: "type a name: the instructor sees it beside your answers"}
	}
	login := CleanName(strings.TrimSpace(name))
	code := cmp.Or(strings.ToLower(strings.TrimSpace(req.Resume)), typed)
	m, ok := s.room.joinVia(login, code, req.Addr, "", ViaWeb)
	if !ok {
		return webterm.Joined{}, &webterm.Refusal{Message: roomFull(s.cfg.MaxSessions)}
	}
	joined := "joined"
	if m.Back {
		joined = "is back, on the list they left with,"
	}
	s.log("%s %s from %s (web) (%d in the room)", m.Name, joined, req.Addr, s.room.Count())
	if m.Missed == missedUnknown {
		// A code that finds no list may be a guess: it counts as a
		// wrong passphrase does.
		s.throttle.fail(req.Addr, req.Tell)
	}
	return webterm.Joined{Name: m.Name, Resume: m.Code, Run: func(t *webterm.Term) { s.runWeb(t, m) }}, nil
}

// runWeb runs the attendee's explorer on the browser's terminal until
// they quit, the browser leaves or the server stops; then offers the list
// as a download and says why the session ended.
func (s *Server) runWeb(t *webterm.Term, m *Member) {
	defer func() {
		s.room.Leave(m)
		s.log("%s left (%d in the room)", m.Name, s.room.Count())
	}()
	w, h := clampWindow(t.Size())
	p := s.explorer(m, s.webWelcome(m), false, []tea.ProgramOption{
		tea.WithInput(session.LimitPaste(t, session.MaxPaste)),
		tea.WithOutput(t),
		tea.WithWindowSize(w, h),
		// 256 colours, which xterm.js draws with its style sheet's
		// classes: true colour it draws with inline styles, which the
		// page's Content-Security-Policy refuses. (Its output is no tty
		// for the profile to be told from.)
		tea.WithEnvironment([]string{"TERM=xterm-256color"}),
		tea.WithColorProfile(colorprofile.ANSI256),
	}, "", nil) // the browser keeps the attendee's code
	stop := make(chan struct{})
	go func() {
		for {
			select {
			case size := <-t.Resized():
				p.Send(tea.WindowSizeMsg{Width: size[0], Height: size[1]})
			case <-t.Done():
				// The browser has gone: the explorer ends as for q.
				p.Quit()
				return
			case <-stop:
				return
			}
		}
	}()
	_, _ = p.Run()
	close(stop)
	if m.session != nil {
		m.session.StopIdle()
		ws := m.session.Workspace()
		s.offerTakeHome(t, m, ws.Doc, ws.Settings)
	}
	switch {
	case s.stopping():
		t.End(s.endLine() + " Your list is offered below as a download.")
	case m.session != nil && m.session.Idled():
		t.End(fmt.Sprintf("ndcg-explorer: closed after %s with no key pressed. Reload the page to come back to your list.", ShortDuration(s.cfg.IdleTimeout)))
	default:
		t.End("ndcg-explorer: your list stays here until the workshop ends: reload the page to come back to it, or take it home with the links below.")
	}
}

// offerTakeHome hands the browser the attendee's list as JSON (the file
// the explorer opens) and its report as markdown, as ssh … list and
// ssh … report print them.
func (s *Server) offerTakeHome(t *webterm.Term, m *Member, doc *listio.Document, settings ndcg.Settings) {
	file := "list"
	if plainName(m.Name) {
		file = m.Name
	}
	if data, err := listio.WriteJSON(doc, settings); err == nil {
		_ = t.Offer(file+".json", "application/json", data)
	}
	if r, err := ndcg.Compute(doc.List, settings); err == nil {
		// With the attendee's quiz rounds, as ssh … report gives them.
		md := report.MarkdownString(doc, r) + roundsReport(s.room.Results(), m.ID)
		_ = t.Offer(file+".md", "text/markdown", []byte(md))
	}
}

// webWelcome is what a browser's attendee reads first: who they are
// here, and that this browser brings them back (the page keeps their
// code).
func (s *Server) webWelcome(m *Member) string {
	if m.Back {
		return s.room.welcomeBack(m)
	}
	switch m.Missed {
	case missedUnknown:
		return fmt.Sprintf("no list kept for that code: a new list, as %s; this browser brings you back to it", m.Name)
	case missedOpen:
		return fmt.Sprintf("your list is open in another window: a new list here, as %s", m.Name)
	}
	if m.Name != m.Login {
		return fmt.Sprintf("you are %s here, as %s was taken; this browser brings you back to this list", m.Name, m.Login)
	}
	return s.hello(m) + "this browser brings you back to this list (your code: " + m.Code + ")"
}
