package explain

import (
	"fmt"
	"math"

	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
)

// PresetValue is a list's NDCG@k under one preset, at the cutoff in force.
type PresetValue struct {
	Preset   ndcg.Preset
	Settings ndcg.Settings
	// DCG, IDCG and NDCG at k under the preset; Err says why they could
	// not be computed (a gain map that misses a grade, say).
	DCG, IDCG, NDCG float64
	Err             error
	// Differs lists the settings in which the preset departs from the
	// settings compared against; InForce marks the preset in force
	// (PresetInForce).
	Differs []ndcg.Setting
	InForce bool
}

// SideBySide computes the list's NDCG@k under every preset, keeping the
// cutoff of s, and says where each preset departs from s.
func SideBySide(list *ndcg.List, s ndcg.Settings) []PresetValue {
	out := make([]PresetValue, 0, len(ndcg.Presets))
	inForce, ok := PresetInForce(s)
	for _, p := range ndcg.Presets {
		ps := p.Apply(s)
		v := PresetValue{Preset: p, Settings: ps, InForce: ok && p.Name == inForce.Name}
		for _, c := range ndcg.Differences(s, ps) {
			v.Differs = append(v.Differs, c.Setting)
		}
		if r, err := ndcg.Compute(list, ps); err != nil {
			v.Err = err
		} else {
			v.DCG, v.IDCG, v.NDCG = r.DCG(), r.IDCG(), r.NDCG()
		}
		out = append(out, v)
	}
	return out
}

// Reason is one setting in which two sets of conventions differ, with
// what changing it alone does on this list.
type Reason struct {
	ndcg.Change
	// Text is one line: what the change means, shown on this list's numbers.
	Text string
	// Before and After are NDCG@k under the first settings and with only
	// this setting changed; Moves says whether they differ.
	Before, After float64
	Moves         bool
	Err           error
}

// Reasons explains, one setting at a time, why the list's NDCG@k under
// to differs from its value under from.
func Reasons(list *ndcg.List, from, to ndcg.Settings) ([]Reason, error) {
	base, err := ndcg.Compute(list, from)
	if err != nil {
		return nil, err
	}
	var out []Reason
	for _, ch := range ndcg.Differences(from, to) {
		rs := Reason{Change: ch, Before: base.NDCG()}
		r, err := ndcg.Compute(list, ch.Settings)
		if err != nil {
			rs.Err = err
			rs.Text = fmt.Sprintf("%s %s → %s: cannot compute: %v", ch.Setting, ch.From, ch.To, err)
			out = append(out, rs)
			continue
		}
		rs.After = r.NDCG()
		rs.Moves = math.Abs(rs.After-rs.Before) > 1e-12
		what := explainChange(list, base, r, ch)
		effect := "no effect on this list"
		if rs.Moves {
			k := from.KString()
			effect = fmt.Sprintf("NDCG@%s %.4f → %.4f", k, rs.Before, rs.After)
		}
		rs.Text = fmt.Sprintf("%s %s → %s: %s · %s", SettingName(ch.Setting), ch.From, ch.To, what, effect)
		out = append(out, rs)
	}
	return out, nil
}

// SettingName is the name a setting goes by in words ("IDCG from",
// "IDCG=0 rule", "gain"), followed by its value.
func SettingName(s ndcg.Setting) string {
	switch s {
	case ndcg.SettingIDCG:
		return "IDCG from"
	case ndcg.SettingZero:
		return "IDCG=0 rule"
	}
	return string(s)
}

// explainChange says what one changed setting does, in the terms it
// acts on (a gain, a discount, DCG or IDCG), with this list's numbers.
func explainChange(list *ndcg.List, a, b *ndcg.Result, ch ndcg.Change) string {
	k := a.Settings.KString()
	dcg := fmt.Sprintf("DCG@%s %s → %s", k, Num(a.DCG()), Num(b.DCG()))
	idcg := fmt.Sprintf("IDCG@%s %s → %s", k, Num(a.IDCG()), Num(b.IDCG()))
	switch ch.Setting {
	case ndcg.SettingGain:
		g, ok := topGrade(list)
		if !ok {
			return "the list is empty"
		}
		if a.Settings.Gain.Of(g) == b.Settings.Gain.Of(g) {
			return fmt.Sprintf("the grades here (up to %s) gain the same under both; %s", ndcg.FormatNumber(g), dcg)
		}
		return fmt.Sprintf("a grade %s is worth %s, not %s; %s, %s", ndcg.FormatNumber(g),
			gainText(b.Settings.Gain.Of(g)), gainText(a.Settings.Gain.Of(g)), dcg, idcg)
	case ndcg.SettingDiscount:
		da, db := a.Settings.Discount, b.Settings.Discount
		i := 1
		for ; i < 100 && da.At(i) == db.At(i); i++ {
		}
		what := fmt.Sprintf("rank %d weighs %s, not %s", i, Num(db.At(i)), Num(da.At(i)))
		if da.Kind == ndcg.DiscountLog && db.Kind == ndcg.DiscountLog {
			return what + fmt.Sprintf("; DCG and IDCG both scale by %s, which cancels out", Num(db.At(1)/da.At(1)))
		}
		return what + "; " + dcg + ", " + idcg
	case ndcg.SettingTies:
		if len(a.Ties) == 0 {
			return "no tied scores here"
		}
		return tieWords(b.Settings.Ties) + "; " + dcg
	case ndcg.SettingIDCG:
		if len(list.Pool) == 0 {
			return "no pool of unretrieved judged items here"
		}
		rel := 0
		for _, p := range list.Pool {
			if p.Grade > 0 {
				rel++
			}
		}
		verb := "adds"
		if b.Settings.IDCG == ndcg.FromList {
			verb = "drops"
		}
		return fmt.Sprintf("the ideal ranking %s the pool's %d relevant item(s); %s", verb, rel, idcg)
	case ndcg.SettingZero:
		if a.IDCG() != 0 {
			return fmt.Sprintf("only matters when IDCG is 0; here IDCG@%s = %s", k, Num(a.IDCG()))
		}
		return fmt.Sprintf("IDCG@%s is 0 here, so NDCG is the rule's value", k)
	case ndcg.SettingGrades:
		frac := 0
		for _, it := range list.Items {
			if it.Grade != math.Trunc(it.Grade) {
				frac++
			}
		}
		for _, p := range list.Pool {
			if p.Grade != math.Trunc(p.Grade) {
				frac++
			}
		}
		// trec_eval and XGBoost both cut grades: the words name neither.
		if frac == 0 {
			return "a grade counts by its integer part; every grade here is whole"
		}
		return fmt.Sprintf("a grade counts by its integer part (2.5 → 2): %d grade(s) here change; %s, %s", frac, dcg, idcg)
	case ndcg.SettingK:
		return dcg + ", " + idcg
	}
	return dcg + ", " + idcg
}

// tieWords says how a tie policy orders the items of a tie group.
func tieWords(p ndcg.TiePolicy) string {
	switch p {
	case ndcg.Best:
		return "each tie group ordered highest grade first"
	case ndcg.Worst:
		return "each tie group ordered lowest grade first"
	case ndcg.Input:
		return "tied items keep their input order"
	case ndcg.Docno:
		return "tied items ordered by id, descending, as trec_eval does"
	}
	return "every rank of a tie group gets the group's mean gain"
}

// topGrade is the highest grade of the list's items.
func topGrade(list *ndcg.List) (float64, bool) {
	if len(list.Items) == 0 {
		return 0, false
	}
	g := list.Items[0].Grade
	for _, it := range list.Items {
		g = math.Max(g, it.Grade)
	}
	return g, true
}
