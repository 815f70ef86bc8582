package serve

import (
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"os"
	"slices"
	"strings"
	"sync"
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/ndcg-explorer/ndcg-explorer/explain"
	"github.com/ndcg-explorer/ndcg-explorer/internal/qrterm"
	"github.com/ndcg-explorer/ndcg-explorer/internal/termsafe"
	"github.com/ndcg-explorer/ndcg-explorer/internal/winsize"
	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
	"github.com/ndcg-explorer/ndcg-explorer/ui"
	"github.com/ndcg-explorer/ndcg-explorer/ui/common"
)

// dashboardKeys are the instructor's keys. They are function keys, so
// that every key of the instructor's own explorer below keeps its
// meaning.
var dashboardKeys = struct {
	Send, Round, End, Tally, Names, Room, Answers, Help, Export, Timer, Forgive, Code key.Binding
}{
	Send:    key.NewBinding(key.WithKeys("f2"), key.WithHelp("F2", "send list")),
	Round:   key.NewBinding(key.WithKeys("f3"), key.WithHelp("F3", "quiz round")),
	End:     key.NewBinding(key.WithKeys("f4"), key.WithHelp("F4", "end round")),
	Tally:   key.NewBinding(key.WithKeys("f5"), key.WithHelp("F5", "tally/explorer")),
	Names:   key.NewBinding(key.WithKeys("f6"), key.WithHelp("F6", "names")),
	Room:    key.NewBinding(key.WithKeys("f7"), key.WithHelp("F7", "room")),
	Answers: key.NewBinding(key.WithKeys("f8"), key.WithHelp("F8", "answers (private)")),
	Help:    key.NewBinding(key.WithKeys("?"), key.WithHelp("?", "these keys")),
	Export:  key.NewBinding(key.WithKeys("f9"), key.WithHelp("F9", "export rounds")),
	Timer:   key.NewBinding(key.WithKeys("f10"), key.WithHelp("F10", "+1 min")),
	Forgive: key.NewBinding(key.WithKeys("f11"), key.WithHelp("F11", "let refused addresses in")),
	// Code shows the room's page address as a QR code, for phones to
	// scan off the projector (with --web).
	Code: key.NewBinding(key.WithKeys("f12"), key.WithHelp("F12", "page's QR code")),
}

// dashboardHelp says what each of the dashboard's keys does, for its ?
// (the explorer's own ? would give F2–F6 their explorer meanings).
var dashboardHelp = []struct{ key, what string }{
	{"F2", "send your explorer's list and conventions to every attendee (each is asked)"},
	{"F3", "start a quiz round on your conventions: everyone gets the same question"},
	{"F4", "end the round: everyone sees the working, the tally shows the answers"},
	{"F5", "switch between the tally and your explorer"},
	{"F6", "show or hide names in the tally (who has not answered, who made which mistake)"},
	{"F7", "the room: everyone connected, how long since their last key, whether they answered"},
	{"F8", "in the room view, show or hide each answer of the round under way (keep it off a projector)"},
	{"F10", "give the round under way a minute more on its timer (the first press starts it): attendees are told the time left, and the round ends when it runs out"},
	{"F9", "export every round's answers, verdicts and mistakes as CSV and JSON into the state directory (also done at stop)"},
	{"F11", "let in again the addresses refused for failed attempts (a room behind one address that mistyped the passphrase)"},
	{"F12", "with --web, the room's page address as a QR code, for phones to scan off the projector"},
	{"?", "this help; esc or ? closes it"},
	{"q", "stop serving (asks first while attendees are connected)"},
	{"", "Every other key is your explorer's: close this help and press ? there for its own."},
}

// dashboardStyles are the styles the dashboard draws with, taken from
// the explorer's one style sheet (common.Styles), so that the room's
// screen and the explorer under it share every colour and glyph.
type dashboardStyles struct {
	title, subtle, right, wrong, warn lipgloss.Style
	// g are the explorer's glyphs, ASCII under --ascii: the tally's bars
	// and marks are drawn with the same characters as the explorer's.
	g common.Glyphs
}

