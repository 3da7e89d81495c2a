"""dlprep: interview-prep quizzes and auto-graded exercises for deep-learning frameworks.

The core (this package's own modules) never imports typer or rich; `dlprep.cli` renders.
Importing the core must stay cheap: nothing here imports torch at module level.
"""

__version__ = "0.1.0"
