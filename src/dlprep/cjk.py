"""Chinese text in YAML: joining folded lines without a space, and finding spaces that should not be.

YAML folds a line break inside a `>` block (and inside a plain or quoted multi-line scalar) into
one space. Between two Chinese characters that space is wrong (`不连续。 把它展平`). The loader
cannot tell such a space from one typed on purpose once the file is parsed, so it marks the folds
in the source text first: a line that ends with a wide character, followed by a line that starts
with one, gets a private-use marker at its end. After parsing, "marker + space" (the fold) is
removed and any other marker (a line break kept as is, the end of a scalar) is dropped. Line and
column numbers are unchanged: the marker only ever sits at the end of a line.

A space that survives loading between two wide characters was written on purpose; lint reports it.
"""

from __future__ import annotations

import re
from typing import Any

# Han ideographs (with extension A and compatibility forms).
_HAN = "\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"
# Full-width punctuation: CJK symbols (、。「」《》【】...) and the full-width forms (，：；！？（）...).
_FW_PUNCT = "\u3000-\u303f\uff01-\uff0f\uff1a-\uff20\uff3b-\uff40\uff5b-\uff65"
# Curly quotes, ellipsis and the em dash sit between Chinese characters too, but also in English.
_SHARED = "\u2014\u2018\u2019\u201c\u201d\u2026"
WIDE = f"[{_HAN}{_FW_PUNCT}{_SHARED}]"
FW_PUNCT = f"[{_FW_PUNCT}]"

MARK = "\ue000"

# A fold to close up: wide on both sides, or full-width punctuation before it (Chinese puts no space
# after `，` even before a code span).
_ENDS_WIDE = re.compile(f"{WIDE}$")
_STARTS_WIDE = re.compile(rf"^\s*{WIDE}")
_ENDS_PUNCT = re.compile(f"{FW_PUNCT}$")
_STARTS_TEXT = re.compile(r"^\s*[^\s#]")
# ... or full-width punctuation after it (`x` then `（`): no space before it either. The line must
# end in text, not in YAML syntax (`key:`, `>-`, `|`), since the marker goes at its end.
_STARTS_PUNCT = re.compile(rf"^\s*{FW_PUNCT}")
_ENDS_SYNTAX = re.compile(r"(^\s*-?\s*$|:\s*$|[|>][+-]?\d*\s*$)")

# What lint reports in loaded zh text: any run of spaces between two wide characters, or next to
# full-width punctuation.
BAD_SPACE = re.compile(rf"{WIDE}[ \t\u00a0\u3000]+{WIDE}|{FW_PUNCT}[ \t\u00a0]+\S|\S[ \t\u00a0]+{FW_PUNCT}")


def mark_folds(text: str) -> str:
    """The YAML source with a marker at the end of every line whose break should fold to nothing."""
    if not re.search(WIDE, text):
        return text
    lines = text.split("\n")
    for i in range(len(lines) - 1):
        line, nxt = lines[i], lines[i + 1]
        # Only a line that ends in text is marked (a wide character, or anything but YAML syntax
        # such as `>-` or `key:` before full-width punctuation), so a marker lands in a scalar or
        # a comment, never in the syntax.
        if (_ENDS_WIDE.search(line) and _STARTS_WIDE.match(nxt)) or (
            _ENDS_PUNCT.search(line) and _STARTS_TEXT.match(nxt)
        ) or (_STARTS_PUNCT.match(nxt) and not _ENDS_SYNTAX.search(line)):
            lines[i] = line + MARK
    return "\n".join(lines)


def unmark(data: Any) -> Any:
    """Parsed YAML with the markers gone: each marked fold joined, every other marker dropped."""
    if isinstance(data, str):
        return data.replace(MARK + " ", "").replace(MARK, "") if MARK in data else data
    if isinstance(data, list):
        return [unmark(x) for x in data]
    if isinstance(data, dict):
        return {k: unmark(v) for k, v in data.items()}
    return data
