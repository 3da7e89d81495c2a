"""`dlprep autograder ID --for PLATFORM OUT`: the bundle a course uploads to a grading platform.

The bundles themselves live in dlprep.platforms.bundles (one per platform); this module keeps the
old entry points (`bundle`, `source_root`) where the CLI and earlier callers find them.
"""

from __future__ import annotations

from dlprep.platforms import TARGETS
from dlprep.platforms.bundles import TORCH_CPU_INDEX, TORCH_PIN, bundle, source_root

__all__ = ["TARGETS", "TORCH_CPU_INDEX", "TORCH_PIN", "bundle", "source_root"]
