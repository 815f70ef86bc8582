package ui

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"

	"github.com/ndcg-explorer/ndcg-explorer/explain"
	"github.com/ndcg-explorer/ndcg-explorer/listio"
	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
	"github.com/ndcg-explorer/ndcg-explorer/verify"
	"github.com/ndcg-explorer/ndcg-explorer/workspace"
)

// checkView checks numbers a person computed by hand against the list
// under the conventions in force: claimed DCG, IDCG and NDCG typed into
// fields (or the claims the file carries), each marked ✓ or ✗ as it is
// typed, within the tolerance its digits imply. For a wrong claim it
// says which convention would give it, or where the arithmetic departs.
// The verify package does the checking; the view draws its report.
type checkView struct {
	c             *Common
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
}

// claimField is one typed claim.
type claimField struct {
	q  verify.Quantity
	in textinput.Model
	// fresh says the field holds a number it was given (the file's
	// claim, or one typed before the cursor left): the first character
	// typed replaces it, as in a spreadsheet cell.
	fresh bool
}

func newCheckView(c *Common) *checkView {
	v := &checkView{c: c, stale: true}
	for i, q := range []verify.Quantity{verify.DCG, verify.IDCG, verify.NDCG} {
		v.fields[i] = claimField{q: q, in: numberInput("type " + q.String())}
	}
	v.fields[0].in.Focus()
	if fileClaims(c.WS.Doc) != nil {
		v.loadFileNumbers()
	}
	return v
}

// fileClaimsKey loads the claims the file makes into the fields.
var fileClaimsKey = bind([]string{"f"}, "f", "the file's claims")

// ShortHelp is the check view's footer: digits type a number here, not
// a grade.
func (v *checkView) ShortHelp() []key.Binding {
	k := v.c.Keys
	return append([]key.Binding{as(k.Up, "↑/↓", "field"), as(k.Cancel, "esc", "clear"), fileClaimsKey}, k.tail(false)...)
}

// FullHelp is the key only the check view has.
func (v *checkView) FullHelp() [][]key.Binding { return [][]key.Binding{{fileClaimsKey}} }

func (v *checkView) SetSize(w, h int) {
	v.width, v.height = max(w, 0), max(h, 0)
	for i := range v.fields {
		// One cell for the cursor past the last character.
		v.fields[i].in.SetWidth(v.inputWidth() - 1)
	}
}

