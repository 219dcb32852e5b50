"""The pinochle terminal game: CLI and Textual app over `rules` and `bots`."""

__version__ = "0.1.0"
