package practice

import (
	"context"
	"errors"
	"slices"
	"strconv"
	"strings"
	"time"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/spinner"
	tea "charm.land/bubbletea/v2"

	"github.com/ndcg-explorer/ndcg-explorer/explain"
	"github.com/ndcg-explorer/ndcg-explorer/listio"
	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
	"github.com/ndcg-explorer/ndcg-explorer/ui/common"
	"github.com/ndcg-explorer/ndcg-explorer/ui/components/background"
	"github.com/ndcg-explorer/ndcg-explorer/ui/components/layout"
	"github.com/ndcg-explorer/ndcg-explorer/ui/components/textfield"
	"github.com/ndcg-explorer/ndcg-explorer/ui/views/view"
	"github.com/ndcg-explorer/ndcg-explorer/verify"
	"github.com/ndcg-explorer/ndcg-explorer/workspace"
)

// Check checks numbers a person computed by hand against the list
// under the conventions in force: claimed DCG, IDCG and NDCG typed into
// fields (or the claims the file carries), each marked ✓ or ✗ as it is
// typed, within the tolerance its digits imply. For a wrong claim it
// says which convention would give it, or where the arithmetic departs.
// The verify package does the checking; the view draws its report.
type Check struct {
	view.Drawn
	c             *common.Common
	width, height int

	fields [3]claimField
	focus  int
	// contributions are the per-rank terms the file claims, checked with
	// the fields while the file's claims are loaded.
	contributions []verify.Written
	fromFile      bool

	stale bool
	// quick marks a report of true values only, drawn while a person types
	// on a long list; typed numbers the search for explanations once the
	// typing pauses.
	quick   bool
	typed   int
	typedAt time.Time
	report  *verify.Report
	err     error
	work    *explain.Working
	// search says the full check waits to start off the update loop (a
	// long list: the search for explanations computes the list a dozen
	// times); job runs it.
	search bool
	job    background.Job
	// whys are the explanations of the report's verdicts as drawn for
	// whysKey: worded again only when the report, the width or the
	// styles change, not at each keystroke that moves the focus.
	whys    [3][]string
	whysKey whysKey
}

type whysKey struct {
	report        *verify.Report
	quick         bool
	width, styled int
}

// claimField is one typed claim.
type claimField struct {
	q verify.Quantity
	// in is selected when it holds a number it was given (the file's
	// claim, or one typed before the cursor left): the first character
	// typed replaces it, as in a spreadsheet cell.
	in textfield.Model
}

// NewCheck is the check view of c's workspace.
func NewCheck(c *common.Common) view.View {
	v := &Check{c: c, stale: true}
	for i, q := range []verify.Quantity{verify.DCG, verify.IDCG, verify.NDCG} {
		v.fields[i] = claimField{q: q, in: view.NumberInput("type " + q.String())}
	}
	v.fields[0].in.Focus()
	if fileClaims(c.WS.Doc) != nil {
		v.loadFileNumbers()
	}
	return v
}

// ShortHelp is the check view's footer: digits type a number here, not
// a grade.
func (v *Check) ShortHelp() []key.Binding {
	k := v.c.Keys
	return append([]key.Binding{common.As(k.Up, "↑/↓", "field"), common.As(k.Cancel, "esc", "clear"), fileClaimsKey}, k.Tail(false)...)
}

// FullHelp is the keys only the check view has: enter, which moves to
// the next field as ↓ does, is one of them here (it edits a score in
// the explorer), so the help lists it and it is not called a key that
// does nothing in this view.
func (v *Check) FullHelp() [][]key.Binding {
	return [][]key.Binding{{fileClaimsKey, common.As(v.c.Keys.Confirm, "enter", "next field")}}
}

func (v *Check) SetSize(w, h int) {
	v.width, v.height = max(w, 0), max(h, 0)
	for i := range v.fields {
		// One cell for the cursor past the last character.
		v.fields[i].in.SetWidth(v.inputWidth())
	}
}

// inputWidth is the cells a field takes between its brackets.
func (v *Check) inputWidth() int {
	if v.width < 70 {
		return 8 // leave the verdict room on a narrow screen
	}
	return 14
}

// fileClaims are the document's claims of DCG, IDCG, NDCG or terms, if any.
func fileClaims(d *listio.Document) *listio.Claims {
	c := d.Claims
	if c == nil || (c.DCG == nil && c.IDCG == nil && c.NDCG == nil && len(c.Contributions) == 0) {
		return nil
	}
	return c
}

