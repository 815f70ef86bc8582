package serve

import (
	"crypto/rand"
	"strings"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// How an attendee proves they are the one who left a list. A name and an
// address prove nothing: in a lab every machine logs in as student, and
// behind one NAT the whole room shares one address, so anyone could type
// another's name from there. Two things do: the key the attendee's ssh
// client proved it holds (see auth.go), and a resume code the server
// makes for each attendee and shows only to them, on their first screen
// and in their take-home lines. The code travels in the SSH user name,
// after a plus sign (ssh -p 23234 ada+k7m2p9xq@HOST), because that is the
// one thing every ssh client lets a person type without a prompt.

// CodeLength is how many characters a resume code has.
const CodeLength = 8

// codeAlphabet leaves out the characters read as one another (0 and o, 1,
// i and l): a code is copied by eye from a screen. 31 symbols to the
// power 8 is 8.5e11 codes (39 bits); every wrong code counts against the
// source's budget of failures (throttle.go), as a wrong passphrase does.
const codeAlphabet = "abcdefghjkmnpqrstuvwxyz23456789"

// newCode makes a resume code from the system's random source.
func newCode() string {
	var b [CodeLength]byte
	// rand.Read never fails (crypto/rand), and a byte taken modulo 31
	// leans towards the first 8 symbols by 1 in 256: the code keeps
	// more than 38.9 bits, far past what the throttle lets anyone try.
	_, _ = rand.Read(b[:])
	for i := range b {
		b[i] = codeAlphabet[int(b[i])%len(codeAlphabet)]
	}
	return string(b[:])
}

// splitCode reads an SSH user name that may carry a resume code: NAME+CODE
// gives NAME and the code (lower case; a code copied in capitals still
// counts). Whatever follows the last plus sign is taken as a code, shaped
// as one or not: a code mistyped by a letter must not become part of a
// display name, which the projector shows (wellFormedCode tells the
// caller whether it can be one). A user name with no plus sign, or
// nothing after it, is all name.
func splitCode(user string) (name, code string) {
	if utf8.ValidString(user) {
		// As CleanName reads the name: a full-width plus is a plus.
		user = norm.NFKC.String(user)
	}
	i := strings.LastIndexByte(user, '+')
	if i < 0 {
		return user, ""
	}
	if i == len(user)-1 {
		return user[:i], ""
	}
	return user[:i], strings.ToLower(user[i+1:])
}

// shownUser is an SSH user name as the log and the dashboard may show
// it: made safe to draw (CleanName), with a resume code it carried, shaped
// as one or not, replaced by "+…". The log is often on the projected
// screen, and a code read there is a list and an identity taken.
func shownUser(user string) string {
	name, code := splitCode(user)
	if code == "" {
		return CleanName(name)
	}
	return CleanName(name) + "+…"
}

// maskCode is text with the resume code carried by the user name user
// (as splitCode reads it) written as "+…", for a line of the log that
// quotes what the attendee typed.
func maskCode(text, user string) string {
	if i := strings.LastIndex(user, "＋"); i > strings.LastIndexByte(user, '+') {
		return strings.ReplaceAll(text, user[i:], "+…")
	}
	i := strings.LastIndexByte(user, '+')
	if i < 0 || i == len(user)-1 {
		return text
	}
	return strings.ReplaceAll(text, user[i:], "+…")
}

func wellFormedCode(c string) bool {
	if len(c) != CodeLength {
		return false
	}
	for i := range len(c) {
		if strings.IndexByte(codeAlphabet, c[i]) < 0 {
			return false
		}
	}
	return true
}

// withCode is the user name that brings the attendee shown as name back
// with code.
func withCode(name, code string) string { return name + "+" + code }
