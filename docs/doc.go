// Package docs holds the pages of the documentation beside the README
// (markdown, read on GitHub or in a clone) and the tests that keep them
// honest: the README's size, a link from it to every page, every link
// between pages reaching a file and a heading, and every page rendering as
// CommonMark without a code fence left open or a heading swallowed by one.
// The pages' examples are run by cli's TestREADMEExamples; their images
// are drawn by images/make.sh. It has no code.
package docs