// loadFileNumbers puts the file's claims in the fields, as written.
func (v *Check) loadFileNumbers() {
	c := fileClaims(v.c.WS.Doc)
	for i, n := range []*listio.Number{c.DCG, c.IDCG, c.NDCG} {
		text := ""
		if n != nil {
			text = n.Text
			if text == "" {
				text = layout.FmtNum(n.Value)
			}
		}
		v.fields[i].in.SetValue(text)
		v.fields[i].in.Select()
	}
	v.contributions = v.contributions[:0]
	for _, n := range c.Contributions {
		v.contributions = append(v.contributions, verify.Written{Value: n.Value, Text: n.Text})
	}
	v.fromFile = true
	v.markStale()
}

// markStale notes a change of the claims or the list: the report on
// screen, and any check running, are for an older state.
func (v *Check) markStale() {
	v.stale = true
	v.job.Changed()
}

// searching reports whether the explanations of wrong claims are being
// looked for off the update loop.
func (v *Check) searching() bool { return v.search || v.job.Running }

// claimSettings are the settings in force with the cutoff and gain the
// file's claims were made at, and whether they differ from those in force.
func (v *Check) claimSettings() (ndcg.Settings, string, bool) {
	s := v.c.WS.Settings
	c := fileClaims(v.c.WS.Doc)
	if c == nil {
		return s, "", false
	}
	var at []string
	if c.K != nil && *c.K >= 1 {
		s.K = *c.K
		at = append(at, "k="+strconv.Itoa(*c.K))
	}
	if c.Gain != nil {
		if g, err := ndcg.ParseGain(*c.Gain); err == nil {
			s.Gain = g
			at = append(at, "gain "+g.String())
		}
	}
	return s, strings.Join(at, ", "), !s.Equal(v.c.WS.Settings)
}

func (v *Check) Update(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case workspace.Edited:
		v.markStale()
		v.quick = false
	case PausedMsg:
		if msg.Typed == v.typed && v.quick {
			v.markStale()
			v.quick = false
		}
	case tea.KeyPressMsg:
		return v.handleKey(msg)
	case background.Done, spinner.TickMsg:
		cmd, _ := v.job.Update(msg)
		return cmd
	case tea.PasteMsg:
		if v.fields[v.focus].in.Insert(view.NumberPaste(msg.Content)) {
			return v.changed()
		}
	}
	return nil
}

// Lists longer than quickFrom items are checked in two steps while a
// person types: the true values at once (one result already has them),
// the search for the convention or the slip behind a wrong claim (a
// dozen computations of the list) after a pause of checkPause.
const (
	QuickFrom  = 20_000
	checkPause = 250 * time.Millisecond
)

// changed notes that a field changed.
func (v *Check) changed() tea.Cmd {
	v.markStale()
	v.typed++
	if v.c.WS.N() < QuickFrom {
		return nil
	}
	v.quick, v.typedAt = true, time.Now()
	typed := v.typed
	return tea.Tick(checkPause, func(time.Time) tea.Msg { return PausedMsg{Typed: typed} })
}

func (v *Check) handleKey(msg tea.KeyPressMsg) tea.Cmd {
	k := v.c.Keys
	switch {
	case key.Matches(msg, k.Up):
		v.setFocus(v.focus - 1)
	case key.Matches(msg, k.Down), key.Matches(msg, k.Confirm):
		v.setFocus(v.focus + 1)
	case key.Matches(msg, k.Cancel):
		v.fields[v.focus].in.SetValue("")
		return v.changed()
	case key.Matches(msg, fileClaimsKey):
		v.applyFileClaims()
	case view.IsEscThen(msg):
		c, _ := view.EscThen(msg)
		v.fields[v.focus].in.SetValue(c)
		return v.changed()
	case view.NumberKey(msg):
		if v.fields[v.focus].in.Update(msg) {
			return v.changed()
		}
	}
	return nil
}

func (v *Check) setFocus(i int) {
	n := len(v.fields)
	v.fields[v.focus].in.Blur()
	v.focus = (i%n + n) % n
	v.fields[v.focus].in.Focus()
	v.fields[v.focus].in.Select()
}

// applyFileClaims loads the file's claims and, when they were made at
// another k or gain, switches to those (one undoable edit).
func (v *Check) applyFileClaims() {
	if fileClaims(v.c.WS.Doc) == nil {
		v.c.SetStatus("this file has no claims: type your DCG, IDCG or NDCG in the fields", true)
		return
	}
	v.loadFileNumbers()
	s, at, differ := v.claimSettings()
	if differ {
		v.c.ApplyAside(v.c.WS.ChangeSettings(s))
		v.c.SetStatus("the file's claims, checked at "+at+" as they state (u undoes the switch)", false)
		return
	}
	v.c.SetStatus("the file's claims loaded", false)
}

