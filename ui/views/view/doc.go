// Package view is what every view of the explorer is and shares: the
// View interface (a sub-model that owns its state and size, draws in
// Refresh then Draw and keeps the result, so that View is pure), Drawn,
// which views embed for View, and the optional interfaces the program
// asks a view for (Capturer, HalfTyper, NumberTaker, Worker). Lazy is
// the part of a teaching view that decides when to work its numbers out
// again (stale at every edit and resize; off the update loop on a long
// list); Head, BusyScreen and CannotCompute are lines every teaching
// view draws; NumberInput, NumberKey and VerdictMark are the fields that
// take a number (the check's claims, the quiz's answer, and the answer to
// a step of the guided path in package ui) and the marks of a verdict.
//
// A view reaches the program only through the common.Common it was made
// with: the workspace (changed through Common.Apply), the keys, the style
// sheet and the status line.
//
// Files: view.go (the interfaces, Drawn), lazy.go (Lazy and the lines
// of a teaching view), number.go (number fields, verdict marks).
package view
