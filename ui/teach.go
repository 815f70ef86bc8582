package ui

// teachingViews are the views beside the explorer that teach, each
// reachable by its own key: first those that take the list apart
// (working, ties, conventions, swap, curves), then those that put a
// person to work on it (pool, companions, check, quiz).
func teachingViews(c *Common) []view {
	return append(analysisViews(c), practiceViews(c)...)
}
