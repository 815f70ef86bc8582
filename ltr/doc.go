// Package ltr computes NDCG@k on a learning-to-rank data set (queries of
// labelled documents with a model's predictions) exactly as the ranking
// libraries do, so that a user can see why LightGBM, XGBoost and
// scikit-learn report different values for the same predictions.
//
// A data set is a list of queries; each query holds its documents'
// labels and predictions in input order (the order of the rows in the
// data file). Every rule set reuses the conventions of its preset of the
// ndcg package (xgboost, xgboost-, lightgbm, sklearn, …: gain, discount,
// tie order, the value of a query without a relevant document) and adds
// what the library does to its inputs before that computation. XGBoost's
// cut of labels to integers is one of those, done as the list is read so
// that a comparison names the label rule; ListSettings puts it back in
// the settings a list is explored under, the xgboost preset's:
//
// XGBoost 1.7 (src/metric/rank_metric.cc, EvalRank::Eval and
// EvalNDCG::EvalGroup):
//   - labels are stored as float32 and cast to int: 2.7 is 2, 0.5 is 0;
//     a label of 32 or more overflows its 32-bit gain (1<<rel)−1 (31
//     still comes out right, 2^31−1, as XGBoost 1.7.4 shows:
//     testdata/xgboost_label31.py) and a label ≤ −1 wraps around as
//     unsigned, so both are refused;
//   - gain 2^label − 1, discount 1/log2(rank+1);
//   - predictions are float32: documents are ranked by the prediction
//     rounded to float32, with a stable sort, so equal predictions keep
//     their input order (predictions equal only after rounding tie too);
//   - a query whose ideal DCG is 0 (no label ≥ 1) scores 1 for ndcg@k
//     and 0 for its variant ndcg@k- (Rules.Minus);
//   - the value of the data set is the unweighted mean over queries.
//
// LightGBM (src/metric/rank_metric.hpp, NDCGMetric; src/metric/
// dcg_calculator.cpp, DCGCalculator):
//   - labels are stored as float32 and must be whole numbers ≥ 0 and
//     below the length of label_gain (CheckLabel); anything else stops
//     LightGBM, and is refused here with its message;
//   - gain label_gain[label], by default 2^label − 1 for labels 0…30
//     (DefaultLabelGain); discount 1/log2(rank+1);
//   - predictions are float64; a stable sort by prediction keeps tied
//     documents in input order (CalDCG);
//   - the ideal DCG takes labels from the highest down (CalMaxDCG); a
//     query whose ideal DCG at the smallest eval_at is 0 scores 1 at
//     every cutoff;
//   - eval_at is sorted ascending (default 1,2,3,4,5); a query has at
//     most 10000 rows (kMaxPosition);
//   - the value is the mean over queries (weighted only with query
//     weights, which this package does not read).
//
// scikit-learn (ndcg_score, ignore_ties=False) and the other presets of
// the ndcg package take labels and predictions as float64, as given.
// ndcg_score raises ValueError on a query of one document (scikit-learn
// 1.2.1, testdata/practitioner_gen.py): such a query is scored under the
// preset's conventions and named (Rules.MinRows, Result.Refused), with
// the mean over the others beside the mean over all.
package ltr
