package ndcg

// ints is an order as []int, to compare with the orders the tests build.
func ints(o []int32) []int {
	out := make([]int, len(o))
	for i, x := range o {
		out[i] = int(x)
	}
	return out
}

// rankArrays are a result's per-rank numbers read through its methods,
// as Compute once stored them.
type rankArrays struct {
	Grades, Gains, ExpectedGains []float64
	TieAt, ScoreGroup            []int
	IdealGrades, IdealGains      []float64
}

func arrays(r *Result) rankArrays {
	var a rankArrays
	for i := range r.N {
		a.Grades = append(a.Grades, r.Grade(i))
		a.Gains = append(a.Gains, r.Gain(i))
		a.ExpectedGains = append(a.ExpectedGains, r.ExpectedGain(i))
		a.TieAt = append(a.TieAt, r.TieAt(i))
		a.ScoreGroup = append(a.ScoreGroup, r.scoreGroup(i))
	}
	for i := range r.IdealOrder {
		a.IdealGrades = append(a.IdealGrades, r.IdealGrade(i))
		a.IdealGains = append(a.IdealGains, r.IdealGain(i))
	}
	return a
}
