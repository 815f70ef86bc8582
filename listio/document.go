package listio

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
	"github.com/ndcg-explorer/ndcg-explorer/trec"

	"github.com/ndcg-explorer/ndcg-explorer/internal/termsafe"
)

// Document is a list as a file holds it: the list itself, the settings
// and claims written beside it, and whatever else the file carried, kept
// so that saving does not drop it.
type Document struct {
	// Name is where the document came from: a path, "-", "sample:NAME"
	// or "inline"; for one query of a file of many, "PATH query QID".
	Name string
	// Query is that query's id, when the document is one query of a file
	// of many (a run, a table, learning-to-rank data).
	Query string
	Title string
	Notes string
	// Settings are the conventions the file asks for; flags override them.
	Settings FileSettings
	// Rules name the conventions the list was read under when they have
	// a name the presets do not give them (the rules of learning-to-rank
	// data: xgboost, xgboost-; --preset xgboost), for outputs to name
	// while the settings in force follow them (Conventions).
	Rules  ndcg.Preset
	List   *ndcg.List
	Claims *Claims
	// Extra holds the top-level fields this program does not know.
	Extra map[string]json.RawMessage
	// New says the file does not exist yet: the list starts empty and a
	// save creates it.
	New bool
	// Disk is the stamp of the file as read (the zero Stamp when the
	// list was not read from a file): a save over it checks that it has
	// not changed since (WriteFileIfUnchanged).
	Disk Stamp

	// extraOrder is the order the file gave Extra's fields in.
	extraOrder []string
	// pos locates each item in the input, for errors found later.
	pos *positions
}

// Conventions are the named conventions the list was read under: its
// Rules, else the file's "preset" under the preset's own name (sklearn
// for "scikit-learn"), the name the preset picker and the conventions
// view give it; none when neither is set.
func (d *Document) Conventions() ndcg.Preset {
	if d == nil {
		return ndcg.Preset{}
	}
	if d.Rules.Name != "" {
		return d.Rules
	}
	if d.Settings.Preset != nil {
		if p, err := ndcg.FindPreset(*d.Settings.Preset); err == nil {
			return p
		}
	}
	return ndcg.Preset{}
}

// Heading names the document for a heading line: its name, then its
// title ("sample:ties-at-k: A tie at the cutoff: …"). A title the name
// already ends with is not repeated: a TREC query is named "run query
// 301" and titled "query 301".
func (d *Document) Heading() string {
	if d.Title == "" || strings.HasSuffix(d.Name, d.Title) {
		return d.Name
	}
	return d.Name + ": " + d.Title
}

// FileSettings are the conventions a file may set; nil means unset.
type FileSettings struct {
	Gain     *string  `json:"gain,omitempty"`
	Discount *string  `json:"discount,omitempty"`
	K        *int     `json:"k,omitempty"`
	Ties     *string  `json:"ties,omitempty"`
	IDCG     *string  `json:"idcg,omitempty"`
	Zero     *float64 `json:"zero,omitempty"`
	Preset   *string  `json:"preset,omitempty"`
}

// Claims are numbers a person computed by hand, to be checked.
type Claims struct {
	K             *int     `json:"k,omitempty"`
	Gain          *string  `json:"gain,omitempty"`
	DCG           *Number  `json:"dcg,omitempty"`
	IDCG          *Number  `json:"idcg,omitempty"`
	NDCG          *Number  `json:"ndcg,omitempty"`
	Contributions []Number `json:"contributions,omitempty"`
}

// Number is a claimed value with the digits it was written with: 0.94
// claims less precision than 0.9400.
type Number struct {
	Value float64
	// Text is the number as written.
	Text string
}

// MarshalJSON writes the number as it was written.
func (n Number) MarshalJSON() ([]byte, error) {
	if n.Text != "" {
		return []byte(n.Text), nil
	}
	return json.Marshal(n.Value)
}

// UnmarshalJSON keeps the digits as written.
func (n *Number) UnmarshalJSON(b []byte) error {
	var f json.Number
	if err := json.Unmarshal(b, &f); err != nil {
		return err
	}
	v, err := f.Float64()
	if err != nil {
		return err
	}
	n.Value, n.Text = v, string(f)
	return nil
}

