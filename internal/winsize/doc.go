// Package winsize bounds the window the program draws in. A terminal
// may report any size, and a remote attendee chooses theirs: Bubble
// Tea's renderer keeps a buffer of width × height cells (two, the frame
// drawn and the next), so a window of 5000×5000 took gigabytes. Past
// MaxWidth × MaxHeight the program draws that much, in the window's top
// left corner, and the model is told the window's true size to say so
// (Teller). After a large window shrinks, the memory its buffers held
// is handed back to the system rather than kept by the runtime.
package winsize
