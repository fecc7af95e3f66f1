"""Pictures for Tortuga 2199: the sector map and the setup sheet (SVG; PDF and PNG via the kit)."""
