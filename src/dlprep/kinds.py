"""The question types, as plain data: the CLI lists them without importing the pydantic models."""

QUESTION_TYPES: tuple[str, ...] = ("choice", "true_false", "short", "output", "open", "coding", "spot_bug")