// newDashboardStyles reads the dashboard's styles from the style sheet
// for a dark background (the dashboard asks the terminal for none);
// colour false is the sheet's monochrome one (NO_COLOR). A warning is
// bold as well, as it is read from across a room.
func newDashboardStyles(colour, ascii bool) dashboardStyles {
	st := common.NewStyles(true, colour, ascii)
	return dashboardStyles{title: st.Title, subtle: st.Subtle, right: st.Good, wrong: st.Bad, warn: st.Warn.Bold(true), g: st.G}
}

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

// Dashboard is the instructor's screen: where to connect, who is
// connected, the instructor's own explorer, and the room's keys.
type Dashboard struct {
	srv     *Server
	addr    string
	connect string // the ssh line attendees type
	// webURL is the room's page (with --web); showCode draws it as a
	// QR code in place of the explorer.
	webURL   string
	showCode bool
	// lightBackground says the terminal's background is light, for the
	// QR code's dark modules to be drawn dark (a dark one is assumed
	// until the terminal says otherwise).
	lightBackground bool
	explorer        *ui.Model
	st              dashboardStyles

	width, height int
	// headerH is how many lines the header takes at the window's width:
	// the most its status took since the last resize (a shorter status
	// is followed by blank lines), made in Update (View only shows them).
	headerH   int
	showTally bool
	showNames bool
	// deadline is when the round under way ends by itself (F10), zero
	// for none; warned says the attendees were told a minute is left.
	deadline time.Time
	warned   bool
	// showRoom shows the room view (F7), with each answer when
	// showAnswers (F8); showHelp the dashboard's keys (?). Their lines
	// are made in Update (roomLines), as the tally's are.
	showRoom, showAnswers, showHelp bool
	roomLines                       []string
	// skipRound says F3 was pressed once during a round under way: a
	// second F3 starts the next round anyway.
	skipRound bool
	askQuit   bool
	quitting  bool // the instructor confirmed: the next quit ends the program
	// keys are when the last two keys came: a y within ui.ReadingPause
	// of the key that asked to stop serving was typed in one go with it,
	// not in answer to a question read.
	keys   ui.KeyTimes
	status string

	seed  int64
	round int
	count int
	tally *Tally
	// failures and refused are the server's failed attempts and the
	// connections it refused for them, read at each change of the room.
	failures, refused int
	// tallyLines is the tally drawn at the window's width, made when the
	// tally, the names or the width change (View only shows them), and
	// tallyTop the first of them on screen.
	tallyLines []string
	tallyTop   int
	log        *eventLog
	event      string // the last event shown
}

// now is the clock the dashboard times keys by; tests set their own.
var now = time.Now

// roomChanged tells the dashboard to read the room again.
type roomChanged struct{}

// roomTick redraws the room view, whose idle times move on their own.
type roomTick struct{}

// roomEvery is how often the room view's idle times are redrawn.
const roomEvery = 5 * time.Second

// timerTick counts a timed round down.
type timerTick struct{}

func tickTimer() tea.Cmd {
	return tea.Tick(time.Second, func(time.Time) tea.Msg { return timerTick{} })
}

// quitAsked replaces a quit while attendees are connected.
type quitAsked struct{}

// eventLog keeps the last event, for the dashboard's status line; the
// server logs from many goroutines.
type eventLog struct {
	mu   sync.Mutex
	last string
}

func (l *eventLog) add(line string) {
	l.mu.Lock()
	l.last = line
	l.mu.Unlock()
}

func (l *eventLog) get() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.last
}

// NewDashboard builds the dashboard for a server listening on addr; the
// instructor's explorer opens on the served list.
func NewDashboard(s *Server, addr net.Addr, log *eventLog, noColor bool) *Dashboard {
	seed := s.cfg.Seed
	if seed == 0 {
		seed = 1 + rand.Int64N(999_999) // short enough to read out to a room
	}
	d := &Dashboard{
		srv: s, addr: addr.String(), st: newDashboardStyles(!noColor, s.cfg.ASCII), seed: seed, log: log, headerH: dashboardHeader,
		explorer: ui.New(ui.Options{Doc: CloneDoc(s.cfg.Doc), Settings: s.cfg.Settings, ASCII: s.cfg.ASCII, NoColor: noColor, Seed: s.cfg.Seed,
			Present: s.cfg.Present}),
	}
	// Rounds go on from those a kept room ran: round n asks question n.
	d.round = s.room.RoundsRun()
	d.connect = ConnectCommand(addr)
	if s.webAddr != nil {
		d.webURL = s.WebURL(s.webAddr)
		d.connect += " · " + d.webURL
		if s.cfg.NoSSH {
			d.connect = d.webURL
		}
	}
	d.status = startStatus(s.Fingerprint(), addr)
	return d
}

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

