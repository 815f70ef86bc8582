package ui

import (
	"cmp"
	"fmt"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/ndcg-explorer/ndcg-explorer/listio"
	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
	"github.com/ndcg-explorer/ndcg-explorer/trec"
)

// The smallest terminal the query list draws in; below it, it says so.
// (An opened query needs the explorer's own minimum.)
const (
	BrowserMinWidth  = 40
	BrowserMinHeight = 8
)

// BrowserOptions start the query browser on a qrels and run pair.
type BrowserOptions struct {
	Qrels, Run string
	// Open reads one query for the explorer; nil reads it from Qrels and
	// Run as TREC files.
	Open func(qid string) (*listio.Document, error)
	// Mean names whose mean the status line shows ("" for trec_eval's
	// "all").
	Mean string
	// Settings are the conventions a query opens with in the explorer:
	// trec_eval's (trec.Settings), unless the command line changed them.
	Settings ndcg.Settings
	ASCII    bool
	NoColor  bool
	// Markdown writes a query's report for the explorer's copy key.
	Markdown MarkdownReport
}

// sortKey is a column the list can be sorted by.
type sortKey int

const (
	byNDCG sortKey = iota
	bySpread
	byMissed
	byQID
	nSortKeys
)

func (s sortKey) String() string {
	return [...]string{"NDCG", "tie spread", "unretrieved relevant", "query id"}[s]
}

// browserKeys are the query list's keys. Moving, help and quitting are
// the explorer's own bindings from the one key map, so that a key means
// the same on both screens; the list adds only what the explorer has
// no use for.
type browserKeys struct {
	Up, Down, PageUp, PageDown, Top, Bottom key.Binding
	Open, Back, Sort, Reverse, Filter       key.Binding
	Help, Quit                              key.Binding
}

func newBrowserKeys(k KeyMap) browserKeys {
	b := func(keys []string, help, desc string) key.Binding {
		return key.NewBinding(key.WithKeys(keys...), key.WithHelp(help, desc))
	}
	top, bottom := k.Top, k.Bottom
	top.SetHelp("home", "first query")
	bottom.SetHelp("end", "last query")
	return browserKeys{
		Up: k.Up, Down: k.Down, PageUp: k.PageUp, PageDown: k.PageDown, Top: top, Bottom: bottom,
		Open:    b([]string{"enter"}, "enter", "open"),
		Back:    b([]string{"esc"}, "esc", "back / clear filter"),
		Sort:    b([]string{"s", "tab"}, "s", "sort by"),
		Reverse: b([]string{"r"}, "r", "reverse"),
		Filter:  b([]string{"/"}, "/", "filter"),
		Help:    k.Help,
		Quit:    k.Quit,
	}
}

func (k browserKeys) ShortHelp() []key.Binding {
	return []key.Binding{k.Up, k.Open, k.Sort, k.Reverse, k.Filter, k.Help, k.Quit}
}

func (k browserKeys) FullHelp() [][]key.Binding {
	return [][]key.Binding{
		{k.Up, k.Down, k.PageUp, k.PageDown, k.Top, k.Bottom},
		{k.Open, k.Back, k.Sort, k.Reverse, k.Filter, k.Help, k.Quit},
	}
}

// queryRow is one query of the list, its cells formatted once: the
// values never change while the program runs, so a frame only copies.
type queryRow struct {
	qid    string
	lower  string // the query id in lower case, for the filter
	res    trec.QueryResult
	spread float64
	cells  [nCols]string
}

// The list's columns after the query id, in the order they are drawn.
const (
	colDocs = iota
	colNDCG
	colWorst
	colBest
	colSpread
	colRel
	colMissed
	nCols
)

// baseWidths are the columns' widths; NDCG's grows with its heading.
var baseWidths = [nCols]int{5, 7, 6, 6, 7, 7, 7}

// dropOrder is the order columns leave a narrow terminal: the least
// needed first; the query id, NDCG, spread and unretrieved count stay.
var dropOrder = []int{colWorst, colBest, colDocs, colRel}

