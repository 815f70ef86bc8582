package arithmetic

import (
	"context"
	"fmt"
	"strings"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/viewport"
	tea "charm.land/bubbletea/v2"

	"github.com/ndcg-explorer/ndcg-explorer/explain"
	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
	"github.com/ndcg-explorer/ndcg-explorer/ui/common"
	"github.com/ndcg-explorer/ndcg-explorer/ui/components/background"
	"github.com/ndcg-explorer/ndcg-explorer/ui/components/layout"
	"github.com/ndcg-explorer/ndcg-explorer/ui/views/view"
)

// Working writes DCG@k and IDCG@k out term by term, as on a
// whiteboard, the ideal order spelled out, and the division that gives
// NDCG, which stays in sight at the bottom while the rest scrolls.
type Working struct {
	view.Drawn
	view.Lazy
	vp     viewport.Model
	result string
	// styled is the style sheet the viewport's lines were painted with
	// (a probe string), to repaint them when it changes.
	styled string
}

// NewWorking is the working view of c's workspace.
func NewWorking(c *common.Common) view.View {
	return &Working{Lazy: view.Lazy{C: c, Stale: true}, vp: viewport.New()}
}

// ShortHelp is the working view's footer.
func (v *Working) ShortHelp() []key.Binding {
	k := v.C.Keys
	return append(append([]key.Binding{common.As(k.Up, "↑/↓", "scroll")}, k.ConventionKeys()...), k.Tail(true)...)
}

func (v *Working) SetSize(w, h int) {
	v.Lazy.SetSize(w, h)
	v.vp.SetWidth(v.Width)
	v.vp.SetHeight(max(v.Height-1, 0))
}

func (v *Working) Update(msg tea.Msg) tea.Cmd {
	if v.Edited(msg) {
		return nil
	}
	if cmd, ok := v.Job.Update(msg); ok {
		return cmd
	}
	if wm, ok := msg.(tea.MouseWheelMsg); ok {
		v.Refresh()
		switch wm.Button {
		case tea.MouseWheelUp:
			v.vp.ScrollUp(3)
		case tea.MouseWheelDown:
			v.vp.ScrollDown(3)
		}
		return nil
	}
	km, ok := msg.(tea.KeyPressMsg)
	if !ok {
		return nil
	}
	v.Refresh()
	k := v.C.Keys
	switch {
	case key.Matches(km, k.Up):
		v.vp.ScrollUp(1)
	case key.Matches(km, k.Down):
		v.vp.ScrollDown(1)
	case key.Matches(km, k.PageUp):
		v.vp.PageUp()
	case key.Matches(km, k.PageDown):
		v.vp.PageDown()
	case key.Matches(km, k.Top):
		v.vp.GotoTop()
	case key.Matches(km, k.Bottom):
		v.vp.GotoBottom()
	}
	return nil
}

// Refresh writes the working out again after an edit, a resize or a
// change of the style sheet.
func (v *Working) Refresh() {
	probe := v.C.Styles.Title.Render("x") + v.C.Styles.Subtle.Render("x")
	if probe != v.styled {
		v.styled = probe
		v.MarkStale()
	}
	if !v.Stale || background.Needed(v.C.WS) {
		return // startWork takes it from here
	}
	v.Stale = false
	v.install(writeWorking(v.C.WS.Result, v.Width, v.C.Styles))
}

// StartWork writes the working out off the update loop on a long list:
// a line per rank, each formatted and painted.
func (v *Working) StartWork() tea.Cmd {
	ws := v.C.WS
	if !v.Stale || v.Job.Running || !background.Needed(ws) || ws.Result == nil {
		return nil
	}
	v.Stale = false
	list, s := v.Job.Snapshot(ws)
	width, st := v.Width, v.C.Styles
	return v.Job.Start(func(context.Context) func() {
		r, err := ndcg.Compute(list, s)
		if err != nil {
			return nil
		}
		w := writeWorking(r, width, st)
		return func() { v.install(w) }
	})
}

// workedOut is the working out, painted, and its last line.
type workedOut struct {
	lines  []string
	result string
}

// writeWorking writes the working out of r for width cells.
func writeWorking(r *ndcg.Result, width int, st common.Styles) workedOut {
	if r == nil {
		return workedOut{}
	}
	w := explain.New(r)
	lines := w.Lines(width)
	if n := w.TieOrderNote(); n != "" {
		// The brackets of the ranking said nothing under best, worst,
		// input or docno ties (the quiz's question says it its own way):
		// the note goes under the DCG sum, as in the working's text.
		i := 0
		for i < len(lines) && lines[i].Kind != explain.LineSum {
			i++
		}
		for i < len(lines) && lines[i].Kind == explain.LineSum {
			i++ // past the DCG sum's lines
		}
		var note []explain.Line
		for _, t := range strings.Split(layout.Wrap(n, width), "\n") {
			note = append(note, explain.Line{Kind: explain.LineText, Text: t})
		}
		lines = append(lines[:i:i], append(note, lines[i:]...)...)
	}
	out := make([]string, len(lines))
	for i, l := range lines {
		switch l.Kind {
		case explain.LineHeading:
			out[i] = st.Header.Render(l.Text)
		case explain.LineSum:
			out[i] = st.BarActual.Render(l.Text)
		case explain.LineResult:
			out[i] = st.Title.Render(l.Text)
		case explain.LineAside:
			out[i] = st.Subtle.Render(l.Text)
		default:
			out[i] = l.Text
		}
	}
	return workedOut{lines: out, result: w.ResultLine()}
}

// install shows the working out, at the line it was scrolled to.
func (v *Working) install(w workedOut) {
	v.result = w.result
	y := v.vp.YOffset()
	v.vp.SetContentLines(w.lines)
	v.vp.SetYOffset(y)
}

func (v *Working) Draw() string {
	w, h := v.Width, v.Height
	if w <= 0 || h <= 0 {
		return ""
	}
	if v.C.WS.Result == nil {
		return view.CannotCompute(v.C, w, h)
	}
	if v.Busy() {
		return v.BusyView("Working", "DCG and IDCG term by term")
	}
	st := v.C.Styles
	// The division that gives NDCG stays in sight under a working too
	// long for the screen; when everything fits it is the last line anyway.
	body := h - 1
	pinned := v.vp.TotalLineCount() > body && body >= 3
	if pinned {
		v.vp.SetHeight(body - 1)
	} else {
		v.vp.SetHeight(body)
	}
	keys := ""
	if v.vp.TotalLineCount() > v.vp.Height() {
		first := v.vp.YOffset() + 1
		last := min(v.vp.YOffset()+v.vp.Height(), v.vp.TotalLineCount())
		keys = fmt.Sprintf("lines %d–%d of %d · ↑/↓ pgup/pgdn", first, last, v.vp.TotalLineCount())
	}
	head := view.Head(v.C, "Working", "DCG and IDCG term by term", keys, w)
	out := head + "\n" + v.vp.View()
	if pinned {
		out += "\n" + st.Title.Render(v.result)
	}
	return layout.Block(out, w, h)
}
