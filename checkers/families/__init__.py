"""The checker families: one folder each (judge.py in the grader, child.py beside the user's code,
the family's own helpers), plus helpers shared by several families. See ../README.md."""
