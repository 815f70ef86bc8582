package ltr

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/ndcg-explorer/ndcg-explorer/ndcg"

	"github.com/ndcg-explorer/ndcg-explorer/internal/termsafe"
)

// Query is one query group of a data set, its documents in input order.
type Query struct {
	QID string
	// Labels and Predictions hold one value per document.
	Labels, Predictions []float64
	// DocIDs name the documents, if the data names them (nil: "1", "2", …
	// by position in the query).
	DocIDs []string
	// Lines are the data file's line of each document (nil if unknown),
	// so that an error can point at the row to fix.
	Lines []int
}

// Len is the number of documents.
func (q *Query) Len() int { return len(q.Labels) }

// DataSet is the queries of a data file with their predictions.
type DataSet struct {
	// Name is the data file, for messages.
	Name    string
	Queries []Query
	// WeightLine is the first line of a libsvm file whose label carries
	// a weight (LABEL:WEIGHT), 0 if none: the weights are not read, and
	// every mean is unweighted.
	WeightLine int
}

// LabelRule says what a library does with a label before its gain.
type LabelRule int

const (
	// LabelsAsGiven uses the label as it is (scikit-learn).
	LabelsAsGiven LabelRule = iota
	// LabelsTruncated casts the label to an integer (XGBoost).
	LabelsTruncated
	// LabelsWhole refuses a label that is not a whole number (LightGBM).
	LabelsWhole
)

// Rules are one library's way of computing NDCG@k on a data set.
type Rules struct {
	// Name is the preset's name, as --preset takes it.
	Name string
	// Note says whose rules they are.
	Note string
	// Settings are the conventions of the computation (their K is
	// ignored: Evaluate takes the cutoffs).
	Settings ndcg.Settings
	// Float32 stores labels and predictions as float32 first, as
	// XGBoost does with both and LightGBM with labels (Float32Labels).
	Float32Scores, Float32Labels bool
	Labels                       LabelRule
	// MaxLabel is the largest label accepted (0: any).
	MaxLabel int
	// MaxRows is the most documents a query may have (0: any).
	MaxRows int
	// MinRows is the fewest documents a query may have (0: any):
	// scikit-learn's ndcg_score raises ValueError on a query of one
	// document. Unlike MaxRows, which stops LightGBM on the whole data
	// set, it refuses that query alone: a loop calling ndcg_score query
	// by query has to skip it. Evaluate still scores the query under
	// Settings, and Result.Refused names it, so that the mean over the
	// others, the number that loop reports, can be shown beside the
	// mean over all.
	MinRows int
	// Minus is XGBoost's ndcg@k-: a query without a relevant document
	// scores 0, not 1.
	Minus bool
	// LabelGain is LightGBM's label_gain (nil: its default, 2^i − 1).
	LabelGain []float64
}

// ListSettings are the settings a list the rules read is explored under:
// the rules' settings, with grades cut to integers where the rules cut
// labels (XGBoost's), so that a grade edited to 2.5 counts as the
// library would count it. For XGBoost's rules these are the xgboost
// preset's conventions, which its row in the explorer's presets names.
func (r Rules) ListSettings() ndcg.Settings {
	s := r.Settings
	if r.Labels == LabelsTruncated {
		s.TruncateGrades = true
	}
	return s
}

// XGBoost returns XGBoost 1.7's rules; minus gives its ndcg@k- variant.
func XGBoost(minus bool) Rules {
	name := "xgboost"
	if minus {
		name = "xgboost-"
	}
	p, _ := ndcg.FindPreset(name)
	// The labels are truncated by List (LabelsTruncated), before the
	// settings see them, so that a comparison names the label rule.
	s := p.Settings
	s.TruncateGrades = false
	r := Rules{Name: "xgboost", Note: "XGBoost 1.7 eval_metric ndcg@k: integer labels, float32 predictions, ties in input order, 1 without relevant documents",
		Settings: s, Float32Scores: true, Float32Labels: true, Labels: LabelsTruncated, MaxLabel: 31}
	if minus {
		r.Name, r.Minus = "xgboost-", true
		r.Note = "XGBoost 1.7 eval_metric ndcg@k-: as xgboost, but 0 without relevant documents"
	}
	return r
}

// defaultLabelGain is the length of LightGBM's default label_gain.
const defaultLabelGain = 31

