package ndcg

import (
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestXGBoostPresets checks the xgboost and xgboost- presets against the
// values XGBoost 1.7.4 itself computed on ../ltr/testdata/xgboost.json
// (written by xgboost_gen.py there with Debian's python3-xgboost): every
// query, the whole list and every cutoff. XGBoost stores labels and
// predictions as float32, so they are rounded to float32 first, as a
// list read under XGBoost's rules has them; the preset does the rest
// (labels cut to integers, exponential gain, ties in input order, 1 or
// 0 without a relevant item). The queries hold fractional labels, so
// the lightgbm preset, which takes grades as given, must miss some.
func TestXGBoostPresets(t *testing.T) {
	t.Parallel()
	data, err := os.ReadFile(filepath.Join("..", "ltr", "testdata", "xgboost.json"))
	require.NoError(t, err)
	var rec struct {
		Version string `json:"xgboost_version"`
		Queries []struct {
			Labels      []float64          `json:"labels"`
			Predictions []float64          `json:"predictions"`
			XGBoost     map[string]float64 `json:"xgboost"`
		} `json:"queries"`
	}
	require.NoError(t, json.Unmarshal(data, &rec))
	require.Equal(t, "1.7.4", rec.Version)
	require.GreaterOrEqual(t, len(rec.Queries), 300)

	checked, lightgbmMisses := 0, 0
	for qi, q := range rec.Queries {
		list := &List{}
		for i, l := range q.Labels {
			list.Items = append(list.Items, Item{ID: strconv.Itoa(i + 1),
				Grade: float64(float32(l)), Score: float64(float32(q.Predictions[i])), HasScore: true})
		}
		for measure, want := range q.XGBoost {
			name, k := "xgboost", 0
			rest := strings.TrimPrefix(measure, "ndcg")
			if strings.HasSuffix(rest, "-") {
				name, rest = "xgboost-", strings.TrimSuffix(rest, "-")
			}
			if rest != "" {
				k, err = strconv.Atoi(strings.TrimPrefix(rest, "@"))
				require.NoError(t, err, measure)
			}
			s := preset(t, name)
			s.K = k
			r, err := Compute(list, s)
			require.NoError(t, err)
			require.InDelta(t, want, r.NDCG(), 1e-6, "query %d %s under the %s preset", qi, measure, name)
			checked++
			if name == "xgboost" {
				lg := preset(t, "lightgbm")
				lg.K = k
				if r, err := Compute(list, lg); err == nil && math.Abs(r.NDCG()-want) > 1e-6 {
					lightgbmMisses++
				}
			}
		}
	}
	require.Equal(t, 16*len(rec.Queries), checked)
	require.Greater(t, lightgbmMisses, 10, "the fractional labels tell xgboost from lightgbm")
}
