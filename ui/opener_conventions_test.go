package ui

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/ndcg-explorer/ndcg-explorer/listio"
	"github.com/ndcg-explorer/ndcg-explorer/ltr"
)

// Opening another list with o states that list's conventions in the
// header, not those of the list it replaced: a list at k=3 replaced by
// idcg-slip, at k=5.
func TestOpenStatesTheNewListsConventions(t *testing.T) {
	s := linearK5()
	s.K = 3
	m := newModel(t, inlineDoc(t, "3,2,3,0,1", ""), s, 120, 40)
	assert.Contains(t, strings.Split(screen(m), "\n")[1], "k=3")
	press(m, "o", "down", "enter")
	assert.Equal(t, "sample:idcg-slip", m.c.WS.Doc.Name)
	header := strings.Split(screen(m), "\n")[1]
	assert.Contains(t, header, "k=5", "the header states the opened list's k")
	assert.NotContains(t, header, "k=3")
}

// A query of learning-to-rank data read under XGBoost's rules says
// =xgboost on the conventions line, as its notes say "under xgboost's
// rules", and not lightgbm (LightGBM refuses data XGBoost reads). z
// (NDCG 0 without relevant items) leaves them for XGBoost's ndcg@k-
// rules, xgboost-; back (u), xgboost is named again.
func TestConventionsLineNamesTheRulesInForce(t *testing.T) {
	ds := &ltr.DataSet{Name: "d.txt", Queries: []ltr.Query{
		{QID: "3", Labels: []float64{2, 0}, Predictions: []float64{0.1, 0.5}},
	}}
	rules := ltr.XGBoost(false)
	doc, err := listio.LTRQuery(ds, rules, "3")
	require.NoError(t, err)
	s := rules.ListSettings()
	s.K = 10
	m := newModel(t, doc, s, 100, 30)
	conv := strings.Split(screen(m), "\n")[1]
	assert.True(t, strings.HasSuffix(conv, "=xgboost"), conv)
	assert.NotContains(t, conv, "lightgbm")
	press(m, "z")
	conv = strings.Split(screen(m), "\n")[1]
	assert.True(t, strings.HasSuffix(conv, "=xgboost-"), conv)
	press(m, "u")
	assert.True(t, strings.HasSuffix(strings.Split(screen(m), "\n")[1], "=xgboost"))

	// A list with no rules of its own names the preset it follows.
	m = newModel(t, inlineDoc(t, "2,0", ""), rules.Settings, 100, 30)
	assert.Contains(t, strings.Split(screen(m), "\n")[1], "=lightgbm")
}

// A query read under LightGBM's rules with a label gain of their own
// follows no preset: the conventions line names none, as the preset
// picker and the conventions view mark none, where the line said
// =lightgbm beside the gain it states and no row said so.
func TestConventionsLineAndPickerAgreeOnACustomGain(t *testing.T) {
	ds := &ltr.DataSet{Name: "d.txt", Queries: []ltr.Query{
		{QID: "3", Labels: []float64{2, 0, 3}, Predictions: []float64{0.1, 0.5, 0.3}},
	}}
	rules, err := ltr.LightGBM([]float64{0, 1, 3, 7})
	require.NoError(t, err)
	doc, err := listio.LTRQuery(ds, rules, "3")
	require.NoError(t, err)
	s := rules.ListSettings()
	s.K = 10
	m := newModel(t, doc, s, 80, 24)
	conv := strings.Split(screen(m), "\n")[1]
	assert.Contains(t, conv, "gain 0=0,1=1,2=3,3=7")
	assert.NotContains(t, conv, "=lightgbm")
	press(m, "f4")
	assert.NotContains(t, screen(m), "> =", "no preset marked in force")
	assert.NotRegexp(t, `(?m)^  =`, screen(m))
	press(m, "esc", "f4")
	assert.NotContains(t, screen(m), "=lightgbm")
	assert.Contains(t, screen(m), "no preset follows them")

	// LightGBM's own gain: the line, the picker and the view all name it.
	rules, err = ltr.LightGBM(nil)
	require.NoError(t, err)
	doc, err = listio.LTRQuery(ds, rules, "3")
	require.NoError(t, err)
	s = rules.ListSettings()
	s.K = 10
	m = newModel(t, doc, s, 80, 24)
	assert.True(t, strings.HasSuffix(strings.Split(screen(m), "\n")[1], "=lightgbm"))
	press(m, "f4")
	assert.Contains(t, screen(m), "> =lightgbm ")
	press(m, "esc", "f4")
	assert.Contains(t, screen(m), "=lightgbm ")
}
