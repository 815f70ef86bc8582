package ndcg

import (
	"errors"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
)

func scored(grades, scores []float64) *List {
	l, err := FromGrades(grades, scores)
	if err != nil {
		panic(err)
	}
	return l
}

// TestComputeRejects: every invalid input the engine sees (docs/formats.md,
// "When the input is wrong") is an error, never a panic, whose message
// names the item and field and says what to do.
func TestComputeRejects(t *testing.T) {
	nan, inf := math.NaN(), math.Inf(1)
	linear := Settings{Gain: Linear}
	exp := DefaultSettings()
	gainMap, err := ParseGain("0=0,1=1,2=3")
	require.NoError(t, err)

	cases := []struct {
		name string
		list *List
		s    Settings
		// want are substrings of the message; item is the 1-based item
		// (or pool item) the *ItemError names, 0 for a settings error.
		want []string
		item int
		pool bool
	}{
		{"negative grade", scored([]float64{3, -1, 2}, nil), linear, []string{"item 2", "grade", "negative", "≥ 0"}, 2, false},
		{"NaN grade", scored([]float64{nan}, nil), linear, []string{"item 1", "grade", "NaN", "not a finite number"}, 1, false},
		{"+Inf grade", scored([]float64{1, inf}, nil), linear, []string{"item 2", "grade", "+Inf", "not a finite number"}, 2, false},
		{"-Inf grade", scored([]float64{math.Inf(-1)}, nil), linear, []string{"grade", "-Inf"}, 1, false},
		{"NaN score", scored([]float64{1, 2}, []float64{0.5, nan}), linear, []string{"item 2", "score", "NaN", "not a finite number"}, 2, false},
		{"+Inf score", scored([]float64{1, 2}, []float64{inf, 0.5}), linear, []string{"item 1", "score", "+Inf"}, 1, false},
		{"-Inf score", scored([]float64{1, 2}, []float64{1, math.Inf(-1)}), linear, []string{"item 2", "score", "-Inf"}, 2, false},
		{"later item without a score", &List{Items: []Item{
			{ID: "A", Grade: 1, Score: 1, HasScore: true}, {ID: "B", Grade: 2}}},
			linear, []string{"item 2", "score", "missing", "give every item a score or none"}, 2, false},
		{"later item with a score", &List{Items: []Item{
			{ID: "A", Grade: 1}, {ID: "B", Grade: 2, Score: 1, HasScore: true}}},
			linear, []string{"item 2", "score", "given", "give every item a score or none"}, 2, false},
		{"duplicate id", &List{Items: []Item{{ID: "A", Grade: 1}, {ID: "B"}, {ID: "A", Grade: 2}}},
			linear, []string{"item 3", `"A"`, "item 1", "unique"}, 3, false},
		{"pool id also in the list", &List{Items: []Item{{ID: "A", Grade: 1}}, Pool: []Judged{{ID: "A", Grade: 2}}},
			linear, []string{"pool item 1", `"A"`, "must not be in the list"}, 1, true},
		{"duplicate id in the pool", &List{Items: []Item{{ID: "A"}}, Pool: []Judged{{ID: "P"}, {ID: "P"}}},
			linear, []string{"pool item 2", `"P"`}, 2, true},
		{"negative pool grade", &List{Items: []Item{{ID: "A"}}, Pool: []Judged{{ID: "P", Grade: -2}}},
			linear, []string{"pool item 1", "grade", "negative"}, 1, true},
		{"exp grade above 1023", scored([]float64{1, 1024}, nil), exp, []string{"item 2", "1024", "too large", "overflows above 1023"}, 2, false},
		{"exp grade 1023.5", scored([]float64{1023.5}, nil), exp, []string{"1023.5", "too large"}, 1, false},
		{"exp grade in the pool", &List{Items: []Item{{ID: "A"}}, Pool: []Judged{{ID: "P", Grade: 2000}}},
			exp, []string{"pool item 1", "too large"}, 1, true},
		{"grade missing from the gain map", scored([]float64{0, 2, 4}, nil), Settings{Gain: gainMap},
			[]string{"item 3", "grade 4", "no gain in the map", "add 4=GAIN"}, 3, false},
		{"fractional grade missing from the gain map", scored([]float64{1.5}, nil), Settings{Gain: gainMap},
			[]string{"grade 1.5", "add 1.5=GAIN"}, 1, false},
		{"IDCG overflow", scored([]float64{1023, 1023, 1023}, nil), exp, []string{"IDCG overflows"}, 0, false},
		{"IDCG overflow, linear gain", scored([]float64{1e308, 1e308, 1e308}, nil), linear, []string{"overflows", "use smaller grades"}, 0, false},
		{"IDCG overflow, gain map", scored([]float64{1, 1, 1}, nil), Settings{Gain: Gain{Kind: GainMap, Map: map[float64]float64{0: 0, 1: 1e308}}},
			[]string{"overflows", "smaller gains in the map"}, 0, false},
		{"k < 0", scored([]float64{1}, nil), Settings{K: -1}, []string{"k must be ≥ 1", "-1"}, 0, false},
		{"zero rule 0.5", scored([]float64{1}, nil), Settings{Zero: 0.5}, []string{"IDCG=0 rule", "0 or 1", "0.5"}, 0, false},
		{"zero rule NaN", scored([]float64{1}, nil), Settings{Zero: nan}, []string{"0 or 1"}, 0, false},
		{"empty gain map", scored([]float64{1}, nil), Settings{Gain: Gain{Kind: GainMap}}, []string{"gain map is empty"}, 0, false},
		{"gain map with an infinite gain", scored([]float64{1}, nil), Settings{Gain: Gain{Kind: GainMap, Map: map[float64]float64{1: inf}}},
			[]string{"grade 1", "finite"}, 0, false},
		{"gain map with a falling gain", scored([]float64{1, 2}, nil), Settings{Gain: Gain{Kind: GainMap, Map: map[float64]float64{0: 0, 1: 5, 2: 1}}},
			[]string{"grade 2", "less gain", "ideal ranking"}, 0, false},
		{"unknown gain kind", scored([]float64{1}, nil), Settings{Gain: Gain{Kind: 9}}, []string{"gain", "exp, linear"}, 0, false},
		{"discount base 1", scored([]float64{1}, nil), Settings{Discount: Discount{Base: 1}}, []string{"discount base", "> 1"}, 0, false},
		{"discount base 0.5", scored([]float64{1}, nil), Settings{Discount: Discount{Kind: DiscountJK, Base: 0.5}}, []string{"discount base", "0.5"}, 0, false},
		{"discount base NaN", scored([]float64{1}, nil), Settings{Discount: Discount{Base: nan}}, []string{"discount base"}, 0, false},
		{"discount base +Inf", scored([]float64{1}, nil), Settings{Discount: Discount{Base: inf}}, []string{"discount base", "finite"}, 0, false},
		{"unknown discount kind", scored([]float64{1}, nil), Settings{Discount: Discount{Kind: 5}}, []string{"discount", "log2"}, 0, false},
		{"unknown tie policy", scored([]float64{1, 2}, []float64{1, 1}), Settings{Ties: 7}, []string{"tie policy", "expected, best, worst, input or docno"}, 0, false},
		{"negative tie policy", scored([]float64{1}, nil), Settings{Ties: -1}, []string{"tie policy"}, 0, false},
		{"unknown IDCG source", scored([]float64{1}, nil), Settings{IDCG: 3}, []string{"IDCG source", "list or judged"}, 0, false},
		{"no list", nil, linear, []string{"no list"}, 0, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var r *Result
			var err error
			require.NotPanics(t, func() { r, err = Compute(c.list, c.s) })
			require.Error(t, err)
			require.Nil(t, r)
			for _, w := range c.want {
				require.Contains(t, err.Error(), w)
			}
			var ie *ItemError
			if c.item == 0 {
				require.False(t, errors.As(err, &ie), "a settings error is not an item's: %v", err)
				return
			}
			require.ErrorAs(t, err, &ie)
			require.Equal(t, c.item-1, ie.Index)
			require.Equal(t, c.pool, ie.InPool)
		})
	}
}

