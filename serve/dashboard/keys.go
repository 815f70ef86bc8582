package dashboard

import (
	"fmt"
	"strconv"
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/ndcg-explorer/ndcg-explorer/learn"
	"github.com/ndcg-explorer/ndcg-explorer/serve"
)

// dashboardKeys are the instructor's keys. They are function keys, so
// that every key of the instructor's own explorer below keeps its
// meaning.
var dashboardKeys = struct {
	Step, Send, Round, End, Tally, Names, Room, Answers, Help, Export, Timer, Forgive, Code key.Binding
}{
	Step:    key.NewBinding(key.WithKeys("f1"), key.WithHelp("F1", "lesson step")),
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
	Forgive: key.NewBinding(key.WithKeys("f11"), key.WithHelp("F11", "forgive failed attempts")),
	// Code shows the room's page address as a QR code, for phones to
	// scan off the projector (with --web).
	Code: key.NewBinding(key.WithKeys("f12"), key.WithHelp("F12", "page's QR code")),
}

// dashboardHelp says what each of the dashboard's keys does, for its ?
// (the explorer's own ? would give F2–F6 their explorer meanings).
var dashboardHelp = []struct{ key, what string }{
	{"F1", "send a step of the guided path (ndcg-explorer learn) to every attendee: F1, then its number (each is asked; q on their side goes back to their own list)"},
	{"F2", "send your explorer's list and conventions to every attendee (each is asked)"},
	{"F3", "start a quiz round on your conventions: everyone gets the same question"},
	{"F4", "end the round: everyone sees the working, the tally shows the answers"},
	{"F5", "switch between the tally and your explorer"},
	{"F6", "show or hide names in the tally (who has not answered, who made which mistake)"},
	{"F7", "the room: everyone connected, where they are (view, help, step sent), how long since their last key, whether they answered; ↑/↓ (home/end) choose one"},
	{"enter", "in the room view, ask the one chosen to show their screen: once they agree (y on their side) it is shown here until esc, their ctrl+x or their leaving"},
	{"F8", "in the room view, show or hide each answer of the round under way (keep it off a projector)"},
	{"F9", "export every round's answers, verdicts and mistakes as CSV and JSON into the state directory (also done at stop)"},
	{"F10", "give the round under way a minute more on its timer (the first press starts it): every attendee sees the time left count down, and the round ends when it runs out"},
	{"F11", "forgive failed attempts: an address past its budget (a room behind one address that mistyped the passphrase) waits only the failure delay again"},
	{"F12", "with --web, the room's page address as a QR code, for phones to scan off the projector"},
	{"?", "this help; esc or ? closes it"},
	{"q", "stop serving (asks first while attendees are connected)"},
	{"", "Every other key is your explorer's: close this help and press ? there for its own."},
}

// roomViewKey handles a key in the room view, or over an attendee's
// screen shown: the cursor, enter, esc and quitting; every other key does
// nothing there (the instructor's explorer under them is not on screen).
func (d *Model) roomViewKey(msg tea.KeyPressMsg) tea.Cmd {
	if s := msg.String(); s == "q" || s == "ctrl+c" {
		return tea.Quit
	}
	if d.mirror != "" {
		return nil
	}
	page := max(d.tallyHeight()-roomChrome, 1)
	switch msg.String() {
	case "esc":
		d.showRoom = false
	case "up":
		d.moveRoomCursor(-1)
	case "down":
		d.moveRoomCursor(1)
	case "pgup":
		d.moveRoomCursor(-page)
	case "pgdown":
		d.moveRoomCursor(page)
	case "home":
		d.moveRoomCursor(-len(d.roomIDs))
	case "end":
		d.moveRoomCursor(len(d.roomIDs))
	case "enter":
		if len(d.roomIDs) > 0 {
			d.askShare()
		}
	}
	return nil
}

