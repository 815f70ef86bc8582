package browser

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/ndcg-explorer/ndcg-explorer/listio"
	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
	"github.com/ndcg-explorer/ndcg-explorer/trec"
	"github.com/ndcg-explorer/ndcg-explorer/ui"
	"github.com/ndcg-explorer/ndcg-explorer/ui/common"
	"github.com/ndcg-explorer/ndcg-explorer/ui/components/frame"
	"github.com/ndcg-explorer/ndcg-explorer/ui/components/layout"
	"github.com/ndcg-explorer/ndcg-explorer/ui/components/textfield"
)

// The smallest terminal the query list draws in; below it, it says so.
// (An opened query needs the explorer's own minimum.)
const (
	MinWidth  = 40
	MinHeight = 8
)

// Options start the query browser on a qrels and run pair.
type Options struct {
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
}

// filterPrompt stands before the filter field in the status line.
const filterPrompt = "/ "

// Model is the root model of `ndcg-explorer --qrels Q --run R`: the
// run's queries in a list; Enter opens one in the explorer, Esc returns.
type Model struct {
	opts   Options
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

	filter    textfield.Model
	filtering bool

	keys     common.BrowserKeys
	styles   common.Styles
	warn     common.Ink
	help     help.Model
	keysHelp frame.Overlay // the full help, open after ?
	confirm  bool          // asking whether to quit with edited queries
	question string        // that question, as the status line puts it
	keyTimes frame.KeyTimes

	status common.Status

	width, height int
	cols          []int // the columns that fit, in order
	colW          [nCols]int
	qidW          int
	isDark        bool
	bg            *tea.BackgroundColorMsg
	profile       *tea.ColorProfileMsg

	// The opened queries keep their explorer, edits and undo history
	// included, so that leaving a query with Esc loses nothing.
	opened  map[string]*ui.Model
	current *ui.Model // the explorer on screen; nil on the list
	frame   string    // the list as the last Update drew it
	// last is the explorer most recently on screen: a message that
	// arrives after Esc (a save finishing) belongs to it.
	last    *ui.Model
	loading string // the query being read, if any
}

// New lists the queries of res, the run o.Run evaluated against
// o.Qrels by trec.BrowseAs.
func New(o Options, res *trec.Result) *Model {
	b := &Model{opts: o, res: res, isDark: true, help: help.New(), opened: map[string]*ui.Model{}}
	b.keys = common.NewBrowserKeys(common.DefaultKeyMap())
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
			colNDCG:   layout.Fixed(qr.Values[0], 4),
			colWorst:  layout.Fixed(band.Worst, 4),
			colBest:   layout.Fixed(band.Best, 4),
			colSpread: layout.Fixed(r.spread, 4),
			colRel:    fmt.Sprintf("%d/%d", qr.RelevantRetrieved, qr.Relevant),
			colMissed: strconv.Itoa(qr.UnretrievedRelevant()),
		}
		if r.spread == 0 {
			r.cells[colSpread] = "-"
		}
		b.qidMax = max(b.qidMax, ansi.StringWidth(common.Shown(qr.QID)))
	}
	b.filter = textfield.New(1, "query id")
	b.restyle()
	b.refilter()
	b.status.Set(fmt.Sprintf("%s. enter opens the selected query in the explorer; s sorts, / filters, ? lists every key.", plural(len(b.rows), "query", "queries")), false)
	return b
}

func (b *Model) restyle() {
	b.styles = common.NewStyles(b.isDark, !b.opts.NoColor, b.opts.ASCII)
	b.warn = common.InkOf(b.styles.Warn)
	b.help.Styles = b.styles.Help
	b.layoutHelp()
}

// Init asks the terminal for its background, to pick light or dark styles.
func (b *Model) Init() tea.Cmd { return tea.RequestBackgroundColor }

// queryLoadedMsg brings a query read from the files, ready to explore.
type queryLoadedMsg struct {
	qid string
	doc *listio.Document
	err error
}

