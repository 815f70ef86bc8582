package dashboard

import (
	"fmt"
	"slices"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/ndcg-explorer/ndcg-explorer/explain"
	"github.com/ndcg-explorer/ndcg-explorer/internal/qrterm"
	"github.com/ndcg-explorer/ndcg-explorer/internal/termsafe"
	"github.com/ndcg-explorer/ndcg-explorer/learn"
	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
	"github.com/ndcg-explorer/ndcg-explorer/serve"
	"github.com/ndcg-explorer/ndcg-explorer/ui"
	"github.com/ndcg-explorer/ndcg-explorer/ui/views/practice"
)

// What the dashboard draws below its header, in place of the
// instructor's explorer: the tally of a round (F5), the room (F7), the
// dashboard's keys (?) and the page's QR code (F12); and the round's
// timer (F10).

// codeView is the room's page address as a QR code, with the address
// under it, for a room to scan with their phones; F12 goes back.
func (d *Model) codeView(w, h int) string {
	rows, err := qrterm.Render(d.webURL, d.lightBackground, d.srv.Config().ASCII)
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
func (d *Model) tallyHeight() int { return max(d.height-d.headerH, 0) }

// tallyView shows the tally's lines that fit h, from tallyTop.
func (d *Model) tallyView(w, h int) string { return d.scrolled(d.tallyLines, d.tallyTop, w, h) }

// scrolled shows the lines that fit h, from top; when they do not all
// fit, the last line says how to scroll.
func (d *Model) scrolled(lines []string, top, w, h int) string {
	if len(lines) <= h || h < 2 {
		return fit(strings.Join(lines, "\n"), w, h)
	}
	top = max(min(top, len(lines)-(h-1)), 0)
	end := top + h - 1
	shown := slices.Clone(lines[top:end])
	shown = append(shown, d.st.subtle.Render(fmt.Sprintf("lines %d–%d of %d · ↑/↓ pgup/pgdn scroll", top+1, end, len(lines))))
	return fit(strings.Join(shown, "\n"), w, h)
}

// scroll moves *top by n lines within lines' length at the body's
// height: the tally's, or the help's.
func (d *Model) scroll(top *int, lines []string, n int) {
	*top = max(min(*top+n, len(lines)-max(d.tallyHeight()-1, 1)), 0)
}

// scrollKey scrolls *top on the keys that scroll the body, and reports
// whether msg was one.
func (d *Model) scrollKey(msg tea.KeyPressMsg, top *int, lines []string) bool {
	page := max(d.tallyHeight()-1, 1)
	switch msg.String() {
	case "up":
		d.scroll(top, lines, -1)
	case "down":
		d.scroll(top, lines, 1)
	case "pgup":
		d.scroll(top, lines, -page)
	case "pgdown", "space":
		d.scroll(top, lines, page)
	case "home":
		*top = 0
	case "end":
		d.scroll(top, lines, len(lines))
	default:
		return false
	}
	return true
}

// drawTally is the round, counted, wrapped to w: while it is under way,
// how many answered (and who has not, when asked for); once it ends,
// how many were right, the answers' histogram, the wrong answers
// grouped by mistake (names only when asked for) and the working.
func (d *Model) drawTally(w int) []string {
	if w <= 0 {
		return nil
	}
	var out []string
	for _, l := range strings.Split(d.tallyText(w), "\n") {
		out = append(out, strings.Split(ansi.Wrap(l, w, ""), "\n")...)
	}
	return out
}

func (d *Model) tallyText(w int) string {
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
		fmt.Sprintf("NDCG@%d of %s under %s", rd.Question.K, questionGrades(rd), conventions(rd.Conventions())),
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
	if r, err := ndcg.Compute(rd.Question.List, rd.Conventions()); err == nil {
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
func questionGrades(rd *serve.Round) string {
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

// quitQuestion asks whether to stop serving while attendees are
// connected: their sessions end, and the lists the server keeps go too
// (those not yet taken home with ssh … report).
func (d *Model) quitQuestion() string {
	return serve.Plural(d.srv.Room().Count(), "attendee") + " connected, " + d.srv.ListsNotTaken() + ": y stops serving " + d.srv.WhereLists() + " · esc stays"
}

// helpLines are the dashboard's keys, one a line, wrapped to w.
func (d *Model) helpLines(w int) []string {
	out := []string{d.st.title.Render("The dashboard's keys")}
	const keyW = 6 // "enter "
	for _, h := range dashboardHelp {
		if h.key == "" {
			out = append(out, strings.Split(ansi.Wrap(h.what, max(w, 1), ""), "\n")...)
			continue
		}
		// A long line goes on under its words, not under its key.
		for i, line := range strings.Split(ansi.Wrap(h.what, max(w-keyW, 1), ""), "\n") {
			lead := strings.Repeat(" ", keyW)
			if i == 0 {
				lead = fmt.Sprintf("%-*s", keyW, h.key)
			}
			out = append(out, lead+line)
		}
	}
	return out
}

// roomShown reports whether the room view is what the dashboard's body
// shows (View's order: the QR code, the help, the steps, a screen
// shown, the tally, the room).
func (d *Model) roomShown() bool {
	return d.showRoom && !d.showCode && !d.showHelp && !d.showSteps && d.mirror == "" && !d.showTally
}

// stepLines are the guided path's steps, for F1 to send one: each
// one's number and title, the step last sent marked.
func (d *Model) stepLines(w int) []string {
	out := []string{d.st.title.Render("Send a step of the guided path to the room")}
	sent := d.srv.Room().SentStep()
	for i, st := range learn.Steps {
		line := fmt.Sprintf("%2d  %s", i+1, st.Title)
		if i+1 == sent {
			line += "  ◂ sent last"
		}
		out = append(out, line)
	}
	const text = "A step's number sends it: each attendee is asked, then sees the step's list, its instruction " +
		"and one question, the answer hidden until they give it, as under ndcg-explorer learn (their answers " +
		"are not counted here). q on their side goes back to their own list. esc sends none."
	out = append(out, "")
	return append(out, strings.Split(ansi.Wrap(text, max(w, 1), ""), "\n")...)
}

// roomChrome is how many lines of the room view are not attendees': its
// heading, the columns' names and the keys' line under them.
const roomChrome = 3

// The room view's columns. Each row is the cursor, the name, where the
// attendee is (ui.Workshop.Where), how they come back, how long since their
// last key, then the answer column, which must hold its widest words
// short of an answer shown (F8): "answered" with the ask beside it.
const (
	roomAsked   = " asked to show their screen"
	roomBackBy  = 7 // "back by"
	roomIdle    = 7 // "59m59s" under the hour an idle session has
	roomAnswers = len("answered" + roomAsked)
)

// roomNameCells is the name column's width for names at w cells: the
// longest name's, up to serve.NameCells, narrowed (names cut with …) so that
// the other columns fit in w.
func roomNameCells(seats []serve.Seat, w int) int {
	n := len("name")
	for _, s := range seats {
		n = max(n, ansi.StringWidth(s.Name))
	}
	others := 2 + 1 + ui.WhereCells + 1 + roomBackBy + 1 + roomIdle + 2 + roomAnswers
	return max(min(n, serve.NameCells, w-others), len("name"))
}

// cell is s cut to w cells, with spaces after it to w: fmt's widths
// count runes, and a name may hold characters two cells wide.
func cell(s string, w int) string {
	s = truncate(s, w)
	return s + strings.Repeat(" ", max(w-ansi.StringWidth(s), 0))
}

// drawRoom is the room view of seats, h lines at most: everyone connected, where
// they are (their view, the help, or a step sent), how they come back,
// how long since their last key, and their answer to the round under
// way (the answer itself only when asked for, F8); a cursor
// on one of them, which enter asks to show their screen. The cursor
// stays on its attendee as others come and go, and on the row where
// they were when they leave; the rows shown follow it.
func (d *Model) drawRoom(seats []serve.Seat, w, h int) []string {
	st := d.st
	t := d.tally
	head := fmt.Sprintf("The room · %d connected", len(seats))
	if t != nil && !t.Round.Ended {
		head += fmt.Sprintf(" · round %d under way: %d answered", t.Round.ID, t.Answered-t.Left)
	}
	lines := []string{st.title.Render(head)}
	d.roomIDs = d.roomIDs[:0]
	if len(seats) == 0 {
		return append(lines, "No one is connected yet: attendees type "+d.connect)
	}
	d.roomIdx = min(d.roomIdx, len(seats)-1)
	for i, s := range seats {
		d.roomIDs = append(d.roomIDs, s.ID)
		if s.ID == d.roomSel {
			d.roomIdx = i
		}
	}
	d.roomSel = seats[d.roomIdx].ID
	rows := max(h-roomChrome, 1)
	d.roomTop = max(min(d.roomTop, d.roomIdx, len(seats)-rows), d.roomIdx-rows+1, 0)
	answerHead := "answer"
	if !d.showAnswers {
		answerHead = "answered (F8 shows the answers)"
	}
	nameW := roomNameCells(seats, w)
	row := func(name, where, by, idle, ans string) string {
		return fmt.Sprintf("%s %s %-*s %*s  %s", cell(name, nameW), cell(where, ui.WhereCells), roomBackBy, by, roomIdle, idle, ans)
	}
	lines = append(lines, st.subtle.Render("  "+row("name", "where", "back by", "idle", answerHead)))
	for i, s := range seats {
		if i < d.roomTop || i >= d.roomTop+rows {
			continue
		}
		// How they come back, which says how they came: an ssh key or
		// code, or the page (a browser, which keeps their code).
		by := "code"
		switch {
		case s.Via == serve.ViaWeb:
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
		idle := serve.ShortDuration(s.Idle.Truncate(time.Second))
		if s.Idle < time.Second {
			idle = "now"
		}
		cursor := "  "
		if i == d.roomIdx {
			cursor = st.g.Cursor + " "
		}
		if d.share.Member == s.ID && d.share.State == serve.ShareAsked {
			ans += st.warn.Render(roomAsked)
		}
		lines = append(lines, ansi.Truncate(cursor+row(s.Name, s.Where, by, idle, ans), max(w, 1), "…"))
	}
	keys := fmt.Sprintf("↑/↓ choose · enter asks %s to show their screen · esc your explorer", seats[d.roomIdx].Name)
	if len(seats) > rows {
		keys = fmt.Sprintf("%d–%d of %d · %s", d.roomTop+1, min(d.roomTop+rows, len(seats)), len(seats), keys)
	}
	return append(lines, ansi.Truncate(st.subtle.Render(keys), max(w, 1), "…"))
}

// countDown runs a timed round's clock, on the room's deadline: the
// status says the time left, the attendees hear when one minute is (their
// clocks show every second of it), and the round ends when none is.
func (d *Model) countDown() tea.Cmd {
	room := d.srv.Room()
	id, deadline := room.Timer()
	if deadline.IsZero() {
		// Ended (F4), or replaced by the next round (F3).
		d.ticking = false
		return nil
	}
	left := deadline.Sub(now())
	switch {
	case left <= 0:
		d.ticking = false
		// (The round's end tells each attendee their verdict: a notice
		// of its own would race it for their status line.)
		room.EndRound()
		d.tally = room.Tally()
		d.showTally, d.tallyTop = true, 0
		d.status = "time is up: round ended, every attendee sees the worked solution"
		return nil
	case left <= time.Minute && !d.warned:
		d.warned = true
		room.Notify(fmt.Sprintf("round %d closes in 1 minute", id))
	}
	d.status = timerStatus(id, left)
	return tickTimer()
}

// timerStatus is the dashboard's status while round id's timer runs.
func timerStatus(id int, left time.Duration) string {
	// As the attendees' clocks write it (1:53), which the room reads.
	return fmt.Sprintf("round %d closes in %s (F10 adds a minute; F4 ends it now)", id, practice.ClockTime(left))
}
