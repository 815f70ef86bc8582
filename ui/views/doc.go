// Package views is the registry of the explorer's views (All): each
// view's name, purpose and constructor, in the order of their keys (F1,
// F2, … and the view menu's digits follow it). Every view is a package of its own
// below this one (explorer, working, ties, conventions, swap, curves,
// pool, companions, check, quiz); package view says what a view is and
// holds what they share.
//
// # Adding a view
//
//  1. In a new package ui/views/NAME, write a type that implements
//     view.View: embed view.Drawn (for View) and view.Lazy (stale at
//     every edit and resize), write ShortHelp, Update, Refresh and Draw,
//     and FullHelp if it has keys of its own. New(c *common.Common)
//     view.View makes it. What it computes belongs in a pure package
//     (explain, verify), with its own tests.
//  2. Add one line to All in registry.go: the view's name, its purpose
//     and New. No view has a letter: a capital's lower case would have
//     to do nothing, the same or its reverse (ui's twins_test.go).
//  3. Record how it looks in a golden screen (goldenView in ui's tests).
//
// A view reaches the program only through the common.Common it is made
// with; the program reaches a view only through view.View and the
// optional interfaces of package view.
//
// Files: registry.go.
package views
