// Package ui is the interactive explorer, a Bubble Tea program where a
// person edits a ranked list and sees every NDCG number change as they
// type. The numbers come from ndcg, their words from explain and verify;
// the list, its settings and its undo history live in a
// workspace.Workspace. Files are read and written only on a person's keys
// (open, save, save as, screenshot), and never in a session over the
// network (Remote). The query browser, which opens one query of a TREC
// run at a time in the explorer, is package ui/browser.
//
// # Structure
//
// The packages below ui import one another downwards only, so that the
// compiler keeps each part to what it is handed (layers_test.go holds
// them to the order below, from the top):
//
//	ui/browser         the query browser, which embeds the root Model
//	ui                 the root Model: routing, the frame of the screen, files; and the
//	                   Workshop, an attendee's explorer in a room, which wraps it
//	ui/dialogs         what has the keys over a view until it closes, one Dialog a file
//	ui/views           the registry of the views (views.All)
//	ui/views/NAME      the views, a package for those that teach together: explorer;
//	                   arithmetic (working, curves, pool); order (ties, swap);
//	                   compare (conventions, companions); practice (check, quiz)
//	ui/views/view      what a view is and shares: View, Drawn, Lazy, number fields
//	ui/components/NAME widgets: textfield, table, frame, layout, background, loading
//	ui/common          Common, the one style sheet (Styles, Glyphs), the shared KeyMap
//	ui/room            the room's messages: Remote, Offer, RoomRound, RoomTimer, RoomAnswer
//
// The root Model owns the common.Common every view shares (the
// workspace, the key map, the style sheet, the status line) and switches
// between views. A view is a sub-model (view.View) that owns its state,
// its size (SetSize: it draws exactly the cells it is given), its footer
// (ShortHelp) and the keys only it has (FullHelp, which the ? help
// lists); it reaches the program only through the Common it was made
// with, and changes the list through Common.Apply, after which every view
// receives the workspace.Edited message. The root reaches a view only
// through view.View and the optional interfaces of package view, and the
// exported methods of the explorer and of the quiz (practice.Quiz).
//
// The root knows nothing of a workshop's room. A Workshop (workshop.go)
// holds the explorer of an attendee of ndcg-explorer serve: it sees the
// room's messages and the keys that answer the room (^x, y/n, enter/esc)
// before the explorer, holds a step the instructor sent in place of it,
// and adds to its screen only through the explorer's decor (draw.go): a
// clock and a mark on the title line, the status and footer of an answer
// awaited, lines at the end of the help.
//
// A dialog (dialogs.Dialog: Key, Paste, Covers, View, Footer) is the one
// thing over the view that has the keys: the question about unsaved
// edits, save as, copy, the screen's image, the view menu, the open dialog,
// the cutoff field, the help. The root holds at most one (Model.dialog)
// and hands it a dialogs.Host (dialog.go), the part of the program a
// dialog may reach. Adding one is a file in ui/dialogs and the key that
// opens it (keys.go).
//
// # Where things are: the naming rule
//
// A name says where a thing is, and a thing has one home.
//
//   - A folder says what a package is: a widget is a package under
//     ui/components, a view a type of a package under ui/views (one per
//     thing the views teach together), a dialog a file of ui/dialogs. No
//     file is named for the folder it sits in (no view_, teach_ or
//     browser_ prefix, no _view or _workshop suffix), and none has a
//     _draw suffix in a package of one model.
//   - In a package, the file named after the package, or after the model
//     it holds, has the model, its constructor and Update (ui.go,
//     explorer.go, browser.go, textfield.go); draw.go has what View draws
//     (in a package of several views, NAME_draw.go, for the view NAME:
//     ties_draw.go beside ties.go); keys.go the keys; doc.go the
//     package's doc, which ends by listing its files. Any other file
//     holds one concern, named by a noun (charts.go, lazy.go, save.go,
//     help.go).
//   - A test file is named for the file it tests (cells_test.go for
//     cells.go); the root's tests, which walk the whole program, are named
//     for what they walk through (prompts_test.go, offer_test.go). A
//     package's golden screens are in its own testdata.
//   - A file stays under 500 lines and a function under about 80: past
//     that, it is split where it already has named steps (handleKey is
//     quit, programKey, conventionKey, fileKey, viewKey). The module's
//     files are held to the 500 lines too, save the exceptions named with
//     their reason in lines_test.go at the module's root.
//
// Files: ui.go (Options, Model, New, Update and its routing), keys.go
// (handleKey and the program's keys), draw.go (the whole screen: title,
// conventions line, status line, footer), help.go (the ? help's text),
// viewbar.go (the line of views and their keys), dialog.go (the dialog
// open and the Host it is handed), save.go (saving the list; over the
// network, copying it instead), export.go (copying, the screen as an
// image), workshop.go (the Workshop: offers, the room's rounds, where
// the attendee is for the instructor's room view), sentstep.go (a step
// the instructor sent, in place of the explorer), share.go (the
// instructor's ask to show the screen to the room, and showing it),
// clock.go (the time left on a timed round of the room, and its ticks),
// lesson.go (the guided path, ndcg-explorer learn, and a step the
// instructor sends: the Lesson, its keys and answers), lessonjudge.go
// (an answer judged: a k or a rank, a slip worth naming, progress kept),
// lessonpath.go (where a lesson goes: its path or the closing review,
// the next step, the review's score), lessonscreen.go (what a step
// draws, the answer and what gives it away hidden until given, and the
// words of a wrong answer's verdict),
// greeting.go (what to do first, on the status line until the next
// status), recompute.go (the workspace's work off the update loop),
// embed.go (what a program embedding the explorer asks of it),
// exports.go (the names the server and the command line use).
//
// # Work in Update, View pure
//
// After each message, Update calls the active view's Refresh (work its
// numbers out again if an edit or a resize made them stale), then Draw
// (format the screen from them), and keeps the screen; View hands it out,
// computing nothing and allocating nothing, which a test checks for every
// view. A teaching view that is not on screen only marks itself stale at
// an edit, which costs it nothing. On a long list a view's heavier
// computations run off the update loop (components/background), in a
// tea.Cmd, while a spinner turns and every key keeps working; a result
// made stale by an edit meanwhile is dropped.
//
// # Styles, cells and numbers
//
// common.Styles is the one style sheet: every style, and in Glyphs every
// character drawn besides letters and digits, in Unicode or ASCII
// (--ascii, or A); the serve dashboard draws with it too. No meaning
// rests on colour alone, so the screen reads the same under NO_COLOR.
// Widths are counted in terminal cells and every part of the screen is
// cut to its own (layout.Block), so no terminal size makes one part spill
// into another. The summary shows DCG, IDCG and NDCG with four decimals;
// the table shows NDCG@i with four, contributions, DCG@i and IDCG@i with
// three (four from 100 cells wide), discounts with three, grades and
// scores in the shortest form that reads back exactly
// (ndcg.FormatNumber); a number too wide for its cell loses decimals,
// then takes exponent form. Bars are exact to an eighth of a cell (to a
// cell in ASCII), and a positive value never draws an empty bar. Text
// from the data (ids, titles, file names) is shown through
// common.Shown, never obeyed.
//
// Every prompt types into textfield.Model, the one-line field of our
// own (see package textfield for why not Bubbles' textinput).
//
// # Adding a view
//
// See package ui/views: a type implementing view.View in the package of
// the views it teaches with, one line in views.All, and a golden screen
// (goldenView).
package ui
