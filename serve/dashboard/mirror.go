package dashboard

import (
	"fmt"
	"strings"

	"github.com/ndcg-explorer/ndcg-explorer/serve"
	"github.com/ndcg-explorer/ndcg-explorer/serve/session"
)

// The dashboard's side of an attendee's screen shown to the room
// (serve's share.go): the room view's enter asks, esc cancels or stops,
// and while the attendee agrees the body below the header mirrors their
// screen (session.Frame), cropped to fit.

// shareFramed tells the dashboard the screen shown has a new frame.
type shareFramed struct{}

// askShare asks the attendee under the room view's cursor to show their
// screen.
func (d *Model) askShare() {
	name, ok := d.srv.Room().AskShare(d.roomSel)
	if !ok {
		d.status = "not asked: they have left, or their explorer is still starting (enter asks again)"
		return
	}
	d.status = fmt.Sprintf("asked %s to show their screen; waiting for them to agree (esc cancels)", name)
}

// stopShare cancels the ask waiting or stops the screen shown.
func (d *Model) stopShare() {
	switch was := d.srv.Room().EndShare(); was.State {
	case serve.ShareAsked:
		d.status = fmt.Sprintf("cancelled: %s is no longer asked to show their screen", was.Name)
	case serve.ShareShown:
		d.status = fmt.Sprintf("stopped showing %s's screen", was.Name)
	}
}

// readShare reads the room's ask: the status says what became of it
// (the instructor's own keys say what they did), and the mirror is made
// again when the frame or the window changes.
func (d *Model) readShare() {
	sh := d.srv.Room().Share()
	if sh.Ask != d.share.Ask || sh.State != d.share.State {
		d.status = shareNews(sh, d.share, d.status)
	}
	d.share = sh
	if sh.State != serve.ShareShown || sh.Frame == nil || d.width <= 0 {
		d.mirror, d.mirrorOf = "", nil
		return
	}
	if sh.Frame != d.mirrorOf || d.width != d.mirrorW || d.tallyHeight() != d.mirrorH {
		d.mirrorOf, d.mirrorW, d.mirrorH = sh.Frame, d.width, d.tallyHeight()
		d.mirror = d.drawMirror(sh.Name, sh.Frame, d.mirrorW, d.mirrorH)
	}
}

// shareNews is the status line when the ask went from was to sh, or
// status as it is when the change is the instructor's own.
func shareNews(sh, was serve.Share, status string) string {
	switch sh.State {
	case serve.ShareShown:
		return fmt.Sprintf("%s agreed: their screen is shown (esc stops)", sh.Name)
	case serve.ShareDeclined:
		return fmt.Sprintf("%s declined to show their screen (enter asks again)", sh.Name)
	case serve.ShareStopped:
		return fmt.Sprintf("%s stopped showing their screen", sh.Name)
	case serve.ShareLeft:
		if was.Ask == sh.Ask && was.State == serve.ShareShown {
			return fmt.Sprintf("%s left: their screen is no longer shown", sh.Name)
		}
		return fmt.Sprintf("%s left before answering: nothing shown", sh.Name)
	}
	return status
}

// drawMirror is the attendee's frame below a line naming it, cut to w×h
// cells from its top left (a line cut ends with …); a style the frame
// leaves open ends with its line.
func (d *Model) drawMirror(name string, f *session.Frame, w, h int) string {
	size := fmt.Sprintf("%d×%d", f.W, f.H)
	if f.W > w || f.H > h-1 {
		size += fmt.Sprintf(", its top left %d×%d", min(f.W, w), min(f.H, max(h-1, 0)))
	}
	label := d.st.title.Render(name+"'s screen") + " (" + size + ") · esc stops"
	lines := strings.Split(fit(f.Content, w, max(h-1, 0)), "\n")
	for i, l := range lines {
		lines[i] = l + "\x1b[m"
	}
	return fit(label, w, 1) + "\n" + strings.Join(lines, "\n")
}

// moveRoomCursor moves the room view's cursor by n rows, within them.
func (d *Model) moveRoomCursor(n int) {
	if len(d.roomIDs) == 0 {
		return
	}
	d.roomIdx = max(min(d.roomIdx+n, len(d.roomIDs)-1), 0)
	d.roomSel = d.roomIDs[d.roomIdx]
}
