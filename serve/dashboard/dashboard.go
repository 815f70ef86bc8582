package dashboard

import (
	"math/rand/v2"
	"net"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"

	"github.com/ndcg-explorer/ndcg-explorer/serve"
	"github.com/ndcg-explorer/ndcg-explorer/serve/session"
	"github.com/ndcg-explorer/ndcg-explorer/ui"
	"github.com/ndcg-explorer/ndcg-explorer/ui/common"
)

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

// Model is the instructor's screen: where to connect, who is
// connected, the instructor's own explorer, and the room's keys.
type Model struct {
	srv     *serve.Server
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
	// warned says the attendees were told a minute is left on the
	// round's timer (F10; the room holds its deadline, serve.Room.Timer);
	// ticking that a tick of its countdown is on its way.
	warned, ticking bool
	// showRoom shows the room view (F7), with each answer when
	// showAnswers (F8); showHelp the dashboard's keys (?). Their lines
	// are made in Update (roomLines), as the tally's are.
	showRoom, showAnswers, showHelp bool
	// showSteps lists the guided path's steps (F1), until a step's
	// number sends one to the room.
	showSteps bool
	// stepTyped is a step's number begun (a 1 where steps 10 and up
	// exist), sent by the next digit or by enter.
	stepTyped string
	stepsText []string
	// helpText is the help's lines (?), made in Update, and helpTop the
	// first on screen: at 80×24 they take more lines than there are.
	helpText  []string
	helpTop   int
	roomLines []string
	// roomSel is the attendee under the room view's cursor (serve.Seat.ID),
	// roomIdx their row and roomTop the first row shown; roomIDs are the
	// rows' attendees as last drawn.
	roomSel, roomIdx, roomTop int
	roomIDs                   []int
	// share is the room's ask to show an attendee's screen as last read
	// (mirror.go); mirror is their screen fit below the header while
	// shown, made in Update from the frame mirrorOf at mirrorW×mirrorH.
	share            serve.Share
	mirror           string
	mirrorOf         *session.Frame
	mirrorW, mirrorH int
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
	tally *serve.Tally
	// failures and slowed are the server's failed attempts and those
	// that waited its penalty, worst the address with the most, read at
	// each change of the room.
	failures, slowed int
	worst            string
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

// New builds the dashboard for a server listening on addr; the
// instructor's explorer opens on the served list.
func New(s *serve.Server, addr net.Addr, log *eventLog, noColor bool) *Model {
	cfg := s.Config()
	seed := cfg.Seed
	if seed == 0 {
		seed = 1 + rand.Int64N(999_999) // short enough to read out to a room
	}
	d := &Model{
		srv: s, addr: addr.String(), st: newDashboardStyles(!noColor, cfg.ASCII), seed: seed, log: log, headerH: dashboardHeader,
		explorer: ui.New(ui.Options{Doc: session.CloneDoc(cfg.Doc), Settings: cfg.Settings, ASCII: cfg.ASCII, NoColor: noColor, Seed: cfg.Seed,
			Present: cfg.Present}),
	}
	// Rounds go on from those a kept room ran: round n asks question n.
	d.round = s.Room().RoundsRun()
	d.connect = serve.ConnectCommand(addr)
	if web := s.WebAddr(); web != nil {
		d.webURL = s.WebURL(web)
		d.connect += " · " + d.webURL
		if cfg.NoSSH {
			d.connect = d.webURL
		}
	}
	d.status = startStatus(s.Fingerprint(), addr)
	if notes := s.StartNotes(); len(notes) > 0 {
		// What the state directory held that the instructor should
		// know comes first: the status line may cut what follows.
		d.status = strings.Join(notes, "; ") + " · " + d.status
	}
	if t := s.Room().Tally(); t != nil && !t.Round.Ended && s.Room().Resumed() {
		// Started again on a room whose round is under way: the round
		// is what the instructor was on, and what the room expects.
		d.tally, d.showTally = t, true
	}
	return d
}

// Init starts the instructor's explorer, and the countdown of a timed
// round the room kept from before a restart: one whose time ran out
// while the server was stopped ends at once.
func (d *Model) Init() tea.Cmd {
	cmd := d.explorer.Init()
	if _, deadline := d.srv.Room().Timer(); !deadline.IsZero() {
		d.ticking = true
		cmd = tea.Batch(cmd, func() tea.Msg { return timerTick{} })
	}
	return cmd
}

// filter turns a quit into a question while attendees are connected:
// quitting stops the server and ends every session.
func (d *Model) filter(_ tea.Model, msg tea.Msg) tea.Msg {
	if _, ok := msg.(tea.QuitMsg); ok && !d.quitting && d.srv.Room().Count() > 0 {
		return quitAsked{}
	}
	return msg
}

// Update handles the room's messages and keys, and passes the rest to
// the instructor's explorer.
func (d *Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if bg, ok := msg.(tea.BackgroundColorMsg); ok {
		d.lightBackground = !bg.IsDark()
	}
	tally, names, width := d.tally, d.showNames, d.width
	m, cmd := d.update(msg)
	d.readShare()
	if d.showRoom {
		d.roomLines = d.drawRoom(d.srv.Room().Seats(now()), d.width, d.tallyHeight())
	}
	if d.showSteps {
		d.stepsText = d.stepLines(d.width)
	}
	if d.showHelp {
		d.helpText = d.helpLines(d.width)
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

func (d *Model) update(msg tea.Msg) (tea.Model, tea.Cmd) {
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
		d.failures, d.slowed, d.worst = d.srv.FailedAttempts()
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
			default:
				// At 80×24 the keys take more lines than there are.
				d.scrollKey(msg, &d.helpTop, d.helpText)
			}
			return d, nil
		}
		if d.showSteps && !d.otherKey(msg) {
			d.stepKey(msg)
			return d, nil
		}
		// Another of the dashboard's keys closes the steps and does
		// what it does.
		d.showSteps = false
		if msg.String() == "?" && (d.showTally || d.showRoom || d.mirror != "" || !d.explorer.CapturesEsc()) {
			d.showHelp, d.helpTop = true, 0
			return d, nil
		}
		if msg.String() == "esc" && d.share.Active() {
			// The ask, or the screen shown, first: the status said so.
			d.stopShare()
			return d, nil
		}
		if cmd, ok := d.roomKey(msg); ok {
			return d, cmd
		}
		if d.mirror != "" || (d.showRoom && !d.showTally) {
			return d, d.roomViewKey(msg)
		}
		if d.showTally {
			switch msg.String() {
			case "esc":
				d.showTally = false
			case "q", "ctrl+c":
				return d, tea.Quit
			default:
				d.scrollKey(msg, &d.tallyTop, d.tallyLines)
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

func (d *Model) pass(msg tea.Msg) tea.Cmd {
	_, cmd := d.explorer.Update(msg)
	return cmd
}

// View draws the header, then the tally or the instructor's explorer.
func (d *Model) View() tea.View {
	v := d.explorer.View()
	if d.width <= 0 || d.height <= 0 {
		return v
	}
	body := v.Content
	switch {
	case d.showCode:
		body = d.codeView(d.width, d.tallyHeight())
	case d.showHelp:
		body = d.scrolled(d.helpText, d.helpTop, d.width, d.tallyHeight())
	case d.showSteps:
		body = fit(strings.Join(d.stepsText, "\n"), d.width, d.tallyHeight())
	case d.mirror != "":
		body = d.mirror
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
	if w := d.srv.Config().Workshop; w != "" {
		v.WindowTitle = "ndcg-explorer serve: " + w + " · " + d.addr
	}
	return v
}
