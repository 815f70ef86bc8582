// Package listio reads and writes ranked lists as files hold them. A
// Document is the list with what the file wrote beside it: its title and
// notes, the settings it asks for, the claims to check, and the top-level
// fields this program does not know, kept so that a save loses nothing.
// The package reads files, standard input and the built-in samples, and
// writes files; it knows no terminal, and what its messages echo of the
// data goes through termsafe.
//
// # Sources and formats
//
// Load reads a path, "-" (standard input) or "sample:NAME" in the format
// --input-format names (ParseFormat: json, csv or tsv) or, when it names
// none, the one DetectFormat finds: content that opens with { or [ is
// JSON whatever the name; otherwise the extension decides (.json, .csv,
// .tsv or .tab); otherwise a tab in the first line means TSV, and
// anything else is CSV. A table's columns may also take the names the
// tables of many queries give them (docid, relevance, label,
// prediction, …); spaces around a bare cell are dropped, inside quotes
// kept. A CSV, TSV or JSON-lines table with a query id
// column holds many queries: Load refuses it, naming some of them, and
// LoadQuery takes one. Inline builds a list from --grades and --scores,
// LoadTRECQuery reads one query of a TREC qrels and run pair, and
// LTRQuery one query of a learning-to-rank data set that LoadLTR read.
//
// # Limits
//
// A list is UTF-8 text. The first block of a source is looked at before
// the rest is read: NUL bytes, UTF-16 or bytes that are not UTF-8 are
// refused there, so a binary file or an endless device costs one block. A
// UTF-8 byte order mark is dropped. A source over MaxSize (1 GiB unless
// --max-size raises it) is refused: a regular file from its size, a pipe
// as soon as it passes the limit. A list holds at most MaxItems items
// (ten million unless --max-items raises it): an item costs about a
// hundred bytes however short its line, and reading a source holds the
// garbage collector to ten times its size plus 1.5 GiB. A file whose
// lines end with a carriage return alone is refused, naming the line
// endings. Numbers are plain decimals; a value that is not finite (NaN,
// Inf, a literal too large for a float64) is refused as such, and a
// grade written as a word or a percentage is told what to write.
//
// # Errors
//
// A problem in a list is an *Error, worded for the person who wrote the
// file: Name is the file ("-" for standard input, "sample:NAME", or the
// flag for inline values), Line is 1-based (0 when unknown), Field says
// where in the format's own terms ("items[2].grade", "settings.k",
// "column score", "value 3"), and Msg what is wrong and what to do. It
// prints as "NAME:LINE: FIELD: MSG", leaving out the parts it does not
// know. An unknown field or column names the nearest known one. A problem
// the engine finds later (a grade too large for exponential gain, found
// when the list is computed) is an *ndcg.ItemError, which Document.Locate
// turns into an *Error with the item's line and field, or its id when the
// list was edited since; Document.Compute does so itself. No line is kept
// per item for this (48 MB at a million items): Locate reads the file or
// sample again to find it, and names the item by its id when the input
// cannot be read again (standard input). A file setting
// that FileSettings.Apply cannot apply is a *SettingError naming the
// field, so that a command line applying its flags through it can name
// the flag instead.
//
// # Writing
//
// WriteJSON writes the canonical JSON format, what the explorer saves:
// items one to a line with keys in the order id, title, grade, score,
// numbers in the shortest form that reads back to the same float64,
// claims with their digits as written, unknown fields in their order.
// WriteTable writes CSV or TSV that ReadCSV and ReadTSV read back; a text
// cell a spreadsheet would take for a formula gets a leading apostrophe
// (SafeCell), which the readers drop. Save and WriteFileAtomic replace a
// file atomically (a temporary file beside it, sync, rename): a crash or
// a full disk leaves the old file or the new one, never half of one.
// WriteFileIfUnchanged writes only over the file a Stamp says was read
// or written, comparing and writing under a lock on its directory, so
// that of two saves at the same moment one is told. Stem
// names the files made from a document, RecoveryPath the copy of unsaved
// edits the explorer keeps when it is stopped by a signal.
package listio