// TestComputeAccepts: the edges of the valid range compute.
func TestComputeAccepts(t *testing.T) {
	for _, c := range []struct {
		name string
		list *List
		s    Settings
	}{
		{"empty list", &List{}, DefaultSettings()},
		{"empty list with a pool", &List{Pool: []Judged{{ID: "P", Grade: 1}}}, Settings{IDCG: FromJudged}},
		{"exp grade 1023", scored([]float64{1023}, nil), DefaultSettings()},
		{"grade 0 and fractions", scored([]float64{0, 0.25, 3.5}, []float64{-1, -1, 0}), Settings{Gain: Linear}},
		{"gain map with truncated grades", scored([]float64{2.9, 0.1}, nil), Settings{Gain: Gain{Kind: GainMap, Map: map[float64]float64{0: 0, 2: 3}}, TruncateGrades: true}},
		{"empty ids are ids", &List{Items: []Item{{ID: ""}, {ID: " "}}}, DefaultSettings()},
	} {
		t.Run(c.name, func(t *testing.T) {
			r, err := Compute(c.list, c.s)
			require.NoError(t, err)
			for _, p := range TiePolicies {
				v := r.NDCGAt(p, 0)
				require.False(t, math.IsNaN(v) || math.IsInf(v, 0), "%s: %v", p, v)
			}
		})
	}
}

