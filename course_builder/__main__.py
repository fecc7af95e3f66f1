"""``python -m course_builder`` runs the command line."""

from course_builder.cli import main

main()
