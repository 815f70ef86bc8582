// Package textfield is the one-line field every prompt of the interface
// types into (a path, a file name, a score, a title, k, a claimed number,
// the query browser's filter): Model, made by New, with Keys, a shell's
// line keys (readline and emacs) and the arrows. It takes the terminal's
// bracketed paste as typed text, has no key for the system clipboard,
// scrolls sideways by cells, and its cursor is a reversed cell that does
// not blink, which a projector shows and a test reads.
//
// Bubbles' textinput would link atotto/clipboard, whose package
// initialisation looks for xclip, xsel and wl-copy in every directory of
// PATH at the start of every command: this field is ours for that.
//
// Files: textfield.go (the field and its keys).
package textfield