// Init starts the instructor's explorer.
func (d *Dashboard) Init() tea.Cmd { return d.explorer.Init() }

// filter turns a quit into a question while attendees are connected:
// quitting stops the server and ends every session.
func (d *Dashboard) filter(_ tea.Model, msg tea.Msg) tea.Msg {
	if _, ok := msg.(tea.QuitMsg); ok && !d.quitting && d.srv.Room().Count() > 0 {
		return quitAsked{}
	}
	return msg
}

// Update handles the room's messages and keys, and passes the rest to
// the instructor's explorer.
func (d *Dashboard) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if bg, ok := msg.(tea.BackgroundColorMsg); ok {
		d.lightBackground = !bg.IsDark()
	}
	tally, names, width := d.tally, d.showNames, d.width
	m, cmd := d.update(msg)
	if d.showRoom {
		d.roomLines = d.drawRoom(d.width)
	}
	// A status that wraps onto more lines moves the explorer down: it is
	// told its new height. One that takes fewer leaves the lines blank
	// until the next resize, so the explorer stays where it is.
	if h := len(d.header(d.width)); d.width > 0 && h > d.headerH {
		d.headerH = h
		cmd = tea.Batch(cmd, d.pass(tea.WindowSizeMsg{Width: d.width, Height: max(d.height-h, 0)}))
	}
	if d.tally != tally || d.showNames != names || d.width != width || d.tallyLines == nil {
		d.tallyLines = d.drawTally(d.width)
	}
	return m, cmd
}

func (d *Dashboard) update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		d.width, d.height = msg.Width, msg.Height
		d.headerH = len(d.header(msg.Width))
		return d, d.pass(tea.WindowSizeMsg{Width: msg.Width, Height: max(msg.Height-d.headerH, 0)})
	case timerTick:
		return d, d.countDown()
	case roomTick:
		if d.showRoom {
			return d, tea.Tick(roomEvery, func(time.Time) tea.Msg { return roomTick{} })
		}
		return d, nil
	case roomChanged:
		d.count = d.srv.Room().Count()
		d.failures, d.refused = d.srv.throttle.counts()
		d.tally = d.srv.Room().Tally()
		if e := d.log.get(); e != d.event {
			d.event, d.status = e, e
		}
		return d, nil
	case quitAsked:
		d.askQuit = true
		d.status = d.quitQuestion()
		return d, nil
	case tea.KeyPressMsg:
		d.keys.Press(now())
		if d.askQuit {
			switch msg.String() {
			case "y", "Y":
				if d.keys.InOneGo() {
					// Ending every attendee's session is the last
					// thing to do on a key not meant as the answer:
					// the question stays, as the explorer's do, led
					// by why the y did nothing.
					d.status = ui.ReadFirst(d.quitQuestion())
					return d, nil
				}
				d.quitting = true
				return d, tea.Quit
			case "esc", "n", "N":
				d.askQuit = false
				d.status = "still serving"
			}
			return d, nil
		}
		if d.showHelp {
			switch msg.String() {
			case "esc", "?", "q":
				d.showHelp = false
			}
			return d, nil
		}
		if msg.String() == "?" && (d.showTally || d.showRoom || !d.explorer.CapturesEsc()) {
			d.showHelp = true
			return d, nil
		}
		if cmd, ok := d.roomKey(msg); ok {
			return d, cmd
		}
		if d.showRoom && !d.showTally {
			switch msg.String() {
			case "esc":
				d.showRoom = false
			case "q", "ctrl+c":
				return d, tea.Quit
			}
			return d, nil
		}
		if d.showTally {
			page := max(d.tallyHeight()-1, 1)
			switch msg.String() {
			case "esc":
				d.showTally = false
			case "q", "ctrl+c":
				return d, tea.Quit
			case "up":
				d.scrollTally(-1)
			case "down":
				d.scrollTally(1)
			case "pgup":
				d.scrollTally(-page)
			case "pgdown", "space":
				d.scrollTally(page)
			case "home":
				d.tallyTop = 0
			case "end":
				d.scrollTally(len(d.tallyLines))
			}
			return d, nil
		}
	case tea.MouseClickMsg:
		msg.Y -= d.headerH
		return d, d.pass(msg)
	case tea.MouseWheelMsg:
		msg.Y -= d.headerH
		return d, d.pass(msg)
	}
	return d, d.pass(msg)
}

