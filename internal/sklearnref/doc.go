// Package sklearnref reads the scikit-learn reference values that the
// tests compare the engine with: ndcg/testdata/sklearn/cases.json and
// verify/testdata/reference.json, each written by the gen.py beside it
// from scikit-learn's ndcg_score and dcg_score. The tests need neither
// scikit-learn nor Python, only these files; the package is imported by
// tests alone, and computes nothing.
//
// # The files
//
// A file names the scikit-learn version that wrote it (cases.json as
// sklearn_version, reference.json as sklearn; File.SklearnVersion holds
// either), and Load refuses one that does not. Each Case is one query:
//
//   - Name; Grades in input order; Scores, nil when the list order is the
//     ranking; Gain, "linear" or "exp" (for exp the scripts hand
//     scikit-learn 2^grade − 1 as the grades, so its values are under
//     that gain); LogBase, dcg_score's log_base (0 for 2);
//   - K, nil for the whole list, and DCG, IDCG and NDCG at K, with Via,
//     the scikit-learn function they come from;
//   - PerK: the three values at every cutoff k = 1, 2, …;
//   - DCG and IDCG with log_base 10 and e, and the DCG of one concrete
//     tie order each (best, worst, input).
//
// A field a file does not give is zero or nil: reference.json gives PerK
// and not the values at K; cases.json gives the values at K, and the rest
// for some cases. DCG and NDCG are scikit-learn's with its default
// ignore_ties=False, the mean over every order of each tie group; IDCG is
// the DCG of the grades ranked by themselves. The files are JSON written
// by Python, whose floats read back as the exact float64 scikit-learn
// computed. samples/testdata/reference.json has a shape of its own and is
// read by the samples tests directly.
package sklearnref
