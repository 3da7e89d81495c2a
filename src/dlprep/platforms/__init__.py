"""What each grading platform reads and runs: its results file (from a verdict) and its bundle
(what a course uploads to it). `student` holds the rules every student-facing view shares."""

TARGETS = ("gradescope", "exercism", "github-classroom", "prairielearn")
