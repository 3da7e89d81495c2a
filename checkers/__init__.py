"""The grader's contract (base, registry, compare, rules, grader), the sandbox that runs user code
(sandbox/) and the checker families (families/). README.md in this folder draws the map.
"""
