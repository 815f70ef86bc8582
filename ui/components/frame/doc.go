// Package frame is what the explorer and the query browser draw alike
// around their own content: View sets a screen up (the alternate screen,
// clicks and the wheel, the window's title); FooterLine is the footer of
// keys, which always ends with help and quit; Overlay is a titled text
// over the body (the full help), scrolled when it does not fit; TooSmall
// is the screen for a terminal under a program's least size. KeyTimes,
// ReadingPause and ReadFirst tell an answer to a question from a key
// typed in one go with the key that asked it; Question and QuitKeys are
// the quit question's answers.
//
// Files: frame.go (screen set-up, footer, overlay, reading pause),
// title.go (the title line, which gives way word by word).
package frame
