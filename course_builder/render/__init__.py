"""Pictures of boards and courses: SVG (and later PDF/PNG). Nothing here is imported by rules."""
