"""Drawing code: the toolkit boards of the grid games (imported only by the app)."""
