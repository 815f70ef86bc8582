// Package learn is the guided path through NDCG that `ndcg-explorer
// learn` walks a learner along: eight steps, from one rank's gain and
// discount worked by hand to checking a hand computation, each a list
// opened in the explorer with one instruction, the few keys it needs and
// one question.
//
// The steps are data (Steps): the list (a built-in sample), the
// conventions it opens under, the instruction, the keys, and the
// question with the conventions it is asked under. A step's true answer
// is computed by package ndcg (Step.Truth); a wrong answer is explained
// by package verify as the quiz and `check` explain one
// (Step.Diagnose). The package draws nothing: the explorer puts a step
// on screen, and names its keys from its own key map.
//
// Progress (the step to resume at and the steps answered) is kept in
// learn.json under the user's configuration directory
// (os.UserConfigDir, so $XDG_CONFIG_HOME on Linux), written atomically.
package learn