// tieEps separates a real spread from the rounding noise of subtracting
// two sums of the same terms in different orders.
const tieEps = 1e-12

// Browser is the root model of `ndcg-explorer --qrels Q --run R`: the
// run's queries in a list; Enter opens one in the explorer, Esc returns.
type Browser struct {
	opts   BrowserOptions
	res    *trec.Result
	rows   []queryRow
	tied   int // queries whose value depends on tie order
	qidMax int // the longest query id, in cells

	// order holds the indices of the rows shown, filtered and sorted.
	order   []int
	sortBy  sortKey
	reverse bool
	// orders holds every row sorted by each key, made when first used.
	orders [nSortKeys][]int32
	cursor int // index into order
	offset int // first row drawn

	filter    textinput.Model
	filtering bool

	keys     browserKeys
	styles   Styles
	warn     ink
	help     help.Model
	keysHelp overlay // the full help, open after ?
	confirm  bool    // asking whether to quit with edited queries

	status status

	width, height int
	cols          []int // the columns that fit, in order
	colW          [nCols]int
	qidW          int
	isDark        bool
	bg            *tea.BackgroundColorMsg

	// The opened queries keep their explorer, edits and undo history
	// included, so that leaving a query with Esc loses nothing.
	opened  map[string]*Model
	current *Model // the explorer on screen; nil on the list
	// last is the explorer most recently on screen: a message that
	// arrives after Esc (a save finishing) belongs to it.
	last    *Model
	loading string // the query being read, if any
}

// NewBrowser lists the queries of res, the run o.Run evaluated against
// o.Qrels by trec.Browse.
func NewBrowser(o BrowserOptions, res *trec.Result) *Browser {
	b := &Browser{opts: o, res: res, isDark: true, help: help.New(), opened: map[string]*Model{}}
	b.keys = newBrowserKeys(DefaultKeyMap())
	b.colW = baseWidths
	b.colW[colNDCG] = max(b.colW[colNDCG], 1+len(b.ndcgHead()))
	b.rows = make([]queryRow, len(res.Queries))
	for i, qr := range res.Queries {
		r := &b.rows[i]
		r.qid, r.lower, r.res = qr.QID, strings.ToLower(qr.QID), qr
		band := qr.Bands[0]
		r.spread = band.Spread()
		if r.spread < tieEps {
			r.spread = 0
		} else {
			b.tied++
		}
		r.cells = [nCols]string{
			colDocs:   strconv.Itoa(qr.Retrieved),
			colNDCG:   fixed(qr.Values[0], 4),
			colWorst:  fixed(band.Worst, 4),
			colBest:   fixed(band.Best, 4),
			colSpread: fixed(r.spread, 4),
			colRel:    fmt.Sprintf("%d/%d", qr.RelevantRetrieved, qr.Relevant),
			colMissed: strconv.Itoa(qr.UnretrievedRelevant()),
		}
		if r.spread == 0 {
			r.cells[colSpread] = "-"
		}
		b.qidMax = max(b.qidMax, ansi.StringWidth(shown(qr.QID)))
	}
	in := textinput.New()
	in.Prompt = "/ "
	in.Placeholder = "query id"
	st := in.Styles()
	st.Cursor.Blink = false
	in.SetStyles(st)
	b.filter = in
	b.restyle()
	b.refilter()
	b.status.text = fmt.Sprintf("%s. enter opens the selected query in the explorer; s sorts, / filters, ? lists every key.", plural(len(b.rows), "query", "queries"))
	return b
}

func (b *Browser) restyle() {
	b.styles = NewStyles(b.isDark, !b.opts.NoColor)
	b.warn = inkOf(b.styles.Warn)
	b.help.Styles = b.styles.Help
	b.layoutHelp()
}

// Init asks the terminal for its background, to pick light or dark styles.
func (b *Browser) Init() tea.Cmd { return tea.RequestBackgroundColor }

// queryLoadedMsg brings a query read from the files, ready to explore.
type queryLoadedMsg struct {
	qid string
	doc *listio.Document
	err error
}

