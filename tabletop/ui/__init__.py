"""The Arcade front end (imported only when the app opens)."""
