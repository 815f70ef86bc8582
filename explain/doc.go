// Package explain puts the engine's numbers into words for people: the
// working of NDCG written out as on a whiteboard, term by term with the
// numbers substituted; the bar charts of the printed reports; and what
// the teaching views work out beyond the engine (the presets side by side
// and why they disagree, the curves of gain and discount, the log base
// lesson, the quiz's questions). It does no I/O and knows no terminal: it
// returns text, markdown and values (Line, Bar, Chart) that the command
// line, the explorer and package picture lay out. Ids from the list are
// written through termsafe.
//
// # The whiteboard
//
// New turns an ndcg.Result into a Working; Text, Markdown and Lines (for
// a screen of a given width, each line tagged with its LineKind) all lay
// it out in the same order: what each term is, the ranking with "|" after
// the cutoff and tie groups in brackets, DCG as fractions then worked
// out, the notes (tie order, k past the list's end, each tie group's mean
// gain, marked "*"), the ideal order and IDCG the same way, and the
// division, or the IDCG=0 rule that gives NDCG. For grades 3, 2, 3, 0, 1
// under exponential gain at k=3:
//
//	DCG@3 = 7/1.000 + 3/1.585 + 7/2.000
//	      = 7.000 + 1.893 + 3.500 = 12.393
//	NDCG@3 = DCG@3 / IDCG@3 = 12.393 / 12.917 = 0.9595
//
// A log2 discount is written as a division by log2(i+1), any other as
// gain × discount. A sum of more than 20 terms shows its first 8 and last
// 3 around "…", and still its whole total. NewShown is New for a working
// that is only printed: of a long ranking or sum it keeps just the
// entries and terms the text shows, with their full counts (RankingLen,
// IdealLen, Sum.Count), and prints the same bytes; SpellRanking and
// SpellIdeal spell either kind out.
//
// # Numbers
//
// Terms, sums and chart values have three decimals (Num); NDCG in the
// division and in Reasons has four. Grades are written as
// ndcg.FormatNumber writes them, gains as a person would (7, 2.5, or
// three decimals when longer).
//
// # Charts
//
// The chart builders (ContributionChart, NDCGByKChart, TieChart,
// DistributionChart) return a Chart: horizontal bars on one scale for the
// whole chart, so lengths compare, each with its value printed.
// Chart.Text draws the bars with '#', 40 characters for the full scale
// unless Width says otherwise, each rounded to the nearest character. A
// chart by rank or by k of a long list shows its first 25 ranks and says
// which it leaves out; NDCGByKChart keeps the k in force in sight.
// ContributionsAt, NDCGByKBar and TieBand give a screen that lays out its
// own chart the same values and bars. Key, Series, Axis and Category
// carry what a picture needs to draw the same chart.
//
// # Wording defined once
//
// Every output states the conventions in force with State, each setting
// in words in the same order: Stated.Line is the line the reports and
// pictures print (Conventions), and the explorer joins the same parts, or
// Stated.Short's when its terminal is narrow. Words that several outputs
// share (SettingName, KMarkNote, CategoryTieOrder, AxisProbability) are
// defined here, so a report, a picture and a screen say the same thing
// the same way.
package explain
