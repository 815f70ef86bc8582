// Package report renders the breakdown of one list, rank by rank, in
// every format the report command writes: text, markdown, CSV, JSON, and
// the SVG charts and HTML handout (drawn by the picture package). It is
// the one home of those renderers: the command line prints them, the
// explorer's copy key (y m) and the workshop's take-home copy the same
// markdown, so a change of wording is made once.
//
// Each renderer takes the list as read (listio.Document, for its name,
// title and notes) and its computation (ndcg.Result), and does no other
// I/O than writing to the writer it is given.
//
// What the data may hold is made safe where each format needs it: the
// markdown escapes HTML markup and shows control characters escaped (as
// package termsafe does), since it is pasted into pages a browser
// renders and also printed on a terminal; HTML and SVG escape markup;
// CSV and JSON keep the text exact, for programs, with spreadsheet
// formulas defused in CSV. The text report leaves control characters to
// its caller, which prints it through termsafe.
//
// CSV and JSON stream the ranks through one reused buffer, as
// encoding/csv and encoding/json would write them (tests compare the
// two byte for byte): a list of a million items is written without
// building the document in memory.
package report