// LightGBM returns LightGBM's rules with label_gain (nil: the default
// 2^i − 1 for i = 0…30). A label_gain whose gains fall as the label
// rises is refused: LightGBM's ideal ranking takes labels from the
// highest down, which is then not the best ranking, and NDCG could
// exceed 1.
func LightGBM(labelGain []float64) (Rules, error) {
	p, _ := ndcg.FindPreset("lightgbm")
	r := Rules{Name: "lightgbm", Note: "LightGBM metric ndcg, eval_at: whole labels, label_gain (2^i−1), ties in input order, 1 without relevant documents",
		Settings: p.Settings, Float32Labels: true, Labels: LabelsWhole, MaxLabel: defaultLabelGain - 1, MaxRows: 10000}
	if labelGain == nil {
		return r, nil
	}
	if len(labelGain) == 0 {
		return r, errors.New("label_gain is empty: give one gain per label, 0 first, as in 0,1,3,7")
	}
	m := make(map[float64]float64, len(labelGain))
	for i, g := range labelGain {
		if math.IsNaN(g) || math.IsInf(g, 0) {
			return r, fmt.Errorf("label_gain: the gain of label %d is not a finite number", i)
		}
		if i > 0 && g < labelGain[i-1] {
			return r, fmt.Errorf("label_gain gives label %d less gain (%s) than label %d (%s): LightGBM's ideal ranking takes the highest label first, so gains must not fall",
				i, ndcg.FormatNumber(g), i-1, ndcg.FormatNumber(labelGain[i-1]))
		}
		m[float64(i)] = g
	}
	r.LabelGain = slices.Clone(labelGain)
	r.Settings.Gain = ndcg.Gain{Kind: ndcg.GainMap, Map: m}
	r.MaxLabel = len(labelGain) - 1
	return r, nil
}

// ParseLabelGain reads LightGBM's label_gain parameter: "0,1,3,7".
func ParseLabelGain(s string) ([]float64, error) {
	var out []float64
	for _, p := range strings.Split(s, ",") {
		g, err := strconv.ParseFloat(strings.TrimSpace(p), 64)
		if err != nil {
			return nil, fmt.Errorf("label_gain %s: %s is not a number; give gains as in 0,1,3,7", termsafe.Quote(s), termsafe.Quote(p))
		}
		out = append(out, g)
	}
	return out, nil
}

// FromPreset returns the rules of one of the ndcg package's presets,
// which take labels and predictions as float64, as given.
func FromPreset(p ndcg.Preset) Rules {
	r := Rules{Name: p.Name, Note: p.Note, Settings: p.Settings}
	if p.Name == "sklearn" {
		r.MinRows = 2
	}
	return r
}

// Refusal says why the library refuses query q on its own (nil: it
// scores it): a query of fewer than MinRows documents.
func (r Rules) Refusal(file string, q *Query) error {
	if r.MinRows == 0 || q.Len() >= r.MinRows {
		return nil
	}
	where := file
	if len(q.Lines) > 0 && q.Lines[0] > 0 {
		where += ":" + strconv.Itoa(q.Lines[0])
	}
	return fmt.Errorf("%s: query %s has %d document: scikit-learn's ndcg_score raises ValueError on it (it needs %d or more), so a loop over the queries skips it or stops",
		where, q.QID, q.Len(), r.MinRows)
}

// PresetNames lists the names FindRules accepts.
func PresetNames() []string {
	names := []string{"xgboost", "xgboost-", "lightgbm"}
	for _, n := range ndcg.PresetNames() {
		if !slices.Contains(names, n) {
			names = append(names, n)
		}
	}
	return names
}

// FindRules returns the rules of a preset name: xgboost, xgboost- (its
// ndcg@k- variant), lightgbm, or a preset of the ndcg package
// (sklearn, trec_eval, tf-ranking, jk).
func FindRules(name string) (Rules, error) {
	switch strings.ToLower(strings.TrimSpace(name)) {
	case "xgboost", "xgb":
		return XGBoost(false), nil
	case "xgboost-", "xgboost-minus", "xgb-":
		return XGBoost(true), nil
	case "lightgbm", "lgbm", "lgb":
		return LightGBM(nil)
	}
	p, err := ndcg.FindPreset(name)
	if err != nil {
		return Rules{}, fmt.Errorf("unknown preset %s: use one of %s", termsafe.Quote(name), strings.Join(PresetNames(), ", "))
	}
	return FromPreset(p), nil
}

// NotWhole is what is said of a label or grade that is not a whole
// number under rules that take whole ones only (LightGBM's), by ltr and
// by every command given that preset.
func NotWhole(label float64, lib string) string {
	return fmt.Sprintf("%s is not a whole number: %s stops with \"label should be int type\"; round the labels or give each one a gain with label_gain", ndcg.FormatNumber(label), lib)
}

// MeasureName is the name the library gives NDCG at cutoff k (0: the
// whole list): ndcg@5, XGBoost's ndcg@5-, or ndcg.
func (r Rules) MeasureName(k int) string {
	name := "ndcg"
	if k > 0 {
		name += "@" + strconv.Itoa(k)
	}
	if r.Minus {
		name += "-"
	}
	return name
}

