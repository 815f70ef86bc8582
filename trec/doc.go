// Package trec evaluates whole TREC runs the way trec_eval 10.0 does for
// every NDCG measure it builds (ndcg, ndcg_cut, ndcg_rel, Rndcg, and
// gain parameters as in ndcg.1=0,2=3), and measures how much of the
// ndcg and ndcg_cut values is tie luck: the worst, expected and best
// value over every order of the documents a run scored equally.
//
// Qrels and runs may also be BEIR qrels, MS MARCO runs, dict JSON or
// tables (formats.go, rows.go, tables.go, dict.go): each is read as
// the TREC lines it stands for, so every rule below applies to it
// unchanged.
// Dict JSON is read in one pass and a run of it streamed: its TREC
// lines are made as it is read (dicttext.go).
//
// The rules are trec_eval's (m_ndcg.c, m_ndcg_cut.c, form_res_rels.c):
//   - documents are ranked by score, descending; equal scores are ordered
//     by docno in descending byte order; the rank column is ignored;
//   - a rel value is read as C's atol reads it: its leading integer
//     ("2.7" is 2, "-0.5" is 0); a negative rel means judged as unjudged:
//     no gain and no place in the ideal ranking;
//   - the gain of a retrieved document is its rel if positive, else 0
//     (retrieved documents not in the qrels gain 0);
//   - the ideal ranking holds every judged document with rel > 0 of the
//     query, retrieved or not, cut at k for ndcg_cut.k;
//   - each term is gain / log2(rank+1), summed in rank order; a query
//     without a relevant document scores 0 and counts in the mean;
//   - queries only in the run are ignored; queries only in the qrels are
//     skipped with a warning, or count as 0 with -c (Options.Complete);
//   - ndcg_rel, Rndcg and gain parameters follow family.go, which
//     reproduces trec_eval's code for them, oddities included;
//   - a cutoff is read as atol reads it (ndcg_cut.23.4 is ndcg_cut_23,
//     with a warning in Measures.Warnings);
//   - under -M N each ranking is cut to its first N documents before
//     duplicate docnos are looked for, so a duplicate below rank N is
//     no error (form_res_rels.c).
//
// The run is read as a stream: when its lines are grouped by query (as
// every TREC run is), memory holds only the queries being evaluated.
// A run whose queries are split across the file is still evaluated
// correctly: from the first sign of it, every query's lines are held
// until the end of the run (up to 256 MB of them; trec_eval holds the
// whole run), and what did not fit is read again (the passes of
// passes.go). A run that can be read only once (a pipe, a FIFO,
// /dev/stdin) is opened once: its format is told from its head
// (ReadHead, to the end of its first line), and RunSourceAs holds it
// whole.
package trec