// Update routes a message to the explorer on screen, or handles it on
// the list.
func (b *Browser) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		b.width, b.height = msg.Width, msg.Height
		b.layout()
		if b.current != nil {
			b.current.Update(msg)
		}
		return b, nil
	case tea.BackgroundColorMsg:
		b.isDark = msg.IsDark()
		b.bg = &msg
		b.restyle()
		for _, m := range b.opened {
			m.Update(msg)
		}
		return b, nil
	case queryLoadedMsg:
		return b, b.loaded(msg)
	case tea.KeyPressMsg:
		if b.current != nil {
			if key.Matches(msg, b.keys.Back) && !b.current.CapturesEsc() {
				b.back()
				return b, nil
			}
			if key.Matches(msg, b.keys.Quit) && !b.current.CapturesEsc() && b.editedElsewhere() {
				// The explorer asks only about its own edits: the other
				// queries' are asked about on the list.
				b.back()
				return b, b.handleKey(msg)
			}
			_, cmd := b.current.Update(msg)
			return b, cmd
		}
		return b, b.handleKey(msg)
	}
	if b.current != nil {
		_, cmd := b.current.Update(msg)
		return b, cmd
	}
	switch msg := msg.(type) {
	case tea.MouseWheelMsg:
		switch msg.Button {
		case tea.MouseWheelUp:
			b.move(-1)
		case tea.MouseWheelDown:
			b.move(1)
		}
		return b, nil
	case tea.MouseClickMsg:
		return b, b.click(msg)
	case tea.PasteMsg:
		if b.filtering {
			var cmd tea.Cmd
			b.filter, cmd = b.filter.Update(msg)
			b.refilter()
			return b, cmd
		}
		return b, nil
	}
	// Anything else on the list is the filter's (its cursor) or belongs
	// to the explorer last on screen (a save that finished after Esc):
	// each ignores the other's messages.
	var cmds []tea.Cmd
	if b.filtering {
		var cmd tea.Cmd
		b.filter, cmd = b.filter.Update(msg)
		cmds = append(cmds, cmd)
	}
	if b.last != nil {
		_, cmd := b.last.Update(msg)
		cmds = append(cmds, cmd)
	}
	return b, tea.Batch(cmds...)
}

// clickHead sorts by the column clicked, or reverses the order when it
// is the column already sorted by.
func (b *Browser) clickHead(x int) tea.Cmd {
	keyOf := map[int]sortKey{colNDCG: byNDCG, colSpread: bySpread, colMissed: byMissed}
	by, ok := byQID, x < 2+b.qidW
	for pos, i := 2+b.qidW, 0; !ok && i < len(b.cols); i++ {
		c := b.cols[i]
		pos += 1 + b.colW[c]
		if x < pos {
			by, ok = keyOf[c]
			if !ok {
				return nil
			}
		}
	}
	if !ok {
		return nil
	}
	if by == b.sortBy {
		b.reverse = !b.reverse
	} else {
		b.sortBy, b.reverse = by, false
	}
	b.refilter()
	b.setStatus("sorted by "+b.sortLabel(), false)
	return nil
}

// click selects the row clicked; a click on the selected row opens it.
func (b *Browser) click(msg tea.MouseClickMsg) tea.Cmd {
	if msg.Button != tea.MouseLeft || b.keysHelp.open || b.confirm {
		return nil
	}
	const headRow, firstRow = 2, 3 // below the title and the summary
	if msg.Y == headRow {
		return b.clickHead(msg.X)
	}
	i := b.offset + msg.Y - firstRow
	if msg.Y < firstRow || msg.Y >= firstRow+b.rowsShown() || i >= len(b.order) {
		return nil
	}
	if i == b.cursor {
		return b.open()
	}
	b.cursor = i
	b.clamp()
	return nil
}