// Update routes a message to the explorer on screen, or handles it on
// the list, then draws the list for View to hand out.
func (b *Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg.(type) {
	case tea.KeyPressMsg:
		b.keyTimes.Press(frame.Now())
		b.status.Seen()
	case tea.MouseClickMsg, tea.PasteMsg:
		b.status.Seen()
	}
	_, cmd := b.update(msg)
	if b.current == nil {
		b.frame = b.render()
	}
	return b, cmd
}

func (b *Model) update(msg tea.Msg) (tea.Model, tea.Cmd) {
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
	case tea.ColorProfileMsg:
		b.profile = &msg
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
		if b.filtering && b.filter.Update(msg) {
			b.refilter()
		}
		return b, nil
	}
	// Anything else on the list belongs to the explorer last on screen
	// (a save that finished after Esc).
	if b.last != nil {
		_, cmd := b.last.Update(msg)
		return b, cmd
	}
	return b, nil
}

func (b *Model) setStatus(text string, isErr bool) { b.status.Set(text, isErr) }

// Unsaved is the explorers of the opened queries with edits not saved,
// in query order.
func (b *Model) Unsaved() []*ui.Model {
	var out []*ui.Model
	for _, qid := range b.editedQIDs() {
		out = append(out, b.opened[qid])
	}
	return out
}

// editedQIDs lists the opened queries with edits not saved, in query
// order, as the data names them.
func (b *Model) editedQIDs() []string {
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
func (b *Model) edited() []string {
	out := b.editedQIDs()
	for i := range out {
		out[i] = common.Shown(out[i])
	}
	return out
}

// editedElsewhere reports whether a query other than the one on screen
// has edits not saved.
func (b *Model) editedElsewhere() bool {
	for _, m := range b.opened {
		if m != b.current && m.Workspace().Dirty() {
			return true
		}
	}
	return false
}

// selected is the row under the cursor, or nil when none is shown.
func (b *Model) selected() *queryRow {
	if b.cursor < 0 || b.cursor >= len(b.order) {
		return nil
	}
	return &b.rows[b.order[b.cursor]]
}

// open shows the selected query in the explorer: the one already opened
// (with its edits), or a fresh one read from the files in a command.
func (b *Model) open() tea.Cmd {
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
	b.setStatus("reading query "+common.Shown(r.qid)+"…", false)
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

func (b *Model) loaded(msg queryLoadedMsg) tea.Cmd {
	b.loading = ""
	if msg.err != nil {
		b.setStatus("cannot open query "+common.Shown(msg.qid)+": "+msg.err.Error(), true)
		return nil
	}
	m := ui.New(ui.Options{Doc: msg.doc, Settings: b.opts.Settings, ASCII: b.opts.ASCII, NoColor: b.opts.NoColor})
	if b.bg != nil {
		m.Update(*b.bg)
	}
	if b.profile != nil {
		m.Update(*b.profile)
	}
	b.opened[msg.qid] = m
	b.show(m, msg.qid)
	return nil
}

func (b *Model) show(m *ui.Model, qid string) {
	b.current, b.last = m, m
	// The status first: the size message draws the screen that shows it.
	m.SetStatus(fmt.Sprintf("esc: back to the query list · query %s: %s", common.Shown(qid), common.Shown(m.Workspace().Doc.Notes)), false)
	m.Update(tea.WindowSizeMsg{Width: b.width, Height: b.height})
}

// back leaves the explorer for the list, the cursor on the same query.
func (b *Model) back() {
	qid := ""
	for id, m := range b.opened {
		if m == b.current {
			qid = id
		}
	}
	b.current = nil
	msg := "back from query " + common.Shown(qid)
	if b.opened[qid].Workspace().Dirty() {
		msg += " (its edits are kept: enter returns to them)"
	}
	b.setStatus(msg, false)
}