// inputWidth is the cells a field takes between its brackets.
func (v *checkView) inputWidth() int {
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
func (v *checkView) loadFileNumbers() {
	c := fileClaims(v.c.WS.Doc)
	for i, n := range []*listio.Number{c.DCG, c.IDCG, c.NDCG} {
		text := ""
		if n != nil {
			text = n.Text
			if text == "" {
				text = fmtNum(n.Value)
			}
		}
		v.fields[i].in.SetValue(text)
		v.fields[i].in.CursorEnd()
		v.fields[i].fresh = true
	}
	v.contributions = v.contributions[:0]
	for _, n := range c.Contributions {
		v.contributions = append(v.contributions, verify.Written{Value: n.Value, Text: n.Text})
	}
	v.fromFile = true
	v.stale = true
}

// claimSettings are the settings in force with the cutoff and gain the
// file's claims were made at, and whether they differ from those in force.
func (v *checkView) claimSettings() (ndcg.Settings, string, bool) {
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

func (v *checkView) Update(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case workspace.Edited:
		v.stale, v.quick = true, false
	case checkPausedMsg:
		if msg.typed == v.typed && v.quick {
			v.stale, v.quick = true, false
		}
	case tea.KeyPressMsg:
		return v.handleKey(msg)
	case tea.PasteMsg:
		f := &v.fields[v.focus]
		if f.fresh {
			f.in.SetValue("")
		}
		f.fresh = false
		f.in.SetValue(f.in.Value() + numberPaste(msg.Content))
		f.in.CursorEnd()
		return v.changed()
	}
	return nil
}

// Lists longer than quickFrom items are checked in two steps while a
// person types: the true values at once (one result already has them),
// the search for the convention or the slip behind a wrong claim (a
// dozen computations of the list) after a pause of checkPause.
const (
	quickFrom  = 20_000
	checkPause = 250 * time.Millisecond
)

// changed notes that a field changed.
func (v *checkView) changed() tea.Cmd {
	v.stale = true
	v.typed++
	if v.c.WS.N() < quickFrom {
		return nil
	}
	v.quick, v.typedAt = true, time.Now()
	typed := v.typed
	return tea.Tick(checkPause, func(time.Time) tea.Msg { return checkPausedMsg{typed: typed} })
}

func (v *checkView) handleKey(msg tea.KeyPressMsg) tea.Cmd {
	k := v.c.Keys
	switch {
	case key.Matches(msg, k.Up):
		v.setFocus(v.focus - 1)
	case key.Matches(msg, k.Down), key.Matches(msg, k.Confirm):
		v.setFocus(v.focus + 1)
	case key.Matches(msg, k.Cancel):
		v.fields[v.focus].in.SetValue("")
		v.fields[v.focus].fresh = false
		return v.changed()
	case key.Matches(msg, fileClaimsKey):
		v.applyFileClaims()
	case isEscThen(msg):
		c, _ := escThen(msg)
		v.fields[v.focus].in.SetValue(c)
		v.fields[v.focus].in.CursorEnd()
		v.fields[v.focus].fresh = false
		return v.changed()
	case numberKey(msg):
		f := &v.fields[v.focus]
		if f.fresh && msg.Text != "" {
			f.in.SetValue("")
		}
		f.fresh = false
		before := f.in.Value()
		var cmd tea.Cmd
		f.in, cmd = f.in.Update(msg)
		if f.in.Value() != before {
			return tea.Batch(cmd, v.changed())
		}
		return cmd
	}
	return nil
}

func (v *checkView) setFocus(i int) {
	n := len(v.fields)
	v.fields[v.focus].in.Blur()
	v.focus = (i%n + n) % n
	v.fields[v.focus].in.Focus()
	v.fields[v.focus].fresh = true
}

// applyFileClaims loads the file's claims and, when they were made at
// another k or gain, switches to those (one undoable edit).
func (v *checkView) applyFileClaims() {
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
func (v *checkView) claims() (verify.Claims, [3]string) {
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

// refresh checks the claims again after a keystroke or an edit.
func (v *checkView) refresh() {
	if !v.stale {
		return
	}
	v.stale = false
	v.report, v.err, v.work = nil, nil, nil
	ws := v.c.WS
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
	v.report, v.err = verify.Check(ws.List(), ws.Settings, c)
	if v.report != nil {
		v.work = explain.New(v.report.Result)
	}
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

func (v *checkView) verdict(q verify.Quantity) *verify.Verdict {
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

func (v *checkView) View() string {
	if v.width <= 0 || v.height <= 0 {
		return ""
	}
	if v.quick && time.Since(v.typedAt) >= checkPause {
		// The pause message went to another view: the pause is over anyway.
		v.stale, v.quick = true, false
	}
	v.refresh()
	st, ws := v.c.Styles, v.c.WS
	w := v.width
	wrapped := func(text string) []string { return strings.Split(wrap(text, w), "\n") }
	k := ws.Settings.KString()
	title := truncateCells(st.PanelTitle.Render("Check numbers worked out by hand")+
		st.Subtle.Render(" under the conventions in force (k="+k+", gain "+ws.Settings.Gain.String()+")"), w)
	source := wrapped(v.sourceLine())
	if ws.Result == nil {
		lines := concat([]string{title}, source, []string{""}, wrapped(st.Error.Render("cannot compute: ")+ws.Err.Error()))
		return block(strings.Join(lines, "\n"), w, v.height)
	}
	hint := wrapped(st.Subtle.Render("type a number · ↑/↓ or enter: next field · esc clears · f: the file's claims · the tolerance is half a unit of the last digit typed"))
	var contrib []string
	if l := v.contributionsLine(); l != "" {
		contrib = wrapped(l)
	}

	_, errs := v.claims()
	labelW := len("IDCG@" + k)
	inW := v.inputWidth()
	var whys [3][]string
	for i, f := range v.fields {
		if vd := v.verdict(f.q); vd != nil && !vd.Holds {
			if v.quick {
				whys[i] = []string{st.Subtle.Render("(looking for the convention or the slip behind it…)")}
			} else {
				whys[i] = v.why(vd, max(w-labelW-5, 20))
			}
		}
	}
	// Room for the explanations: the focused field's first, the others
	// cut to their first line when space is short.
	room := v.height - 1 - len(v.fields) - len(source) - 1 - len(hint) - 1
	for i := range whys {
		if i != v.focus && len(whys[i]) > 1 && v.explainLines(whys) > room {
			whys[i] = whys[i][:1]
		}
	}
	var fields []string
	for i, f := range v.fields {
		mark := " "
		if i == v.focus {
			mark = "▸"
			if v.c.ASCII {
				mark = ">"
			}
		}
		label := padRight(f.q.String()+"@"+k, labelW)
		fields = append(fields, wrapped(mark+" "+st.Header.Render(label)+" "+inputView(f.in, inW)+" "+v.result(f, errs[i]))...)
		for _, why := range whys[i] {
			fields = append(fields, strings.Repeat(" ", labelW+3)+why)
		}
	}
	// The fields come first; what says where the claims come from and
	// which keys do what follows when there is room.
	used := 1 + len(fields)
	fits := func(part []string) bool {
		if len(part) == 0 || used+len(part)+1 > v.height {
			return false
		}
		used += len(part) + 1
		return true
	}
	showSource, showContrib, showHint := fits(source), fits(contrib), fits(hint)
	lines := []string{title}
	if showSource {
		lines = append(lines, source...)
		lines = append(lines, "")
	}
	lines = append(lines, fields...)
	if showContrib {
		lines = append(lines, "")
		lines = append(lines, contrib...)
	}
	if showHint {
		lines = append(lines, "")
		lines = append(lines, hint...)
	}
	return block(strings.Join(lines, "\n"), w, v.height)
}

func (v *checkView) explainLines(whys [3][]string) int {
	n := 0
	for _, w := range whys {
		n += len(w)
	}
	return n
}

// sourceLine says where the claims come from and at what conventions
// the file made them.
func (v *checkView) sourceLine() string {
	st := v.c.Styles
	if fileClaims(v.c.WS.Doc) == nil {
		return st.Subtle.Render("Type the DCG, IDCG or NDCG you worked out: each is checked as you type.")
	}
	_, at, differ := v.claimSettings()
	where := "The file carries claims"
	if at != "" {
		where += " made at " + at
	}
	switch {
	case differ:
		return st.Warn.Render(where + ": press f to check them there (these fields are checked at the settings in force).")
	case v.fromFile:
		return st.Subtle.Render(where + ": they are in the fields; type over them to check your own.")
	}
	return st.Subtle.Render(where + ": f puts them back in the fields.")
}

// result is the verdict after a field: ✓ or ✗, the true value and the
// tolerance the digits imply.
func (v *checkView) result(f claimField, parseErr string) string {
	st := v.c.Styles
	vd := v.verdict(f.q)
	switch {
	case parseErr != "":
		return st.Warn.Render(parseErr)
	case vd == nil && strings.TrimSpace(f.in.Value()) == "":
		return st.Subtle.Render("(not claimed)")
	case vd == nil:
		if v.err != nil {
			return st.Error.Render(v.err.Error())
		}
		return ""
	}
	tol := "±" + strconv.FormatFloat(vd.Claim.Tolerance(), 'f', -1, 64)
	tv := trueText(vd.True, vd.Claim.Written)
	if vd.Holds {
		return verdictMark(v.c, true) + " true " + tv + st.Subtle.Render(" ("+tol+")")
	}
	return verdictMark(v.c, false) + " true " + tv + st.Subtle.Render(fmt.Sprintf(" (%s; off by %+.4f)", tol, vd.Claim.Value-vd.True))
}

// trueText prints a true value with two digits more than the claim, at
// least four decimals.
func trueText(x float64, w verify.Written) string {
	return strconv.FormatFloat(x, 'f', min(max(4, w.Decimals()+2), 12), 64)
}

// why explains a wrong claim in a few short lines: the claims it follows
// from, the conventions that give it, or where its arithmetic departs.
func (v *checkView) why(vd *verify.Verdict, width int) []string {
	var out []string
	add := func(s string) { out = append(out, strings.Split(wrap(s, width), "\n")...) }
	st := v.c.Styles
	if vd.Truncated {
		add(fmt.Sprintf("%s is the true value cut off after the digits, not rounded.", vd.Claim))
	}
	if q := vd.Quotient; q != nil {
		if q.Holds {
			inherits := v.inherits()
			add(fmt.Sprintf("= your DCG ÷ your IDCG (%s / %s = %.4f): the division is right%s.", q.DCG, q.IDCG, q.Value, inherits))
			if inherits != "" {
				// The slip upstream is the explanation, shown at its own field.
				return out
			}
		} else {
			add(fmt.Sprintf("Your DCG ÷ your IDCG is %s / %s = %.4f: a slip in the division too.", q.DCG, q.IDCG, q.Value))
		}
	}
	if len(vd.Matches) > 0 {
		head := "Given by "
		switch {
		case vd.Matches[0].Chance:
			head = "Maybe chance, given by "
		case len(vd.Matches[0].Changes) > 1:
			head = "No single convention gives it; together: "
		}
		for i, m := range vd.Matches[:min(2, len(vd.Matches))] {
			h := head
			if i > 0 {
				h = "or "
			}
			add(st.Warn.Render(h+matchText(m)) + fmt.Sprintf(" = %s", trueText(m.Value, vd.Claim.Written)))
		}
		if vd.Explained() {
			return out
		}
	}
	d := vd.Departure
	if d == nil {
		return out
	}
	if d.Rank > 0 && vd.Claim.Quantity != verify.Contribution {
		id := v.report.Result.Row(d.Rank - 1).Item.ID
		add(fmt.Sprintf("Your terms depart at rank %d (%s): %s, true %s.", d.Rank, id, d.Claimed, explain.Num(d.True)))
	}
	for _, sl := range d.Slips[:min(2, len(d.Slips))] {
		sum := "DCG"
		if sl.Ideal {
			sum = "IDCG"
		}
		add(fmt.Sprintf("Holds with one %s term changed: rank %d with %s (%s instead of %s).", sum, sl.Rank, sl.What, explain.Num(sl.Instead), explain.Num(sl.Term)))
	}
	if len(vd.Matches) == 0 && len(d.Slips) == 0 {
		add("No convention or single slip gives it. The true working:")
	} else {
		add("The true working:")
	}
	w := v.work
	for _, q := range d.Sums {
		switch q {
		case verify.DCG:
			out = append(out, strings.Split(w.DCG.Wrapped(width), "\n")...)
		case verify.IDCG:
			add("ideal order " + spellEntries(w.Ideal))
			out = append(out, strings.Split(w.IDCG.Wrapped(width), "\n")...)
		}
	}
	return out
}

// inherits names the wrong DCG or IDCG claims an NDCG claim follows from.
func (v *checkView) inherits() string {
	var wrong []string
	for _, o := range v.report.Verdicts {
		if !o.Holds && (o.Claim.Quantity == verify.DCG || o.Claim.Quantity == verify.IDCG) {
			wrong = append(wrong, o.Claim.Label(v.report.Settings.KString()))
		}
	}
	if len(wrong) == 0 {
		return ""
	}
	return ", it inherits the slip in " + strings.Join(wrong, " and ")
}

// matchText says a set of convention changes, and whose they are.
func matchText(m verify.Match) string {
	parts := make([]string, len(m.Changes))
	for i, c := range m.Changes {
		parts[i] = c.String()
	}
	s := strings.Join(parts, " and ")
	if len(m.Presets) > 0 {
		s += " [" + strings.Join(m.Presets, ", ") + "]"
	}
	return s
}

// spellEntries writes a ranking as id(grade), pool items marked.
func spellEntries(es []explain.Entry) string {
	var b strings.Builder
	for i, e := range es {
		if i == 12 && len(es) > 14 {
			fmt.Fprintf(&b, " … (%d more)", len(es)-12)
			break
		}
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(e.ID + "(" + fmtNum(e.Grade))
		if e.Pool {
			b.WriteString(", pool")
		}
		b.WriteByte(')')
	}
	return b.String()
}

// contributionsLine sums up the file's per-rank claims.
func (v *checkView) contributionsLine() string {
	if v.report == nil || !v.fromFile || len(v.contributions) == 0 {
		return ""
	}
	var bad []verify.Verdict
	n := 0
	for _, vd := range v.report.Verdicts {
		if vd.Claim.Quantity != verify.Contribution {
			continue
		}
		n++
		if !vd.Holds {
			bad = append(bad, vd)
		}
	}
	if n == 0 {
		return ""
	}
	if len(bad) == 0 {
		return verdictMark(v.c, true) + fmt.Sprintf(" the file's %d per-rank terms all hold", n)
	}
	b := bad[0]
	return verdictMark(v.c, false) + fmt.Sprintf(" %d of the file's %d per-rank terms do not hold; first at rank %d: claimed %s, true %s",
		len(bad), n, b.Claim.Rank, b.Claim.Written, explain.Num(b.True))
}
