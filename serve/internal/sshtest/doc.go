// Package sshtest is for the tests of serve and serve/dashboard: an
// attendee connected over SSH with golang.org/x/crypto/ssh, typing as a
// person does and reading what their terminal would show.
//
// It is the one home of that client, which both packages' tests drive
// against a real server on loopback; it imports nothing of the module,
// so that serve's own tests can use it.
package sshtest
