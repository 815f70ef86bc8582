// Package common is what every part of the interface shares: Common (the
// workspace being edited, the key map, the style sheet, the status line,
// and Apply, the one way an edit reaches every view), Styles, the one
// style sheet, with Glyphs, every character drawn besides letters and
// digits in Unicode or ASCII, KeyMap, the keys more than one view uses,
// and Shown, which every string from the data goes through.
//
// It imports no other package of the interface but layout: the room of a
// workshop is nothing to it but an Attendee (a name and where answers go);
// the widgets, the views, the dialogs and the root model import it.
//
// Styles carries each style twice: as a lipgloss.Style, and as an Ink
// (the escape codes around a text, Paint) for what is drawn on every
// row, where a full Render per cell was most of a frame's time. No
// meaning rests on colour alone, so a screen reads the same under
// NO_COLOR.
//
// Files: common.go (Common), styles.go (Styles, Ink, Glyphs), bar.go (a
// bar in eighths of a cell), keys.go (KeyMap, Bind, As; BrowserKeys, the
// query list's, so that one table checks every key), status.go (the
// status line), safe.go (Shown).
package common