func (d *Dashboard) pass(msg tea.Msg) tea.Cmd {
	_, cmd := d.explorer.Update(msg)
	return cmd
}

// roomKey handles the dashboard's own keys.
func (d *Dashboard) roomKey(msg tea.KeyPressMsg) (tea.Cmd, bool) {
	k, room := dashboardKeys, d.srv.Room()
	again := d.skipRound
	d.skipRound = false
	switch {
	case key.Matches(msg, k.Send):
		ws := d.explorer.Workspace()
		n, err := room.SendList(ws.Doc, ws.Settings)
		if err != nil {
			d.status = err.Error()
			break
		}
		d.status = fmt.Sprintf("sent the list (%s) and its conventions to %s", plural(ws.N(), "item"), plural(n, "session"))
	case key.Matches(msg, k.Round):
		// A new round replaces the one under way: its attendees would
		// never see their verdict, nor the instructor the rest of its
		// tally. Ending it is F4; F3 twice skips it.
		if t := room.Tally(); t != nil && !t.Round.Ended && !again {
			d.skipRound = true
			d.status = fmt.Sprintf("round %d is under way, %d of %d answered: F4 ends it; F3 again starts the next",
				t.Round.ID, t.Answered-t.Left, t.Sessions)
			break
		}
		// Round n asks question n of seed+n−1, each round a seed of its
		// own. After a round an attendee's n practises on the round's
		// seed from its next question on: were every round's question
		// one seed's, that would be the next round's question, solved
		// before it is asked. (The question number is the attendees'
		// round number, so both screens say "round n".)
		d.round++
		d.deadline = time.Time{}
		rd := room.StartRound(d.seed+int64(d.round-1), d.round, d.explorer.Workspace().Settings)
		d.tally = room.Tally()
		d.showTally, d.tallyTop = true, 0
		d.status = fmt.Sprintf("quiz round %d started (seed %d, question %d): F4 ends it", rd.ID, rd.Seed, rd.Number)
	case key.Matches(msg, k.End):
		if !room.EndRound() {
			d.status = "no quiz round under way: F3 starts one"
			break
		}
		d.deadline = time.Time{}
		d.tally = room.Tally()
		d.showTally, d.tallyTop = true, 0
		d.status = "round ended: every attendee sees the worked solution"
		if d.showNames {
			// F6 during the round named who had not answered; the
			// room, seeing this screen, need not read who was wrong
			// unless the instructor asks again.
			d.showNames = false
			d.status += "; names hidden (F6 shows them)"
		}
	case key.Matches(msg, k.Tally):
		d.showTally = !d.showTally
		d.showRoom = false
	case key.Matches(msg, k.Room):
		d.showRoom, d.showTally = !d.showRoom, false
		if d.showRoom {
			return tea.Tick(roomEvery, func(time.Time) tea.Msg { return roomTick{} }), true
		}
	case key.Matches(msg, k.Timer):
		t := room.Tally()
		if t == nil || t.Round.Ended {
			d.status = "no quiz round under way: F3 starts one, then F10 gives it a minute"
			break
		}
		start := !d.deadline.After(now())
		if start {
			d.deadline, d.warned = now(), false
		}
		d.deadline = d.deadline.Add(time.Minute)
		left := d.deadline.Sub(now()).Round(time.Second)
		room.Notify(fmt.Sprintf("round %d closes in %s: send your answer before then", t.Round.ID, shortDuration(left)))
		d.status = fmt.Sprintf("round %d closes in %s (F10 adds a minute; F4 ends it now)", t.Round.ID, shortDuration(left))
		if start {
			return tickTimer(), true
		}
	case key.Matches(msg, k.Forgive):
		addresses := "addresses"
		if n := d.srv.throttle.forgive(); n == 1 {
			addresses = "1 address"
		} else {
			addresses = fmt.Sprintf("%d %s", n, addresses)
		}
		d.status = "failed attempts forgotten: " + addresses + " let in again"
	case key.Matches(msg, k.Export):
		path, err := d.srv.ExportRounds(d.srv.cfg.StateDir, now())
		switch {
		case err != nil:
			d.status = "cannot export the rounds: " + err.Error()
		case path == "":
			d.status = "no answers to export yet: F3 starts a round"
		default:
			d.status = "exported every round to " + path + " (and .json beside it)"
		}
	case key.Matches(msg, k.Answers):
		d.showAnswers = !d.showAnswers
		if d.showAnswers {
			d.status = "answers shown in the room view (F7): F8 hides them before projecting"
		} else {
			d.status = "answers hidden"
		}
	case key.Matches(msg, k.Code) && d.webURL != "":
		d.showCode = !d.showCode
	case key.Matches(msg, k.Names):
		d.showNames = !d.showNames
		if d.showNames {
			d.status = "names shown: F6 hides them"
		} else {
			d.status = "names hidden"
		}
	default:
		return nil, false
	}
	return nil, true
}