func TestFromGradesRejectsMismatch(t *testing.T) {
	_, err := FromGrades([]float64{1, 2, 3}, []float64{1, 2})
	require.EqualError(t, err, "3 grades but 2 scores; give one score per grade")
}

// TestParseRejects: every setting read from text says what it accepts.
func TestParseRejects(t *testing.T) {
	cases := []struct {
		name  string
		parse func(string) error
		in    string
		want  []string
	}{
		{"gain", gainErr, "quadratic", []string{`unknown gain "quadratic"`, "exp, linear", "0=0,1=1,2=3,3=7"}},
		{"gain", gainErr, "", []string{"unknown gain", "exp, linear"}},
		{"gain map entry", gainErr, "0=0,1", []string{`"1"`, "GRADE=GAIN"}},
		{"gain map grade", gainErr, "x=1", []string{`grade "x"`, "finite number ≥ 0"}},
		{"gain map negative grade", gainErr, "-1=1", []string{`grade "-1"`, "≥ 0"}},
		{"gain map NaN grade", gainErr, "NaN=1", []string{"finite number"}},
		{"gain map gain", gainErr, "1=lots", []string{`gain "lots"`, "finite number"}},
		{"gain map infinite gain", gainErr, "1=Inf", []string{`gain "Inf"`}},
		{"gain map twice", gainErr, "1=1,1.0=3", []string{"grade 1 twice"}},
		{"gain map negative gain", gainErr, "0=0,1=-1", []string{"grade 1", "gain -1", "≥ 0"}},
		{"gain map falling gain", gainErr, "0=0,1=5,2=1", []string{"grade 2", "less gain (1)", "grade 1 (5)"}},
		{"discount", discountErr, "log3", []string{`unknown discount "log3"`, "log2, log:B or jk:B"}},
		{"discount", discountErr, "harmonic", []string{"unknown discount", "log2"}},
		{"discount base 1", discountErr, "jk:1", []string{"base must be a number > 1", "jk:2"}},
		{"discount base", discountErr, "log:0.5", []string{"> 1", "log:2"}},
		{"discount base text", discountErr, "log:ten", []string{"> 1"}},
		{"discount base Inf", discountErr, "log:inf", []string{"> 1"}},
		{"tie policy", tiesErr, "random", []string{`unknown tie policy "random"`, "expected, best, worst, input or docno"}},
		{"IDCG source", idcgErr, "ideal", []string{`unknown IDCG source "ideal"`, "list or judged"}},
		{"zero rule", zeroErr, "0.5", []string{"IDCG=0 rule must be 0 or 1", `"0.5"`}},
		{"zero rule", zeroErr, "one", []string{"0 or 1"}},
		{"k = 0", kErr, "0", []string{"k must be a whole number ≥ 1", "all", `"0"`}},
		{"k < 0", kErr, "-3", []string{"≥ 1", `"-3"`}},
		{"k fraction", kErr, "2.5", []string{"whole number"}},
		{"k text", kErr, "ten", []string{"whole number"}},
		{"preset", presetErr, "pytorch", []string{`unknown preset "pytorch"`, "sklearn, trec_eval, lightgbm, xgboost, xgboost-, tf-ranking, jk"}},
	}
	for _, c := range cases {
		t.Run(c.name+" "+c.in, func(t *testing.T) {
			var err error
			require.NotPanics(t, func() { err = c.parse(c.in) })
			require.Error(t, err)
			for _, w := range c.want {
				require.Contains(t, err.Error(), w)
			}
		})
	}
}