// Cutoffs returns ks as the library evaluates them: LightGBM sorts
// eval_at; the others keep the order given. Duplicates are dropped.
func (r Rules) Cutoffs(ks []int) []int {
	out := slices.Clone(ks)
	if r.Labels == LabelsWhole {
		slices.Sort(out)
	}
	seen := map[int]bool{}
	return slices.DeleteFunc(out, func(k int) bool {
		dup := seen[k]
		seen[k] = true
		return dup
	})
}

// QueryError is a problem with one document of one query.
type QueryError struct {
	File string
	QID  string
	// Doc is the 0-based position in the query; Line the file's line (0:
	// unknown).
	Doc, Line int
	Field     string
	Msg       string
}

func (e *QueryError) Error() string {
	where := e.File
	if e.Line > 0 {
		where += ":" + strconv.Itoa(e.Line)
	}
	if where != "" {
		where += ": "
	}
	if e.Field == "" {
		// A problem of the whole query.
		return fmt.Sprintf("%squery %s: %s", where, e.QID, e.Msg)
	}
	return fmt.Sprintf("%squery %s, document %d: %s %s", where, e.QID, e.Doc+1, e.Field, e.Msg)
}

// List builds the ndcg list of q as the rules see it: labels and
// predictions after the library's conversions, in input order.
func (r Rules) List(file string, q *Query) (*ndcg.List, error) {
	if len(q.Predictions) != len(q.Labels) {
		return nil, &QueryError{File: file, QID: q.QID, Doc: min(len(q.Labels), len(q.Predictions)), Field: "prediction",
			Msg: fmt.Sprintf("count: %d labels but %d predictions; give one prediction per row", len(q.Labels), len(q.Predictions))}
	}
	if r.MaxRows > 0 && len(q.Labels) > r.MaxRows {
		return nil, &QueryError{File: file, QID: q.QID, Doc: r.MaxRows,
			Msg: fmt.Sprintf("%d rows: %s stops on queries of more than %d rows", len(q.Labels), r.Name, r.MaxRows)}
	}
	l := &ndcg.List{Items: make([]ndcg.Item, len(q.Labels))}
	for i, label := range q.Labels {
		fail := func(field, msg string) error {
			e := &QueryError{File: file, QID: q.QID, Doc: i, Field: field, Msg: msg}
			if i < len(q.Lines) {
				e.Line = q.Lines[i]
			}
			return e
		}
		pred := q.Predictions[i]
		if math.IsNaN(pred) || math.IsInf(pred, 0) {
			return nil, fail("prediction", fmt.Sprintf("%s is not a finite number", ndcg.FormatNumber(pred)))
		}
		if math.IsNaN(label) || math.IsInf(label, 0) {
			return nil, fail("label", fmt.Sprintf("%s is not a finite number", ndcg.FormatNumber(label)))
		}
		if r.Float32Labels {
			label = float64(float32(label))
			if math.IsInf(label, 0) {
				return nil, fail("label", fmt.Sprintf("%s is beyond the range of a float32 (±3.4e38), in which %s holds labels", ndcg.FormatNumber(q.Labels[i]), r.Name))
			}
		}
		if r.Float32Scores {
			pred = float64(float32(pred))
			if math.IsInf(pred, 0) {
				return nil, fail("prediction", fmt.Sprintf("%s is beyond the range of a float32 (±3.4e38), in which %s holds predictions; scale the predictions down", ndcg.FormatNumber(q.Predictions[i]), r.Name))
			}
		}
		switch r.Labels {
		case LabelsTruncated:
			label = math.Trunc(label)
			if label <= -1 {
				return nil, fail("label", fmt.Sprintf("%s is negative: %s reads labels as unsigned integers; use labels ≥ 0", ndcg.FormatNumber(q.Labels[i]), r.Name))
			}
			label = math.Abs(label) // −0.5 truncates to −0
		case LabelsWhole:
			if label != math.Trunc(label) {
				return nil, fail("label", NotWhole(q.Labels[i], r.Name))
			}
			if label < 0 {
				return nil, fail("label", fmt.Sprintf("%s is negative: %s stops with \"Label should be non-negative\"", ndcg.FormatNumber(q.Labels[i]), r.Name))
			}
		default:
			if label < 0 {
				return nil, fail("label", fmt.Sprintf("%s is negative; NDCG needs grades ≥ 0", ndcg.FormatNumber(label)))
			}
		}
		if r.MaxLabel > 0 && label > float64(r.MaxLabel) {
			return nil, fail("label", r.tooLarge(q.Labels[i]))
		}
		id := strconv.Itoa(i + 1)
		if i < len(q.DocIDs) && q.DocIDs[i] != "" {
			id = q.DocIDs[i]
		}
		l.Items[i] = ndcg.Item{ID: id, Grade: label, Score: pred, HasScore: true}
	}
	return l, nil
}