// Apply returns base with the file's settings applied in order:
// preset first, then each explicit field.
func (fs FileSettings) Apply(base ndcg.Settings) (ndcg.Settings, error) {
	s := base
	fail := func(field string, err error) (ndcg.Settings, error) {
		return s, &SettingError{Field: field, Err: err}
	}
	if fs.Preset != nil {
		p, err := ndcg.FindPreset(*fs.Preset)
		if err != nil {
			return fail("preset", UnknownPreset(*fs.Preset, err))
		}
		s = p.Apply(s)
	}
	var err error
	if fs.Gain != nil {
		if s.Gain, err = ndcg.ParseGain(*fs.Gain); err != nil {
			return fail("gain", err)
		}
	}
	if fs.Discount != nil {
		if s.Discount, err = ndcg.ParseDiscount(*fs.Discount); err != nil {
			return fail("discount", err)
		}
	}
	if fs.K != nil {
		if *fs.K < 0 {
			return fail("k", errorf("k must be a whole number ≥ 1, or 0 for the whole list, not %d", *fs.K))
		}
		s.K = *fs.K
	}
	if fs.Ties != nil {
		if s.Ties, err = ndcg.ParseTiePolicy(*fs.Ties); err != nil {
			return fail("ties", err)
		}
	}
	if fs.IDCG != nil {
		if s.IDCG, err = ndcg.ParseIDCGSource(*fs.IDCG); err != nil {
			return fail("idcg", err)
		}
	}
	if fs.Zero != nil {
		if *fs.Zero != 0 && *fs.Zero != 1 {
			return fail("zero", errorf("zero must be 0 or 1, not %v", *fs.Zero))
		}
		s.Zero = *fs.Zero
	}
	return s, nil
}

// SettingError is a setting Apply could not apply. Field is its name in
// a file ("gain", "k", …), so that a command line that applies its flags
// through FileSettings can name the flag instead.
type SettingError struct {
	Field string
	Err   error
}

func (e *SettingError) Error() string { return e.Err.Error() }

// Unwrap gives the reason.
func (e *SettingError) Unwrap() error { return e.Err }

// SettingsOf records s as file settings, for saving. The whole list (k
// 0) is written as no k at all, since a file's k must be ≥ 1.
func SettingsOf(s ndcg.Settings) FileSettings {
	str := func(v string) *string { return &v }
	zero := s.Zero
	fs := FileSettings{
		Gain: str(s.Gain.String()), Discount: str(s.Discount.String()),
		Ties: str(s.Ties.String()), IDCG: str(s.IDCG.String()), Zero: &zero,
	}
	if s.K > 0 {
		k := s.K
		fs.K = &k
	}
	if s.TruncateGrades {
		// Only a preset cuts grades to integers: the one these settings
		// follow (xgboost, say), else trec_eval's; the fields written
		// beside it say the rest.
		name := "trec_eval"
		for _, p := range ndcg.Presets {
			if p.Settings.TruncateGrades && p.Matches(s) {
				name = p.Name
				break
			}
		}
		fs.Preset = str(name)
	}
	return fs
}

// Compute computes the list under s. A problem with one item (a grade
// too large for the exponential gain, say) comes back as an *Error
// naming the line and field it was read from.
func (d *Document) Compute(s ndcg.Settings) (*ndcg.Result, error) {
	r, err := ndcg.Compute(d.List, s)
	if err != nil {
		return nil, d.Locate(err)
	}
	return r, nil
}

// checkShape checks what is wrong whatever the settings: grades, scores,
// ids. A grade too large for exp gain depends on the gain in force and
// is found when the list is computed (see Document.Compute).
func (d *Document) checkShape() error {
	d.nameUnnamed()
	// A list that passes the engine's check has no duplicate id either:
	// the usual case costs one pass, and only a list with a problem is
	// searched for duplicates first, which are worded with both places.
	if err := d.nulIDs(); err != nil {
		return err
	}
	err := d.List.Validate(ndcg.Settings{Gain: ndcg.Linear})
	if err == nil {
		return nil
	}
	if err := d.duplicateIDs(); err != nil {
		return err
	}
	return d.Locate(err)
}

