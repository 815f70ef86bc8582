// Package suggest finds the names a mistyped word was meant to be: the
// did-you-mean of a flag (--gian for --gain), a sample name
// (sample:tie-at-k for ties-at-k) and the like, so that each message
// names the one or two candidates rather than listing every name.
package suggest
