// Package uitest holds what the tests of the interface's packages share:
// key presses spelled as the help spells them (Key), a steady clock, the
// status line read whole (ReadsWhole), a screen that obeys nothing from
// the data (AssertNothingObeyed), golden files named apart from the test.
//
// Files: keys.go (Key), helpers.go (clocks, status, golden names).
package uitest