func (b *Browser) handleKey(msg tea.KeyPressMsg) tea.Cmd {
	k := b.keys
	switch {
	case b.confirm:
		switch {
		case key.Matches(msg, quitKeys.Quit):
			return tea.Quit
		case key.Matches(msg, quitKeys.Stay):
			b.confirm = false
			b.setStatus("not quitting", false)
		}
		return nil
	case b.keysHelp.open:
		switch {
		case key.Matches(msg, k.Help, k.Back, k.Quit):
			b.keysHelp.open = false
		case key.Matches(msg, k.Up):
			b.keysHelp.scroll(-1)
		case key.Matches(msg, k.Down):
			b.keysHelp.scroll(1)
		}
		return nil
	case b.filtering && msg.String() != "ctrl+c":
		return b.filterKey(msg)
	}
	switch {
	case key.Matches(msg, k.Quit):
		if edited := b.edited(); len(edited) > 0 {
			b.confirm = true
			what := fmt.Sprintf("Edited queries not saved (%s)", strings.Join(edited, ", "))
			b.setStatus(quitKeys.ask(what, as(quitKeys.Quit, "y", "quit"), quitKeys.Stay), true)
			return nil
		}
		return tea.Quit
	case key.Matches(msg, k.Help):
		b.keysHelp.show("Keys of the query list", "(? or esc closes)", b.helpText(b.width), b.width, b.height-browserChrome+1)
	case key.Matches(msg, k.Up):
		b.move(-1)
	case key.Matches(msg, k.Down):
		b.move(1)
	case key.Matches(msg, k.PageUp):
		b.move(-b.rowsShown())
	case key.Matches(msg, k.PageDown):
		b.move(b.rowsShown())
	case key.Matches(msg, k.Top):
		b.move(-len(b.order))
	case key.Matches(msg, k.Bottom):
		b.move(len(b.order))
	case key.Matches(msg, k.Sort):
		b.sortBy = (b.sortBy + 1) % nSortKeys
		b.reverse = false
		b.refilter()
		b.setStatus("sorted by "+b.sortLabel(), false)
	case key.Matches(msg, k.Reverse):
		b.reverse = !b.reverse
		b.refilter()
		b.setStatus("sorted by "+b.sortLabel(), false)
	case key.Matches(msg, k.Filter):
		b.filtering = true
		b.setStatus("type part of a query id · enter opens the selected query · esc clears", false)
		return b.filter.Focus()
	case key.Matches(msg, k.Back):
		if b.filter.Value() != "" {
			b.filter.SetValue("")
			b.refilter()
			b.setStatus("filter cleared", false)
		}
	case key.Matches(msg, k.Open):
		return b.open()
	}
	return nil
}

// filterKey edits the filter; the list follows every keystroke.
func (b *Browser) filterKey(msg tea.KeyPressMsg) tea.Cmd {
	k := b.keys
	switch {
	case key.Matches(msg, k.Back):
		b.filtering = false
		b.filter.Blur()
		b.filter.SetValue("")
		b.refilter()
		b.setStatus("filter cleared", false)
		return nil
	case key.Matches(msg, k.Open):
		b.filtering = false
		b.filter.Blur()
		return b.open()
	case msg.String() == "up" || msg.String() == "down":
		// Arrows pick among the matches while typing; j and k are text.
		if msg.String() == "up" {
			b.move(-1)
		} else {
			b.move(1)
		}
		return nil
	}
	before := b.filter.Value()
	var cmd tea.Cmd
	b.filter, cmd = b.filter.Update(msg)
	if b.filter.Value() != before {
		b.refilter()
	}
	return cmd
}

func (b *Browser) setStatus(text string, isErr bool) { b.status.set(text, isErr) }

// Unsaved is the explorers of the opened queries with edits not saved,
// in query order.
func (b *Browser) Unsaved() []*Model {
	var out []*Model
	for _, qid := range b.editedQIDs() {
		out = append(out, b.opened[qid])
	}
	return out
}

// editedQIDs lists the opened queries with edits not saved, in query
// order, as the data names them.
func (b *Browser) editedQIDs() []string {
	var out []string
	for qid, m := range b.opened {
		if m.Workspace().Dirty() {
			out = append(out, qid)
		}
	}
	slices.Sort(out)
	return out
}

