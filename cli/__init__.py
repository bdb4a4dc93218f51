"""belote.cli: the `belote` command line."""
