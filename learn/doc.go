// Package learn is the guided path through NDCG that `ndcg-explorer
// learn` walks a learner along: thirteen steps, from one rank's gain and
// discount worked by hand to checking a hand computation, each a list
// opened in the explorer with the why of one idea, one thing to do, the
// few keys it needs and one question.
//
// A path is a lesson file (Parse, ReadFile): markdown, a "## " heading a
// step, its fields (the list, the conventions it opens and is asked
// under, the keys, what is asked, the question, a hint) a line each,
// then the instruction. The built-in path is such a file, path.md,
// embedded (Builtin, BuiltinPath; Steps are its steps), so that an
// instructor starts from it. A step's true answer is computed by
// package ndcg (Step.Truth, Path.Answers for the instructor's key); the
// numbers that would give it away are listed (Step.Hidden) for a screen
// to hide; a wrong answer is explained by package verify as the quiz
// and `check` explain one (Step.Diagnose). The package draws nothing:
// the explorer puts a step on screen, and names its keys from its own
// key map; an interface without screens reads the same steps.
//
// Progress (the steps answered right, the first of the others is where
// `learn` resumes) is kept in learn.json under the user's configuration
// directory (os.UserConfigDir, so $XDG_CONFIG_HOME on Linux), written
// atomically.
package learn