// edited lists the opened queries with edits not saved, in query order,
// as the screen shows them.
func (b *Browser) edited() []string {
	out := b.editedQIDs()
	for i := range out {
		out[i] = shown(out[i])
	}
	return out
}

// editedElsewhere reports whether a query other than the one on screen
// has edits not saved.
func (b *Browser) editedElsewhere() bool {
	for _, m := range b.opened {
		if m != b.current && m.Workspace().Dirty() {
			return true
		}
	}
	return false
}

// selected is the row under the cursor, or nil when none is shown.
func (b *Browser) selected() *queryRow {
	if b.cursor < 0 || b.cursor >= len(b.order) {
		return nil
	}
	return &b.rows[b.order[b.cursor]]
}

// open shows the selected query in the explorer: the one already opened
// (with its edits), or a fresh one read from the files in a command.
func (b *Browser) open() tea.Cmd {
	r := b.selected()
	if r == nil {
		b.setStatus("no query to open: the filter matches none (esc clears it)", true)
		return nil
	}
	if m, ok := b.opened[r.qid]; ok {
		b.show(m, r.qid)
		return nil
	}
	if b.loading != "" {
		return nil
	}
	b.loading = r.qid
	b.setStatus("reading query "+shown(r.qid)+"…", false)
	qrels, run, qid, open := b.opts.Qrels, b.opts.Run, r.qid, b.opts.Open
	return func() tea.Msg {
		if open != nil {
			doc, err := open(qid)
			return queryLoadedMsg{qid: qid, doc: doc, err: err}
		}
		doc, err := listio.LoadTRECQuery(qrels, run, qid)
		return queryLoadedMsg{qid: qid, doc: doc, err: err}
	}
}

func (b *Browser) loaded(msg queryLoadedMsg) tea.Cmd {
	b.loading = ""
	if msg.err != nil {
		b.setStatus("cannot open query "+shown(msg.qid)+": "+msg.err.Error(), true)
		return nil
	}
	m := New(Options{Doc: msg.doc, Settings: b.opts.Settings, ASCII: b.opts.ASCII, NoColor: b.opts.NoColor,
		SaveName: querySaveName(b.opts.Run, msg.qid), Markdown: b.opts.Markdown})
	if b.bg != nil {
		m.Update(*b.bg)
	}
	b.opened[msg.qid] = m
	b.show(m, msg.qid)
	return nil
}

// querySaveName is the file save as suggests for a query: the run's
// name and the query id, so that each query saved from one run gets a
// file of its own (run.txt, query 301: run-301.json). Characters a file
// name should not hold become _.
func querySaveName(run, qid string) string {
	base := filepath.Base(run)
	if ext := filepath.Ext(base); ext != "" && ext != base {
		base = strings.TrimSuffix(base, ext)
	}
	safe := strings.Map(func(r rune) rune {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', r == '-', r == '_', r == '.':
			return r
		}
		return '_'
	}, qid)
	return base + "-" + safe + ".json"
}

func (b *Browser) show(m *Model, qid string) {
	b.current, b.last = m, m
	m.Update(tea.WindowSizeMsg{Width: b.width, Height: b.height})
	m.c.SetStatus(fmt.Sprintf("esc: back to the query list · query %s: %s", shown(qid), shown(m.c.WS.Doc.Notes)), false)
}

// back leaves the explorer for the list, the cursor on the same query.
func (b *Browser) back() {
	qid := ""
	for id, m := range b.opened {
		if m == b.current {
			qid = id
		}
	}
	b.current = nil
	msg := "back from query " + shown(qid)
	if b.opened[qid].Workspace().Dirty() {
		msg += " (its edits are kept: enter returns to them)"
	}
	b.setStatus(msg, false)
}

