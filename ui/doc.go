// Package ui is the interactive explorer, a Bubble Tea program where a
// person edits a ranked list and sees every NDCG number change as they
// type, and the query browser, which opens one query of a TREC run at a
// time in it. The numbers come from ndcg, their words from explain and
// verify; the list, its settings and its undo history live in a
// workspace.Workspace. Files are read and written only on a person's keys
// (open, save, save as, screenshot, a query opened in the browser), and
// never in a session over the network (Remote).
//
// # Structure
//
// The root Model owns the Common that every view shares (common.go: the
// workspace, the key map, the style sheet, the status line) and switches
// between views. A view (the view interface, teach.go) is a sub-model
// that owns its state, its size (SetSize: it draws exactly the cells it
// is given), its footer (ShortHelp) and the keys only it has (FullHelp,
// which the ? help lists in that view). The views registry in teach.go
// lists them in the order of their keys, each with the purpose the view
// menu (v, dialogs.ViewMenu) shows. An edit goes through Common.Apply, after which
// every view receives the workspace.Edited message. frame.go holds what
// the explorer and the query browser draw alike (status line, which a
// long message fills to the footer's line until the next key, footer of
// keys, help overlay, quit question and the pause that tells its answer
// from a key typed ahead, the screen for a terminal under
// MinWidth×MinHeight), keys.go the keys more than one view uses.
// Every prompt types into a textField (textfield.go), the one-line field
// of our own: a shell's line keys (fieldKeys), the terminal's bracketed
// paste, no system clipboard, sideways scrolling by cells, a cursor
// that does not blink. Bubbles' textinput would link atotto/clipboard,
// whose package initialisation looks for xclip, xsel and wl-copy in
// every directory of PATH at the start of every command.
//
// # Work in Update, View pure
//
// After each message, Update calls the active view's refresh (work its
// numbers out again if an edit or a resize made them stale), then draw
// (format the screen from them), and keeps the screen; View hands it out,
// computing nothing and allocating nothing, which a test checks for every
// view. A teaching view that is not on screen only marks itself stale at
// an edit, which costs it nothing. On a long list a view's heavier
// computations run off the update loop (background.go), in a tea.Cmd,
// while a spinner turns and every key keeps working; a result made stale
// by an edit meanwhile is dropped.
//
// # Styles, cells and numbers
//
// Styles (styles.go) is the one style sheet: every style, and in Glyphs
// every character drawn besides letters and digits, in Unicode or ASCII
// (--ascii, or A). No meaning rests on colour alone, so the screen reads
// the same under NO_COLOR. Widths are counted in terminal cells and every
// part of the screen is cut to its own (block), so no terminal size makes
// one part spill into another. The summary shows DCG, IDCG and NDCG with
// four decimals; the table shows NDCG@i with four, contributions, DCG@i
// and IDCG@i with three (four from 100 cells wide), discounts with three,
// grades and scores in the shortest form that reads back exactly
// (ndcg.FormatNumber); a number too wide for its cell loses decimals,
// then takes exponent form. Bars are exact to an eighth of a cell (to a
// cell in ASCII), and a positive value never draws an empty bar. Text
// from the data (ids, titles, file names) is shown through termsafe,
// never obeyed.
//
// # Adding a view
//
//  1. In a new file ui/view_NAME.go, write a type that implements view:
//     embed drawn (for View) and lazy (stale at every edit and resize),
//     write ShortHelp, Update, refresh and draw, and FullHelp if it has
//     keys of its own, each a bind(…) in that file. What it computes
//     belongs in a pure package (explain, verify), with its own tests.
//  2. Add one line to views in teach.go: the view's capital letter (the
//     first of its name that no key has taken), its name and its
//     constructor. F1, F2, … follow the registry's order.
//  3. Record how it looks in a golden screen (goldenView).
package ui
