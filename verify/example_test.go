package verify_test

import (
	"fmt"

	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
	"github.com/ndcg-explorer/ndcg-explorer/verify"
)

// A tutorial's worked example: grades 3,2,3,0,1, exponential gain, k=5,
// with the claims DCG@5 12.78, IDCG@5 13.65 and NDCG@5 0.94. scikit-learn
// gives 12.7796, 13.3472 and 0.9575.
func ExampleCheck() {
	list, _ := ndcg.FromGrades([]float64{3, 2, 3, 0, 1}, nil)
	s := ndcg.DefaultSettings()
	s.K = 5
	claim := func(text string) *verify.Written {
		w, _ := verify.ParseWritten(text)
		return &w
	}
	rep, _ := verify.Check(list, s, verify.Claims{DCG: claim("12.78"), IDCG: claim("13.65"), NDCG: claim("0.94")})
	for _, v := range rep.Verdicts {
		fmt.Printf("%s claimed %s ±%g: true %.4f, holds %v\n", v.Claim.Label("5"), v.Claim, v.Claim.Tolerance(), v.True, v.Holds)
	}
	q := rep.Verdicts[2].Quotient
	fmt.Printf("the NDCG claim is %s / %s: %v\n", q.DCG, q.IDCG, q.Holds)
	// Output:
	// DCG@5 claimed 12.78 ±0.005: true 12.7796, holds true
	// IDCG@5 claimed 13.65 ±0.005: true 13.3472, holds false
	// NDCG@5 claimed 0.94 ±0.005: true 0.9575, holds false
	// the NDCG claim is 12.78 / 13.65: true
}

// A claim made with another convention names it: scikit-learn's linear
// gain gives NDCG@5 0.9724 for this list.
func ExampleCheck_convention() {
	list, _ := ndcg.FromGrades([]float64{3, 2, 3, 0, 1}, nil)
	s := ndcg.DefaultSettings()
	s.K = 5
	w, _ := verify.ParseWritten("0.9724")
	rep, _ := verify.Check(list, s, verify.Claims{NDCG: &w})
	for _, m := range rep.Verdicts[0].Matches {
		fmt.Println(m.Changes[0], m.Presets)
	}
	// Output:
	// gain linear (not exp) [sklearn trec_eval]
}

func ExampleWritten_Tolerance() {
	for _, text := range []string{"0.94", "13", "12.780", "1.0e-3"} {
		w, _ := verify.ParseWritten(text)
		fmt.Printf("%s ±%g\n", w, w.Tolerance())
	}
	// Output:
	// 0.94 ±0.005
	// 13 ±0.5
	// 12.780 ±0.0005
	// 1.0e-3 ±5e-05
}

// A claim no convention explains: the report lists what the search
// tried, and TriedName says each in words.
func ExampleTriedName() {
	list, _ := ndcg.FromGrades([]float64{3, 2, 3, 0, 1}, nil)
	s := ndcg.DefaultSettings()
	s.K = 3
	w, _ := verify.ParseWritten("0.123")
	rep, _ := verify.Check(list, s, verify.Claims{NDCG: &w})
	for _, t := range rep.Tried {
		fmt.Println(verify.TriedName(t))
	}
	// Without ties, a pool or an IDCG of 0, the ties, the IDCG source
	// and the IDCG=0 rule cannot change the value, so are not tried.
	// Output:
	// gain
	// discount
	// k±1
	// IDCG over the whole ideal ranking
}

// The same list: 12.78 given for NDCG@5 is its DCG, 7 + 3/log2 3 +
// 7/2 + 0 + 1/log2 6 = 12.7796, an NDCG no list can have, named by the
// catalogue's id and sentence.
func ExampleReport_Diagnosis() {
	list, _ := ndcg.FromGrades([]float64{3, 2, 3, 0, 1}, nil)
	s := ndcg.DefaultSettings()
	s.K = 5
	w, _ := verify.ParseWritten("12.78")
	rep, _ := verify.Check(list, s, verify.Claims{NDCG: &w})
	d := rep.Diagnosis(0)
	fmt.Println(d.Mistakes, d.Ambiguous, rep.Verdicts[0].Claim.Impossible())
	fmt.Println(verify.Lookup(d.First()).Did)
	// Output:
	// [dcg_for_ndcg] false true
	// gave DCG where NDCG was asked, not divided by IDCG
}