// nulIDs refuses an id or a title holding a NUL character, as every
// reader does (trec.NULID): saved as CSV it made a file no reader takes.
func (d *Document) nulIDs() error {
	fail := func(i int, pool bool, field, id string) error {
		t := d.pos.table() // a fresh reading, for the odd file alone
		line := t.itemLine(i, field)
		if pool {
			line = t.poolLine(i, field)
		}
		return &Error{Name: d.Name, Line: line, Field: d.itemField(i, pool, field), Msg: trec.NULID(id)}
	}
	for i, it := range d.List.Items {
		if strings.IndexByte(it.ID, 0) >= 0 {
			return fail(i, false, "id", it.ID)
		}
		if strings.IndexByte(it.Title, 0) >= 0 {
			return fail(i, false, "title", it.Title)
		}
	}
	for i, p := range d.List.Pool {
		if strings.IndexByte(p.ID, 0) >= 0 {
			return fail(i, true, "id", p.ID)
		}
	}
	return nil
}

// nameUnnamed makes up an id for every item read without one: A, B, …
// by position, as ndcg.DefaultID names them, or, where the file gives
// that id to another item or to a pool item, the same with a suffix
// ("B-2"), so that a made-up id never clashes with one written.
func (d *Document) nameUnnamed() {
	if !slices.ContainsFunc(d.List.Items, func(it ndcg.Item) bool { return it.ID == "" }) {
		return // nothing to name: no need to collect the ids
	}
	taken := map[string]bool{}
	for _, it := range d.List.Items {
		taken[it.ID] = true
	}
	for _, p := range d.List.Pool {
		taken[p.ID] = true
	}
	// The made-up ids are cut from one string, where one allocation
	// each would cost a list of a million unnamed items 16 MB more.
	var all []byte
	for i := range d.List.Items {
		if d.List.Items[i].ID == "" {
			all = appendDefaultID(all, i)
		}
	}
	ids := string(all)
	for i := range d.List.Items {
		it := &d.List.Items[i]
		if it.ID != "" {
			continue
		}
		n := defaultIDLen(i)
		id := ids[:n]
		ids = ids[n:]
		if taken[id] {
			// Only a suffixed id can clash with one made up after it:
			// the others are letters alone, each position its own.
			for n := 2; taken[id]; n++ {
				id = fmt.Sprintf("%s-%d", ndcg.DefaultID(i), n)
			}
			taken[id] = true
		}
		it.ID = id
		if d.pos != nil && i < len(d.pos.items) {
			d.pos.items[i].item = id
		}
	}
}

// appendDefaultID appends ndcg.DefaultID(i) to b.
func appendDefaultID(b []byte, i int) []byte {
	n := defaultIDLen(i)
	b = append(b, make([]byte, n)...)
	for j, i := len(b)-1, i+1; i > 0; j, i = j-1, (i-1)/26 {
		b[j] = byte('A' + (i-1)%26)
	}
	return b
}

// defaultIDLen is len(ndcg.DefaultID(i)), without making the id.
func defaultIDLen(i int) int {
	n := 0
	for i++; i > 0; i = (i - 1) / 26 {
		n++
	}
	return n
}

// duplicateIDs reports an id used twice, pointing at both places.
func (d *Document) duplicateIDs() error {
	seen := make(map[string]int, len(d.List.Items)+len(d.List.Pool))
	for i, it := range d.List.Items {
		if j, dup := seen[it.ID]; dup {
			t := d.pos.table()
			return &Error{Name: d.Name, Line: t.itemLine(i, "id"), Field: d.itemField(i, false, "id"),
				Msg: fmt.Sprintf("%s is already the id of %s%s; ids must be unique", termsafe.Quote(it.ID), d.itemField(j, false, ""), t.at(j, false))}
		}
		seen[it.ID] = i
	}
	for i, p := range d.List.Pool {
		if j, dup := seen[p.ID]; dup {
			t := d.pos.table()
			other := d.itemField(j, false, "") + t.at(j, false)
			if j < 0 {
				other = d.itemField(-j-1, true, "") + t.at(-j-1, true)
			}
			return &Error{Name: d.Name, Line: t.poolLine(i, "id"), Field: d.itemField(i, true, "id"),
				Msg: fmt.Sprintf("%s is already the id of %s; the pool holds judged documents the list did not retrieve, each once", termsafe.Quote(p.ID), other)}
		}
		seen[p.ID] = -i - 1
	}
	return nil
}
