package ui

// teachingViews are the views beside the explorer that teach: the
// working, ties, conventions, swaps, pool, companions, check, quiz and
// curves. Each is reachable by its own key.
func teachingViews(c *Common) []view {
	return nil
}
