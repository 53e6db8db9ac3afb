"""Tabletop's storage: the data folder, atomic files, the game library and its index,
statistics, the keeper that saves games as they are played, and the settings.

Everything here runs headless: no module of this package imports arcade, the command
line or the app (a test walks the imports). The modules, each named by its job:

- `paths`: where the data folder is, the names of the files in it, and `reason`, the
  plain words of an OS error.
- `files`: the one atomic writer, the writer for paths a player names, the one clean-up
  of temp files, the one free-name helper.
- `records`: a kept game's file: its format, its checks, and `read_game`, the one reader
  (it folds in the move journal).
- `journal`: the append-only move journal beside an in-progress game's file.
- `schema`, `index`: the SQLite index of the kept games and its checks.
- `library`: the `Library` API: keep, save, import, delete, list.
- `stats`: statistics over the kept games.
- `keeper`: saves a game after every move (`Keeper`), or on a thread (`ThreadedKeeper`).
- `saves`: copies in the saves folder, and the autosave of earlier versions.
- `settings`: the player's preferences, bounded and checked.
"""
