// Package termsafe makes text from a file safe to show on a terminal.
//
// A list's ids, titles and names, a qid in a run, a value echoed in an
// error: any of them may hold control characters. Printed raw, ESC [ 2 J
// clears the screen, OSC 0 sets the window title and OSC 52 writes the
// clipboard; a carriage return or a backspace hides what came before it.
// Every writer a person reads (report text and markdown, check, trec's
// tables, error messages, the explorer and the browser) passes data
// through this package, which shows each such character as a visible
// escape (\x1b, \x9b, \u202e) instead of dropping it, so the data is
// neither obeyed nor hidden. CSV and JSON outputs stay exact: they are
// read by programs, and a program's reader does not obey escapes.
//
// What is shown escaped: the C0 controls U+0000–U+001F (newline and tab
// too in String, kept in Text), DEL U+007F, the C1 controls
// U+0080–U+009F, the bidirectional overrides and isolates (U+202A–U+202E,
// U+2066–U+2069), which reorder what is shown, the prepended marks
// (U+0600–U+0605 and a few more), which join the character after them
// and so would shift every cell after them by one, and every byte that
// is not part of valid UTF-8, as \xNN.
package termsafe
