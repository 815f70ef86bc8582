// Package textin decides from the first bytes of an input whether it can
// be text at all, so that a reader refuses a binary file or an endless
// device (/dev/zero) after one block instead of reading it whole. It is
// shared by the list readers and the TREC readers.
package textin