// tooLarge says why label is past MaxLabel, in the library's terms:
// LightGBM has no label_gain entry for it, XGBoost's 2^label−1
// overflows.
func (r Rules) tooLarge(label float64) string {
	l := ndcg.FormatNumber(label)
	if r.Labels == LabelsWhole {
		if r.LabelGain == nil {
			return fmt.Sprintf("%s has no gain: the default label_gain (2^label−1) gives gains to labels 0 to %d only, and %s stops; give a gain for every label with label_gain", l, r.MaxLabel, r.Name)
		}
		return fmt.Sprintf("%s has no gain: label_gain gives gains to labels 0 to %d only, and %s stops; give a gain for every label", l, r.MaxLabel, r.Name)
	}
	return fmt.Sprintf("%s is above %d: %s's gain 2^label−1 overflows; use labels 0 to %d", l, r.MaxLabel, r.Name, r.MaxLabel)
}

// Result is a data set's NDCG at each cutoff under one set of rules.
type Result struct {
	Rules Rules
	// Cutoffs in the order evaluated; Measures their names.
	Cutoffs  []int
	Measures []string
	Queries  []QueryResult
	// All is each cutoff's unweighted mean over the queries.
	All []float64
	// Refused names the queries the library refuses on their own (see
	// Rules.MinRows), in data order; they count in All. AllScored is
	// each cutoff's mean over the other queries (nil when none is
	// refused; NaN when every query is).
	Refused   []string
	AllScored []float64
}

// QueryResult is one query's value at each cutoff.
type QueryResult struct {
	QID    string
	Values []float64
}

// Evaluate computes NDCG at each cutoff (0: the whole list) for every
// query of ds under r.
func Evaluate(ds *DataSet, r Rules, ks []int) (*Result, error) {
	if len(ds.Queries) == 0 {
		return nil, fmt.Errorf("%s: no query to evaluate", ds.Name)
	}
	if len(ks) == 0 {
		return nil, errors.New("no cutoff: give -k N (one or more)")
	}
	for _, k := range ks {
		if k < 0 {
			return nil, fmt.Errorf("cutoff %d: give -k a whole number ≥ 1 (or 0 for the whole list)", k)
		}
	}
	ks = r.Cutoffs(ks)
	res := &Result{Rules: r, Cutoffs: ks, All: make([]float64, len(ks))}
	for _, k := range ks {
		res.Measures = append(res.Measures, r.MeasureName(k))
	}
	s := r.Settings
	s.K = 0
	var prev *ndcg.Result
	for qi := range ds.Queries {
		q := &ds.Queries[qi]
		vals, cur, err := r.values(ds.Name, q, s, ks, prev)
		if err != nil {
			return nil, err
		}
		prev = cur
		res.Queries = append(res.Queries, QueryResult{QID: q.QID, Values: vals})
		for c, v := range vals {
			res.All[c] += v
		}
		if r.Refusal(ds.Name, q) != nil {
			res.Refused = append(res.Refused, q.QID)
		}
	}
	if len(res.Refused) > 0 {
		refused := make(map[string]bool, len(res.Refused))
		for _, qid := range res.Refused {
			refused[qid] = true
		}
		res.AllScored = make([]float64, len(ks))
		for _, q := range res.Queries {
			if !refused[q.QID] {
				for c, v := range q.Values {
					res.AllScored[c] += v
				}
			}
		}
		for c := range res.AllScored {
			res.AllScored[c] /= float64(len(res.Queries) - len(res.Refused))
		}
	}
	for c := range res.All {
		res.All[c] /= float64(len(res.Queries))
	}
	return res, nil
}

// values computes one query's NDCG at each cutoff, reusing prev.
func (r Rules) values(file string, q *Query, s ndcg.Settings, ks []int, prev *ndcg.Result) ([]float64, *ndcg.Result, error) {
	l, err := r.List(file, q)
	if err != nil {
		return nil, prev, err
	}
	cr, err := ndcg.Recompute(prev, l, s)
	if err != nil {
		var ie *ndcg.ItemError
		if errors.As(err, &ie) {
			e := &QueryError{File: file, QID: q.QID, Doc: ie.Index, Field: ie.Field, Msg: ie.Msg}
			if ie.Index < len(q.Lines) {
				e.Line = q.Lines[ie.Index]
			}
			return nil, nil, e
		}
		return nil, nil, fmt.Errorf("%s: query %s: %w", file, q.QID, err)
	}
	vals := make([]float64, len(ks))
	for c, k := range ks {
		vals[c] = cr.NDCGAt(s.Ties, k)
	}
	return vals, cr, nil
}
