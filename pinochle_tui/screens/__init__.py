"""The app's screens: new game, table, hand-off, hand result, game over, help, dialogs."""