// refilter recomputes the rows shown after the filter or the order
// changed, keeping the cursor on the same query when it is still shown.
// It is one pass over the rows in the order already sorted: a keystroke
// in the filter never sorts.
func (b *Browser) refilter() {
	keep := b.selected()
	f := strings.ToLower(b.filter.Value())
	sorted := b.sorted(b.sortBy)
	b.order = b.order[:0]
	for j := range sorted {
		if b.reverse {
			j = len(sorted) - 1 - j
		}
		i := int(sorted[j])
		if f == "" || strings.Contains(b.rows[i].lower, f) {
			b.order = append(b.order, i)
		}
	}
	b.follow(keep)
}

// sorted is every row in the key's natural order (the queries to look at
// first: low NDCG, large spread, many unretrieved), query id breaking
// ties; reverse reads it backwards. Each order is sorted once, when
// first asked for, since the values never change.
func (b *Browser) sorted(by sortKey) []int32 {
	if b.orders[by] != nil {
		return b.orders[by]
	}
	rows := b.rows
	order := make([]int32, len(rows))
	for i := range order {
		order[i] = int32(i)
	}
	var key func(r *queryRow) float64
	switch by {
	case byNDCG:
		key = func(r *queryRow) float64 { return r.res.Values[0] }
	case bySpread:
		key = func(r *queryRow) float64 { return -r.spread }
	case byMissed:
		key = func(r *queryRow) float64 { return -float64(r.res.UnretrievedRelevant()) }
	default:
		key = func(*queryRow) float64 { return 0 }
	}
	// Rows are in query id order already (trec_eval's), so a stable
	// sort on the value alone breaks ties by query id.
	slices.SortStableFunc(order, func(x, y int32) int {
		return cmp.Compare(key(&rows[x]), key(&rows[y]))
	})
	b.orders[by] = order
	return order
}

func (b *Browser) sortLabel() string {
	dirs := [...][2]string{{"lowest first", "highest first"}, {"largest first", "smallest first"},
		{"most first", "fewest first"}, {"ascending", "descending"}}
	d := 0
	if b.reverse {
		d = 1
	}
	return b.sortBy.String() + ", " + dirs[b.sortBy][d]
}

// follow puts the cursor on row r if it is shown, else on the first row.
func (b *Browser) follow(r *queryRow) {
	b.cursor = 0
	if r != nil {
		for i, idx := range b.order {
			if &b.rows[idx] == r {
				b.cursor = i
				break
			}
		}
	}
	b.clamp()
}

func (b *Browser) move(d int) {
	b.cursor += d
	b.clamp()
}

// clamp keeps the cursor on a row and the row on screen.
func (b *Browser) clamp() {
	n := len(b.order)
	b.cursor = max(min(b.cursor, n-1), 0)
	b.offset = scrollTo(b.offset, b.cursor, n, b.rowsShown())
}

// The screen: title, summary, column heads, rows, status, help.
const browserChrome = 5

func (b *Browser) rowsShown() int { return max(b.height-browserChrome, 1) }

// layout picks the columns that fit the width; it runs on resize only.
func (b *Browser) layout() {
	b.help.SetWidth(b.width)
	b.layoutHelp()
	// Room for the prompt and the count of matches after the text.
	b.filter.SetWidth(max(b.width-24, 1))
	shown := [nCols]bool{}
	for i := range shown {
		shown[i] = true
	}
	const markW, qidMin = 2, 6
	need := func() int {
		w := markW + qidMin
		for c, on := range shown {
			if on {
				w += 1 + b.colW[c]
			}
		}
		return w
	}
	for _, c := range dropOrder {
		if need() <= b.width {
			break
		}
		shown[c] = false
	}
	b.cols = b.cols[:0]
	rest := b.width - markW
	for c, on := range shown {
		if on {
			b.cols = append(b.cols, c)
			rest -= 1 + b.colW[c]
		}
	}
	// The id column takes what the longest id needs, and no more: the
	// numbers stay next to the ids they belong to on a wide terminal.
	b.qidW = max(min(rest, max(b.qidMax, len("query")+1)), 1)
	b.clamp()
}

