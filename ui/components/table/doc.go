// Package table is the geometry of the explorer's per-rank table: which
// columns fit a width (New, and NewPresent for the projector mode), the
// heading, one rank's cells, and TieMark, the bracket that joins a tie
// group's ranks. NDCG@i has four decimals, contributions, DCG@i and
// IDCG@i three (four from 100 cells wide); a number too wide for its
// cell loses decimals, then takes exponent form (layout.Fit).
//
// Files: table.go.
package table