// claims are the parsed fields; a field that is not a number is left
// out and its error kept.
func (v *Check) claims() (verify.Claims, [3]string) {
	var c verify.Claims
	var errs [3]string
	dst := [3]**verify.Written{&c.DCG, &c.IDCG, &c.NDCG}
	for i, f := range v.fields {
		t := strings.TrimSpace(f.in.Value())
		if t == "" {
			continue
		}
		w, err := verify.ParseWritten(t)
		if err != nil {
			errs[i] = "not a number yet"
			var comma *verify.CommaError
			if errors.As(err, &comma) {
				errs[i] = "use a point: " + comma.Point
			}
			continue
		}
		*dst[i] = &w
	}
	if v.fromFile {
		c.Contributions = v.contributions
	}
	return c, errs
}

// Refresh checks the claims again after a keystroke or an edit.
func (v *Check) Refresh() {
	if v.quick && time.Since(v.typedAt) >= checkPause {
		// The pause message went to another view: the pause is over anyway.
		v.markStale()
		v.quick = false
	}
	if !v.stale {
		return
	}
	ws := v.c.WS
	if ws.Pending() {
		// The result is still the one before the last change of settings:
		// no verdicts until the workspace's recomputation is back.
		v.report, v.err, v.work, v.search = nil, nil, nil, false
		return
	}
	v.stale, v.search = false, false
	v.report, v.err, v.work = nil, nil, nil
	if ws.Result == nil {
		return
	}
	c, _ := v.claims()
	if c.Empty() {
		return
	}
	if len(c.Contributions) > ws.Result.N {
		c.Contributions = nil // the list lost items since the file was read
	}
	if v.quick {
		v.report = quickReport(ws, c)
		return
	}
	if background.Needed(ws) {
		// The true values at once; the search for explanations follows.
		v.report, v.search = quickReport(ws, c), true
		return
	}
	v.report, v.err = verify.Check(ws.List(), ws.Settings, c)
	if v.report != nil {
		v.work = explain.New(v.report.Result)
	}
}

// StartWork runs the full check off the update loop on a long list.
func (v *Check) StartWork() tea.Cmd {
	if !v.search || v.job.Running {
		return nil
	}
	v.search = false
	ws := v.c.WS
	c, _ := v.claims()
	if len(c.Contributions) > ws.Result.N {
		c.Contributions = nil
	}
	c.Contributions = slices.Clone(c.Contributions) // loading the file's claims again reuses the array
	list, s := v.job.Snapshot(ws)
	return v.job.Start(func(ctx context.Context) func() {
		rep, err := verify.Check(list, s, c)
		if background.Cancelled(ctx) {
			return nil
		}
		var w *explain.Working
		if rep != nil {
			w = explain.New(rep.Result)
		}
		return func() { v.report, v.err, v.work = rep, err, w }
	})
}

// quickReport is the verdicts without explanations: each claim against
// the true value the workspace's result already holds.
func quickReport(ws *workspace.Workspace, c verify.Claims) *verify.Report {
	r := ws.Result
	rep := &verify.Report{Settings: ws.Settings, Result: r}
	for _, x := range []struct {
		q    verify.Quantity
		w    *verify.Written
		true float64
	}{{verify.DCG, c.DCG, r.DCG()}, {verify.IDCG, c.IDCG, r.IDCG()}, {verify.NDCG, c.NDCG, r.NDCG()}} {
		if x.w != nil {
			rep.Verdicts = append(rep.Verdicts, verify.Verdict{Claim: verify.Claim{Quantity: x.q, Written: *x.w}, True: x.true, Holds: x.w.Holds(x.true)})
		}
	}
	return rep
}

func (v *Check) verdict(q verify.Quantity) *verify.Verdict {
	if v.report == nil {
		return nil
	}
	for i := range v.report.Verdicts {
		if vd := &v.report.Verdicts[i]; vd.Claim.Quantity == q {
			return vd
		}
	}
	return nil
}

// The check view and the quiz type numbers into their fields.
func (v *Check) TakesNumbers() bool { return true }

// PausedMsg says typing in the check view paused: Typed is its
// keystroke count then, so a later keystroke makes the message stale.
type PausedMsg struct{ Typed int }
