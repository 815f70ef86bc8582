// Package samples holds the built-in sample lists, embedded in the
// binary. It hands out their names, titles and bytes; it reads no file at
// run time, writes nothing, and parses no more of a sample than its
// title: listio reads a sample as any list file, named "sample:NAME".
//
// # A sample
//
// A sample is one file here, NAME.json, in the JSON list format: a title
// (the one-line description the samples command lists), notes saying what
// to look at, the settings its lesson needs (its gain, or a preset), the
// items, and, where the lesson is a claim, the claims with their digits
// as written, right or wrong (a tutorial's exactly as printed). Some
// samples are tutorials' worked examples; each of the others teaches one
// lesson the tutorials skip (ties, missing relevant items, gain, IDCG=0,
// binary labels).
//
// # Names
//
// A sample is named after what it teaches (ties-at-k, idcg-slip), not
// after where it came from. Names lists them in lesson order, a path
// through them for a workshop, then any others sorted; Default, the
// sample a bare ndcg-explorer opens, comes first. The names samples had
// when they were named after their tutorials (seed-000-exp-gain, …) are
// aliases: Canonical maps one to the current name, Read and Exists take
// both, and Names and List give only current names. A name holding a
// slash or a backslash names no sample.
//
// # Adding a sample
//
//  1. Write NAME.json here, with a title of at most 80 characters, notes,
//     its gain or preset and its items.
//  2. Put NAME in lessons (samples.go) at its place in the path.
//  3. Run /usr/bin/python3 samples/testdata/gen.py, which computes its
//     numbers with scikit-learn into testdata/reference.json: the tests
//     compare DCG, IDCG and NDCG at every cutoff and under every tie
//     policy to 1e-12, and check that the sample survives a save.
//  4. Paste the output of "ndcg-explorer samples" into the Samples
//     section of docs/teaching.md, with its lesson.
package samples