// View draws the header, then the tally or the instructor's explorer.
func (d *Dashboard) View() tea.View {
	v := d.explorer.View()
	if d.width <= 0 || d.height <= 0 {
		return v
	}
	body := v.Content
	switch {
	case d.showCode:
		body = d.codeView(d.width, d.tallyHeight())
	case d.showHelp:
		body = fit(strings.Join(d.helpLines(d.width), "\n"), d.width, d.tallyHeight())
	case d.showTally:
		body = d.tallyView(d.width, d.tallyHeight())
	case d.showRoom:
		body = fit(strings.Join(d.roomLines, "\n"), d.width, d.tallyHeight())
	}
	header := d.header(d.width)
	for len(header) < d.headerH {
		header = append(header, "")
	}
	v.SetContent(strings.Join(header, "\n") + "\n" + body)
	v.WindowTitle = "ndcg-explorer serve: " + d.addr
	return v
}

// header is the dashboard's lines above the explorer, each within w
// columns: what to type to connect is never cut, and the status wraps
// (onto statusLines lines at most) rather than lose its end, where the
// start status says how to open the room or which address is the room's.
func (d *Dashboard) header(w int) []string {
	st := d.st
	// The count, who gets in and how to connect first; the host key only
	// when it fits whole (a fingerprint cut short cannot be compared): it
	// is on the status line at start. The program's name goes first when
	// the ssh command would not fit whole (the window's title has it).
	pass := "passphrase on"
	if d.srv.cfg.Passphrase == "" {
		pass = st.warn.Render("no passphrase")
	}
	// Wrong passphrases (and resume codes) are the instructor's to see:
	// a guessing client, or a room that misheard. They follow who gets
	// in when the ssh command still fits whole, else the host key.
	failed := ""
	if d.failures > 0 {
		failed = plural(d.failures, "failed attempt")
		if d.refused > 0 {
			failed += fmt.Sprintf(", %d refused", d.refused)
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
	optional := []key.Binding{k.Send, k.Round, k.End, k.Tally, k.Names, k.Room, k.Help}
	if d.webURL != "" {
		optional = append(optional, k.Code)
	}
	for i, b := range optional {
		// The room's five keys always; the room view's and the help's
		// when the line has room for them (? works all the same).
		item := b.Help().Key + " " + b.Help().Desc
		if i >= 5 && ansi.StringWidth(strings.Join(append(keys, item), " · ")) > w {
			continue
		}
		keys = append(keys, item)
	}
	lines := []string{ansi.Truncate(line1, w, "…"), ansi.Truncate(st.subtle.Render(strings.Join(keys, " · ")), w, "…")}
	status := d.status
	if d.askQuit {
		status = st.warn.Render(d.status)
	}
	wrapped := strings.Split(ansi.Wrap(status, max(w, 1), ""), "\n")
	if len(wrapped) > statusLines {
		wrapped = wrapped[:statusLines]
		wrapped[statusLines-1] = ansi.Truncate(wrapped[statusLines-1]+" …", w, "…")
	}
	for _, l := range wrapped {
		lines = append(lines, ansi.Truncate(strings.TrimRight(l, " "), w, "…"))
	}
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
			// 1 refused", "2 failed, 1 refused", "2 failed".
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

// codeView is the room's page address as a QR code, with the address
// under it, for a room to scan with their phones; F12 goes back.
func (d *Dashboard) codeView(w, h int) string {
	rows, err := qrterm.Render(d.webURL, d.lightBackground, d.srv.cfg.ASCII)
	lines := []string{}
	if err == nil && len(rows) < h && len([]rune(rows[0])) <= w {
		lines = append(lines, rows...)
	} else {
		lines = append(lines, "(the screen is too small for the QR code: make it larger, or read the address out)")
	}
	lines = append(lines, "", d.st.title.Render("Open "+d.webURL)+" in a browser, or scan the code · F12 hides it")
	return fit(strings.Join(lines, "\n"), w, h)
}

// tallyHeight is how many lines the tally has below the header.
func (d *Dashboard) tallyHeight() int { return max(d.height-d.headerH, 0) }

// scrollTally moves the tally by n lines, within its length.
func (d *Dashboard) scrollTally(n int) {
	d.tallyTop = max(min(d.tallyTop+n, len(d.tallyLines)-max(d.tallyHeight()-1, 1)), 0)
}

// tallyView shows the tally's lines that fit h, from tallyTop; when
// they do not all fit, the last line says how to scroll.
func (d *Dashboard) tallyView(w, h int) string {
	lines := d.tallyLines
	if len(lines) <= h || h < 2 {
		return fit(strings.Join(lines, "\n"), w, h)
	}
	top := max(min(d.tallyTop, len(lines)-(h-1)), 0)
	end := top + h - 1
	shown := slices.Clone(lines[top:end])
	shown = append(shown, d.st.subtle.Render(fmt.Sprintf("lines %d–%d of %d · ↑/↓ pgup/pgdn scroll", top+1, end, len(lines))))
	return fit(strings.Join(shown, "\n"), w, h)
}

// drawTally is the round, counted, wrapped to w: while it is under way,
// how many answered (and who has not, when asked for); once it ends,
// how many were right, the answers' histogram, the wrong answers
// grouped by mistake (names only when asked for) and the working.
func (d *Dashboard) drawTally(w int) []string {
	if w <= 0 {
		return nil
	}
	var out []string
	for _, l := range strings.Split(d.tallyText(w), "\n") {
		out = append(out, strings.Split(ansi.Wrap(l, w, ""), "\n")...)
	}
	return out
}

func (d *Dashboard) tallyText(w int) string {
	st := d.st
	t := d.tally
	if t == nil {
		return "No quiz round yet: F3 starts one on the conventions of your explorer; every attendee gets the same list."
	}
	rd := t.Round
	state := "under way: F4 ends it and shows everyone the working"
	if rd.Ended {
		state = "ended: everyone sees the working"
	}
	lines := []string{
		st.title.Render(fmt.Sprintf("Quiz round %d", rd.ID)) + fmt.Sprintf(" · seed %d, question %d · %s", rd.Seed, rd.Number, state),
		fmt.Sprintf("NDCG@%d of %s under %s", rd.Question.K, questionGrades(rd), conventions(rd.settings())),
	}
	if t.Err != nil {
		lines = append(lines, st.wrong.Render("cannot compute: "+t.Err.Error()))
		return strings.Join(lines, "\n")
	}
	// Attendees who answered and then left are counted apart, so the
	// line never reads "answered 2 of 1 connected".
	answered := fmt.Sprintf("answered %d of %d connected", t.Answered-t.Left, t.Sessions)
	if t.Left > 0 {
		answered += fmt.Sprintf(" (+%d who left)", t.Left)
	}
	if !rd.Ended {
		// The instructor's screen is often the room's projector: the
		// true value, the right answers and the answers' spread would
		// give the round away while it is under way. Who has answered
		// is what the instructor needs until F4.
		lines = append(lines, answered, st.subtle.Render(HiddenUntilEnd), "")
		switch {
		case len(t.Waiting) == 0:
		case d.showNames:
			lines = append(lines, st.subtle.Render("no answer yet: "+strings.Join(t.Waiting, ", ")))
		default:
			lines = append(lines, st.subtle.Render("F6 names who has not answered yet"))
		}
		return strings.Join(lines, "\n")
	}
	lines = append(lines,
		fmt.Sprintf("%s · %s · true value %.4f", answered,
			st.right.Render(fmt.Sprintf("%d right", t.Right)), t.True), "")
	most := 0
	for _, b := range t.Histogram {
		most = max(most, b.Count)
	}
	barW := max(min(w-20, 40), 1)
	for _, b := range t.Histogram {
		bar := strings.Repeat(st.g.Block, max(b.Count*barW/max(most, 1), 1))
		mark := ""
		if b.Right {
			mark = " " + st.right.Render(st.g.Holds)
		}
		lines = append(lines, fmt.Sprintf("%8s %s %d%s", truncate(b.Label, 8), bar, b.Count, mark))
	}
	if len(t.Mistakes) > 0 {
		lines = append(lines, "", st.title.Render("Wrong answers, by the mistake behind them"))
		for _, m := range t.Mistakes {
			line := fmt.Sprintf("%3d %s", len(m.Names), m.Why)
			if d.showNames {
				line += st.subtle.Render(": " + strings.Join(m.Names, ", "))
			}
			lines = append(lines, st.wrong.Render(line))
		}
		if !d.showNames {
			lines = append(lines, st.subtle.Render("names hidden: F6 shows them"))
		}
	}
	if r, err := ndcg.Compute(rd.Question.List, rd.settings()); err == nil {
		lines = append(lines, "")
		lines = append(lines, strings.Split(strings.TrimRight(explain.New(r).Text(), "\n"), "\n")...)
	}
	return strings.Join(lines, "\n")
}

// HiddenUntilEnd is what the tally says of the answers while a round is
// under way.
const HiddenUntilEnd = "answers show at F4, not before: the room may see this screen"

// questionGrades spells the question's grades in ranking order, and its
// scores when they tie: the tie is what the question is about, as the
// attendees' screens show it.
func questionGrades(rd *Round) string {
	var g, sc []string
	for _, it := range rd.Question.List.Items {
		g = append(g, ndcg.FormatNumber(it.Grade))
		sc = append(sc, ndcg.FormatNumber(it.Score))
	}
	out := "grades " + strings.Join(g, ",")
	if rd.Question.Tied && rd.Question.List.Scored() {
		out += " (scores " + strings.Join(sc, ",") + ")"
	}
	return out
}

func conventions(s ndcg.Settings) string {
	return "gain " + s.Gain.String() + ", " + s.Discount.String() + ", ties " + s.Ties.String()
}

// plural counts: "1 attendee", "2 attendees".
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

func truncate(s string, w int) string { return ansi.Truncate(s, w, "…") }

// fit cuts text to w×h cells, padding it to h lines.
func fit(text string, w, h int) string {
	lines := strings.Split(text, "\n")
	if len(lines) > h {
		lines = lines[:h]
	}
	for i, l := range lines {
		lines[i] = ansi.Truncate(l, w, "…")
	}
	for len(lines) < h {
		lines = append(lines, "")
	}
	return strings.Join(lines, "\n")
}

// RunDashboard serves with the dashboard on the terminal in/out until
// the instructor quits it or ctx is done; then it closes every session.
func RunDashboard(ctx context.Context, cfg Config, in *os.File, out io.Writer, noColor bool) error {
	log := &eventLog{}
	notify := make(chan struct{}, 1)
	poke := func() {
		select {
		case notify <- struct{}{}:
		default:
		}
	}
	cfg.Log = func(line string) { log.add(line); poke() }
	cfg.OnChange = poke
	s, ln, served, err := start(cfg)
	if err != nil {
		return err
	}

	d := NewDashboard(s, listenAddr(s, ln), log, noColor)
	// ctx already ends the program on SIGINT and SIGTERM (see the
	// caller); Bubble Tea's own handler would race it for the same
	// signal and can block the program's shutdown for good, sending to
	// an event loop that has stopped.
	p := tea.NewProgram(d, tea.WithInput(in), tea.WithOutput(out), tea.WithContext(ctx), tea.WithFilter(winsize.Filter(d.filter)),
		tea.WithoutSignalHandler())
	stop := make(chan struct{})
	go func() {
		for {
			select {
			case <-notify:
				p.Send(roomChanged{})
			case <-stop:
				return
			}
		}
	}()
	_, runErr := p.Run()
	close(stop)
	n := s.Room().Count()
	s.shutdownWithGrace()
	if path, err := s.ExportRounds(cfg.StateDir, time.Now()); err != nil {
		fmt.Fprintf(out, "ndcg-explorer serve: cannot export the rounds: %v\n", err)
	} else if path != "" {
		fmt.Fprintf(out, "ndcg-explorer serve: the rounds are in %s (and .json beside it)\n", path)
	}
	// The dashboard has left the screen: a line says the room is closed,
	// as each attendee reads the workshop ended.
	fmt.Fprintf(out, "ndcg-explorer serve: stopped; closed %s; %s\n", plural(n, "session"), s.stoppedLists())
	if err := <-served; err != nil {
		return err
	}
	if runErr != nil && ctx.Err() == nil {
		return runErr
	}
	return nil
}

// quitQuestion asks whether to stop serving while attendees are
// connected: their sessions end, and the lists the server keeps go too
// (those not yet taken home with ssh … report).
func (d *Dashboard) quitQuestion() string {
	return plural(d.srv.Room().Count(), "attendee") + " connected, " + d.srv.notTaken() + ": y stops serving " + d.srv.whereLists() + " · esc stays"
}

// helpLines are the dashboard's keys, one a line, wrapped to w.
func (d *Dashboard) helpLines(w int) []string {
	out := []string{d.st.title.Render("The dashboard's keys")}
	for _, h := range dashboardHelp {
		line := h.what
		if h.key != "" {
			line = fmt.Sprintf("%-4s %s", h.key, h.what)
		}
		out = append(out, strings.Split(ansi.Wrap(line, max(w, 1), ""), "\n")...)
	}
	return out
}

// drawRoom is the room view: everyone connected, how they come back,
// how long since their last key, and their answer to the round under
// way (the answer itself only when asked for, F8).
func (d *Dashboard) drawRoom(w int) []string {
	st := d.st
	seats := d.srv.Room().Seats(now())
	t := d.tally
	head := fmt.Sprintf("The room · %d connected", len(seats))
	if t != nil && !t.Round.Ended {
		head += fmt.Sprintf(" · round %d under way: %d answered", t.Round.ID, t.Answered-t.Left)
	}
	lines := []string{st.title.Render(head)}
	if len(seats) == 0 {
		return append(lines, "No one is connected yet: attendees type "+d.connect)
	}
	answerHead := "answer"
	if !d.showAnswers {
		answerHead = "answered (F8 shows the answers)"
	}
	lines = append(lines, st.subtle.Render(fmt.Sprintf("%-24s %-6s %7s  %s", "name", "back by", "idle", answerHead)))
	for _, s := range seats {
		// How they come back, which says how they came: an ssh key or
		// code, or the page (a browser, which keeps their code).
		by := "code"
		switch {
		case s.Via == ViaWeb:
			by = "page"
		case s.Keyed:
			by = "key"
		}
		ans := ""
		switch {
		case t == nil || t.Round.Ended:
		case !s.Answered:
			ans = st.subtle.Render("not yet")
		case d.showAnswers:
			// Typed by the attendee: shown as typed, never obeyed.
			ans = truncate(termsafe.String(strings.TrimSpace(s.Answer)), 12)
		default:
			ans = "answered"
		}
		idle := shortDuration(s.Idle.Truncate(time.Second))
		if s.Idle < time.Second {
			idle = "now"
		}
		lines = append(lines, ansi.Truncate(fmt.Sprintf("%-24s %-6s %7s  %s", s.Name, by, idle, ans), max(w, 1), "…"))
	}
	return lines
}

// countDown runs a timed round's clock: the status says the time left,
// the attendees hear when one minute is, and the round ends when none is.
func (d *Dashboard) countDown() tea.Cmd {
	if d.deadline.IsZero() {
		return nil
	}
	room := d.srv.Room()
	t := room.Tally()
	if t == nil || t.Round.Ended {
		d.deadline = time.Time{}
		return nil
	}
	left := d.deadline.Sub(now())
	switch {
	case left <= 0:
		d.deadline = time.Time{}
		// (The round's end tells each attendee their verdict: a notice
		// of its own would race it for their status line.)
		room.EndRound()
		d.tally = room.Tally()
		d.showTally, d.tallyTop = true, 0
		d.status = "time is up: round ended, every attendee sees the worked solution"
		return nil
	case left <= time.Minute && !d.warned:
		d.warned = true
		room.Notify(fmt.Sprintf("round %d closes in 1 minute", t.Round.ID))
	}
	d.status = fmt.Sprintf("round %d closes in %s (F10 adds a minute; F4 ends it now)", t.Round.ID, shortDuration(left.Round(time.Second)))
	return tickTimer()
}