// View draws the list, or the explorer on the query opened.
func (b *Browser) View() tea.View {
	if b.current != nil {
		return b.current.View()
	}
	return frameView(b.render(), "ndcg-explorer: queries of "+b.opts.Run)
}

func (b *Browser) render() string {
	w, h := b.width, b.height
	if w <= 0 || h <= 0 {
		return ""
	}
	if w < BrowserMinWidth || h < BrowserMinHeight {
		return tooSmall("The query list", w, h, BrowserMinWidth, BrowserMinHeight)
	}
	body := h - browserChrome
	var main string
	if b.keysHelp.open {
		main = b.keysHelp.view(b.styles, w, body+1)
	} else {
		main = b.headLine() + "\n" + b.rowsView(body)
	}
	parts := []string{
		b.titleLine(w),
		b.summaryLine(w),
		block(main, w, body+1),
		b.statusLine(w),
		footerLine(&b.help, b.keys.ShortHelp(), b.keys.Help, b.keys.Quit, w),
	}
	return strings.Join(parts, "\n")
}

func (b *Browser) titleLine(w int) string {
	st := b.styles
	files := func(run, qrels string) string { return " queries of " + run + " judged by " + qrels }
	line := st.Title.Render("ndcg-explorer") + files(b.opts.Run, b.opts.Qrels)
	if ansi.StringWidth(line) > w {
		line = st.Title.Render("ndcg-explorer") + files(filepath.Base(b.opts.Run), filepath.Base(b.opts.Qrels))
	}
	return ansi.Truncate(line, w, "…")
}

// summaryLine says what the numbers are and gives the run's mean, which
// is trec_eval's `all` line for the same measure.
func (b *Browser) summaryLine(w int) string {
	res := b.res
	band := res.AllBands[0]
	queries := plural(len(b.rows), "query", "queries")
	mean := fmt.Sprintf("mean %s = %s", b.ndcgHead(), fixed(res.All[0], 4))
	tied := fmt.Sprintf("%d tied", b.tied)
	skipped := ""
	if n := len(res.Skipped); n > 0 {
		skipped = fmt.Sprintf("%d only in qrels, skipped", n)
	}
	whose := "trec_eval all"
	if b.opts.Mean != "" {
		whose = b.opts.Mean
	}
	candidates := [][]string{
		{queries, mean + " (" + whose + ")", fmt.Sprintf("%s on tie order: mean %s–%s", dependCount(b.tied), fixed(band.Worst, 4), fixed(band.Best, 4)), skipped},
		{queries, mean + " (" + whose + ")", dependCount(b.tied) + " on tie order", skipped},
		{queries, mean + " (" + whose + ")", tied},
		{queries, mean, tied},
	}
	line := ""
	for _, c := range candidates {
		if line = joinNonEmpty(c, " · "); ansi.StringWidth(line) <= w {
			break
		}
	}
	return b.styles.Subtle.Render(ansi.Truncate(line, w, "…"))
}

func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return strconv.Itoa(n) + " " + many
}

func dependCount(n int) string {
	if n == 1 {
		return "1 depends"
	}
	return strconv.Itoa(n) + " depend"
}

// ndcgHead names the measure: NDCG@k, or NDCG for the whole ranking.
func (b *Browser) ndcgHead() string {
	if k := b.res.Columns[0].K; k > 0 {
		return "NDCG@" + strconv.Itoa(k)
	}
	return "NDCG"
}

func (b *Browser) headLine() string {
	heads := [nCols]string{colDocs: "docs", colNDCG: b.ndcgHead(), colWorst: "worst", colBest: "best",
		colSpread: "spread", colRel: "ret/rel", colMissed: "missed"}
	sorted := map[sortKey]int{byNDCG: colNDCG, bySpread: colSpread, byMissed: colMissed}
	// The arrow points the way the values grow down the list.
	ascending := (b.sortBy == byNDCG || b.sortBy == byQID) != b.reverse
	arrow := map[bool]string{true: "▲", false: "▼"}[ascending]
	if b.opts.ASCII {
		arrow = map[bool]string{true: "^", false: "v"}[ascending]
	}
	qid := "query"
	if b.sortBy == byQID {
		qid += arrow
	}
	var sb strings.Builder
	sb.WriteString("  ")
	sb.WriteString(padRight(ansi.Truncate(qid, b.qidW, ""), b.qidW))
	for _, c := range b.cols {
		h := heads[c]
		if c2, ok := sorted[b.sortBy]; ok && c2 == c {
			h = arrow + h
		}
		sb.WriteByte(' ')
		sb.WriteString(padLeft(ansi.Truncate(h, b.colW[c], ""), b.colW[c]))
	}
	return b.styles.Header.Render(ansi.Truncate(sb.String(), b.width, ""))
}