func gainErr(s string) error     { _, err := ParseGain(s); return err }
func discountErr(s string) error { _, err := ParseDiscount(s); return err }
func tiesErr(s string) error     { _, err := ParseTiePolicy(s); return err }
func idcgErr(s string) error     { _, err := ParseIDCGSource(s); return err }
func zeroErr(s string) error     { _, err := ParseZero(s); return err }
func kErr(s string) error        { _, err := ParseK(s); return err }
func presetErr(s string) error   { _, err := FindPreset(s); return err }

// TestParseRoundTrip: every setting's String reads back as itself.
func TestParseRoundTrip(t *testing.T) {
	for _, in := range []string{"exp", "linear", "0=0,1=1,2=3,3=7", "0=0,0.5=0.25,2=3"} {
		g, err := ParseGain(in)
		require.NoError(t, err)
		require.Equal(t, in, g.String())
		back, err := ParseGain(g.String())
		require.NoError(t, err)
		require.Equal(t, g, back)
	}
	for _, in := range []string{"log2", "log:10", "log:2.718281828459045", "jk:2", "jk:3"} {
		d, err := ParseDiscount(in)
		require.NoError(t, err)
		require.Equal(t, in, d.String())
	}
	for alias, want := range map[string]string{"log": "log2", "jk": "jk:2", "LOG:2": "log2", " jk:10 ": "jk:10"} {
		d, err := ParseDiscount(alias)
		require.NoError(t, err)
		require.Equal(t, want, d.String())
	}
	for _, p := range TiePolicies {
		back, err := ParseTiePolicy(p.String())
		require.NoError(t, err)
		require.Equal(t, p, back)
	}
	for _, src := range []IDCGSource{FromList, FromJudged} {
		back, err := ParseIDCGSource(src.String())
		require.NoError(t, err)
		require.Equal(t, src, back)
	}
	for in, want := range map[string]int{"": 0, "all": 0, "None": 0, "1": 1, " 10 ": 10} {
		k, err := ParseK(in)
		require.NoError(t, err)
		require.Equal(t, want, k, in)
	}
}

// TestComputeChecksAsValidate: Compute's one-pass check accepts exactly
// the lists List.Validate accepts, and reports Validate's error, on lists
// with random defects (long ones too, where ids are checked by hash).
func TestComputeChecksAsValidate(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(31, 3))
	gainMap := Gain{Kind: GainMap, Map: map[float64]float64{0: 0, 1: 1, 2: 3, 3: 7, 4: 15, 0.5: 0.3}}
	defects := []func(l *List, i int){
		func(l *List, i int) { l.Items[i].Grade = -0.5 },
		func(l *List, i int) { l.Items[i].Grade = math.NaN() },
		func(l *List, i int) { l.Items[i].Grade = math.Inf(1) },
		func(l *List, i int) { l.Items[i].Grade = 1500 },
		func(l *List, i int) { l.Items[i].Grade = 2.5 }, // not in the map
		func(l *List, i int) { l.Items[i].Score = math.NaN() },
		func(l *List, i int) { l.Items[i].Score = math.Inf(-1) },
		func(l *List, i int) { l.Items[i].HasScore = !l.Items[i].HasScore },
		func(l *List, i int) { l.Items[i].ID = l.Items[rng.IntN(len(l.Items))].ID },
		func(l *List, i int) { l.Pool = append(l.Pool, Judged{ID: l.Items[i].ID}) },
		func(l *List, i int) { l.Pool = append(l.Pool, Judged{ID: "pool", Grade: -1}) },
		func(l *List, i int) { l.Pool = append(l.Pool, Judged{ID: "p", Grade: 1}, Judged{ID: "p", Grade: 2}) },
		func(l *List, i int) {}, // none
	}
	for trial := 0; trial < 600; trial++ {
		n := 1 + rng.IntN(30)
		if trial%100 == 0 {
			n = 3000
		}
		l := randomList(rng, n)
		for range 1 + rng.IntN(2) {
			defects[rng.IntN(len(defects))](l, rng.IntN(n))
		}
		for _, s := range []Settings{{Gain: Linear}, {Gain: Exp, TruncateGrades: true}, {Gain: gainMap}, {Gain: gainMap, IDCG: FromJudged, TruncateGrades: true}} {
			want := l.Validate(s)
			_, err := Compute(l, s)
			if want == nil {
				require.NoError(t, err, "trial %d %s", trial, s)
			} else {
				require.Equal(t, want, err, "trial %d %s", trial, s)
			}
		}
	}
}
