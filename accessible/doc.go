// Package accessible is the explorer, the guided path and check in plain
// lines, for a screen reader and for a pipe (--accessible, or ACCESSIBLE
// set, as huh reads it): no box drawing, no cursor movement, no colour.
// Each command is a line ("grade 2 3", "k 3", "ties worst", "idcg
// judged", "working", "check ndcg 0.76", "help"), one for each key a
// step of a path may name, so that an instruction's "Press {idcg}"
// reads as a command that exists; each answer is a sentence or a short
// plain table, said once, in the order it is read.
//
// The numbers come from package ndcg, the verdicts on a claim from
// package verdict, worded as check words them; the steps of the path
// from package learn (its step API, not its screens). What this package
// owns is the wording of the lines: words.go says a rank, a sum and the
// conventions; session.go reads the commands, settings.go those that set
// a convention (ties, gain, idcg, zero); lesson.go walks the path;
// claims.go says check's verdicts a claim to a paragraph.
package accessible