// rowsView draws the visible rows only: a frame costs the same for a
// run of ten queries as for one of ten thousand.
func (b *Browser) rowsView(h int) string {
	if len(b.order) == 0 {
		if len(b.rows) == 0 {
			return b.styles.Subtle.Render("  (no query is in both files)")
		}
		return b.styles.Subtle.Render(fmt.Sprintf("  no query id contains %q (esc clears the filter)", b.filter.Value()))
	}
	lines := make([]string, 0, h)
	for i := b.offset; i < len(b.order) && len(lines) < h; i++ {
		lines = append(lines, b.rowView(i))
	}
	return strings.Join(lines, "\n")
}

func (b *Browser) rowView(i int) string {
	r := &b.rows[b.order[i]]
	st := b.styles
	cur := i == b.cursor
	var sb strings.Builder
	mark := "  "
	if m, ok := b.opened[r.qid]; ok && m.Workspace().Dirty() {
		mark = " *"
	}
	if cur {
		mark = ">" + mark[1:]
	}
	sb.WriteString(mark)
	qid := shown(r.qid)
	if ansi.StringWidth(qid) > b.qidW {
		qid = ansi.Truncate(qid, b.qidW, "…")
	}
	sb.WriteString(padRight(qid, b.qidW))
	for _, c := range b.cols {
		sb.WriteByte(' ')
		cell := padLeft(r.cells[c], b.colW[c])
		// Colour is a second signal only: the spread and the count are
		// printed, so the row reads the same without it.
		switch {
		case cur:
		case c == colSpread && r.spread > 0:
			cell = st.tie.paint(cell)
		case c == colMissed && r.res.UnretrievedRelevant() > 0:
			cell = b.warn.paint(cell)
		}
		sb.WriteString(cell)
	}
	if cur {
		return st.cursor.paint(sb.String())
	}
	return sb.String()
}

func (b *Browser) statusLine(w int) string {
	st := b.styles
	if b.filtering {
		count := fmt.Sprintf("  %d of %d", len(b.order), len(b.rows))
		return ansi.Truncate(b.filter.View()+b.styles.Subtle.Render(count), w, "")
	}
	text := b.status.text
	if f := b.filter.Value(); f != "" && !b.status.err {
		text = fmt.Sprintf("filter %q: %d of %d queries · %s", f, len(b.order), len(b.rows), text)
	}
	return b.status.line(st, text, w)
}

// helpText is the query list's keys and what its columns mean, in w.
func (b *Browser) helpText(w int) string {
	st := b.styles
	body := b.help.FullHelpView(b.keys.FullHelp())
	notes := b.ndcgHead() + " is trec_eval's value (ties broken by docno); worst and best are " +
		"its range over the orders of tied documents, spread their difference. " +
		"ret/rel: relevant retrieved / relevant judged; missed: relevant not retrieved. " +
		"A query opens with trec_eval's conventions and its missed documents as the pool."
	var lines []string
	for _, l := range strings.Split(wrap(notes, w), "\n") {
		lines = append(lines, st.Subtle.Render(l))
	}
	return body + "\n\n" + strings.Join(lines, "\n")
}

// layoutHelp lays the open help out again for a new size or style sheet.
func (b *Browser) layoutHelp() {
	if b.keysHelp.open {
		b.keysHelp.set(b.helpText(b.width), b.width, b.height-browserChrome+1)
	}
}
