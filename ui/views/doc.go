// Package views is the registry of the explorer's views (All): each
// view's name, purpose and constructor, in the order of their keys (F1,
// F2, … and the view menu's digits follow it). The views live in the
// packages below this one, grouped by what they teach together:
// explorer (the ranked list, F1), arithmetic (how NDCG is built: working,
// curves, pool), order (what the order does: ties, swap), compare (NDCG
// beside others: conventions, companions) and practice (the learner's own
// numbers judged: check, quiz); package view says what a view is and
// holds what they share.
//
// # Adding a view
//
//  1. In the package of the views it teaches with, write a type that
//     implements view.View: embed view.Drawn (for View) and view.Lazy
//     (stale at every edit and resize), write ShortHelp, Update, Refresh
//     and Draw, and FullHelp if it has keys of its own (in the package's
//     keys.go). A constructor named for it, NewNAME(c *common.Common)
//     view.View, makes it. A new package ui/views/NAME only when it
//     teaches something apart from every package there is. What it computes belongs in a pure package
//     (explain, verify), with its own tests.
//  2. Add one line to All in registry.go: its name, its purpose (the
//     view menu's line) and its constructor. No view has a letter: a
//     capital's lower case would have to do nothing, the same or its
//     reverse (ui's twins_test.go).
//  3. A new package only: name it in the views' layer of
//     ui/layers_test.go (a package of views imports view, common and the
//     widgets, never another package of views).
//  4. Record how it looks in a golden screen (goldenView in ui's tests).
//
// The explorer has keys for ten views: F1–F10 and the view menu's digits
// 1–9 and 0, in All's order, and its view bar names ten whole at 80
// columns. An eleventh fails TestViewsFitTheirKeys (and TestViewBar)
// rather than be numbered 1 in the menu, the explorer's digit, and
// reached only by F11, many terminals' full screen: past ten, the menu's
// numbers, the function keys and the view bar need another scheme first
// (a view that teaches with another belongs in its package, as a mode).
//
// A view reaches the program only through the common.Common it is made
// with; the program reaches a view only through view.View and the
// optional interfaces of package view.
//
// Files: registry.go.
package views