// roomKey handles the dashboard's own keys.
func (d *Model) roomKey(msg tea.KeyPressMsg) (tea.Cmd, bool) {
	k, room := dashboardKeys, d.srv.Room()
	again := d.skipRound
	d.skipRound = false
	switch {
	case key.Matches(msg, k.Step):
		d.showSteps, d.showTally, d.showRoom, d.stepTyped = true, false, false, ""
		d.status = fmt.Sprintf("a step's number (1–%d) sends it to the room; esc sends none", learn.Count())
	case key.Matches(msg, k.Send):
		ws := d.explorer.Workspace()
		n, err := room.SendList(ws.Doc, ws.Settings)
		if err != nil {
			d.status = err.Error()
			break
		}
		d.status = fmt.Sprintf("sent the list (%s) and its conventions to %s", serve.Plural(ws.N(), "item"), serve.Plural(n, "session"))
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
		rd := room.StartRound(d.seed+int64(d.round-1), d.round, d.explorer.Workspace().Settings)
		d.tally = room.Tally()
		// The tally replaces whatever was shown, the room's QR code too:
		// left over it, the instructor did not see the round start.
		d.showTally, d.tallyTop, d.showCode = true, 0, false
		d.status = fmt.Sprintf("quiz round %d started (seed %d, question %d): F4 ends it", rd.ID, rd.Seed, rd.Number)
	case key.Matches(msg, k.End):
		if !room.EndRound() {
			d.status = "no quiz round under way: F3 starts one"
			break
		}
		d.tally = room.Tally()
		d.showTally, d.tallyTop, d.showCode = true, 0, false
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
		// F7 shows the room from wherever the dashboard is (the tally
		// F3 opened over it, the steps, the help), and closes it only
		// where it is what the screen shows: toggled, the F7 meant to
		// bring it back after F3 showed the instructor's explorer, and
		// the enter meant for the room edited the projected list.
		shown := d.roomShown()
		d.showRoom, d.showTally, d.showSteps, d.showHelp = !shown, false, false, false
		if d.showRoom {
			return tea.Tick(roomEvery, func(time.Time) tea.Msg { return roomTick{} }), true
		}
	case key.Matches(msg, k.Timer):
		// The room tells every attendee the new deadline: their clocks
		// show the time left from now on.
		at := now()
		id, deadline, ok := room.AddTime(at, time.Minute)
		if !ok {
			d.status = "no quiz round under way: F3 starts one, then F10 gives it a minute"
			break
		}
		// Each attendee reads the time left now: the one-minute notice
		// comes only when the clock goes under a minute later on.
		d.warned = deadline.Sub(at) <= time.Minute
		d.status = timerStatus(id, deadline.Sub(at))
		if !d.ticking {
			d.ticking = true
			return tickTimer(), true
		}
	case key.Matches(msg, k.Forgive):
		addresses := "addresses"
		if n := d.srv.Forgive(); n == 1 {
			addresses = "1 address"
		} else {
			addresses = fmt.Sprintf("%d %s", n, addresses)
		}
		d.status = "failed attempts forgotten: " + addresses + " no longer slowed"
	case key.Matches(msg, k.Export):
		path, err := d.srv.ExportRounds(d.srv.Config().StateDir, now())
		switch {
		case err != nil:
			d.status = "cannot export the rounds: " + err.Error()
		case path == "":
			d.status = "no rounds to export yet: F3 starts one"
		default:
			d.status = "exported every round to " + path + " " + serve.ExportedBeside
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

// otherKey reports whether msg is one of the dashboard's keys other than
// F1, the steps' own.
func (d *Model) otherKey(msg tea.KeyPressMsg) bool {
	k := dashboardKeys
	return key.Matches(msg, k.Send, k.Round, k.End, k.Tally, k.Names, k.Room, k.Answers, k.Export, k.Timer, k.Forgive, k.Code)
}

// stepKey answers F1's list of the guided path's steps: a step's number
// sends it to the room, esc (or F1 again) sends none. A digit that
// begins a longer number (the 1 of 10 to 13) waits for the next digit,
// or enter to send it alone.
func (d *Model) stepKey(msg tea.KeyPressMsg) {
	typed := d.stepTyped
	d.stepTyped = ""
	switch msg.String() {
	case "esc", "f1", "q":
		d.showSteps = false
		d.status = "no step sent"
		return
	case "enter":
		if typed == "" {
			d.status = fmt.Sprintf("a step's number, 1 to %d, sends it to the room; esc sends none", learn.Count())
			return
		}
	default:
		typed += msg.String()
	}
	n, err := strconv.Atoi(typed)
	if err != nil || n < 1 || n > learn.Count() {
		d.status = fmt.Sprintf("a step's number, 1 to %d, sends it to the room; esc sends none", learn.Count())
		return
	}
	if msg.String() != "enter" && n*10 <= learn.Count() {
		d.stepTyped = typed
		d.status = fmt.Sprintf("step %d…: enter sends step %d, a second digit step %d to %d", n, n, n*10, min(n*10+9, learn.Count()))
		return
	}
	d.showSteps = false
	sent, err := d.srv.Room().SendStep(n)
	if err != nil {
		d.status = "the step was not sent: " + err.Error()
		return
	}
	d.status = fmt.Sprintf("sent step %d (%s) to %s: each is asked; the answers stay on their screens", n, learn.Steps[n-1].Title, serve.Plural(sent, "session"))
	if t := d.srv.Room().Tally(); t != nil && !t.Round.Ended {
		// Their enter sends the round's answer first: the step waits.
		d.status = fmt.Sprintf("sent step %d (%s) to %s; round %d is under way: one typing an answer is asked once it is sent",
			n, learn.Steps[n-1].Title, serve.Plural(sent, "session"), t.Round.ID)
	}
}
