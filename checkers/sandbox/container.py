"""Is this process inside a container, and may a run accept the container as its boundary?

`--isolation container` is for graders that run inside a container they do not control
(Gradescope's, a CI job's): Docker's default profile runs root without CAP_SYS_ADMIN and refuses
the namespace syscalls, so the run cannot get its own namespaces. There the container itself keeps
the run away from the host, and dlprep adds what the kernel still allows inside it (Landlock for
the file system, seccomp for the network); this module says whether that is the case.
"""

from __future__ import annotations

import os
from pathlib import Path

from dlprep.checkers.sandbox.isolation import FULL_LAYERS, full_isolation, stops

# What a run inside the container must still be stopped from, by dlprep's own layers: the
# container is the boundary towards the host, not towards the grader's files or the network.
CONTAINER_NEEDS = ("network", "read_home", "write_outside")
_MARKERS = ("/.dockerenv", "/run/.containerenv")  # Docker's and Podman's
_CGROUP_WORDS = ("docker", "containerd", "kubepods", "libpod", "lxc", "podman")
# An explicit answer for platforms the markers miss (some CI runners); also how the tests emulate one.
ENV_OVERRIDE = "DLPREP_IN_CONTAINER"


def in_container() -> str | None:
    """How we know this is a container ("/.dockerenv", "cgroup: docker", ...), or None."""
    forced = os.environ.get(ENV_OVERRIDE, "")
    if forced in ("0", "1"):
        return f"{ENV_OVERRIDE}=1" if forced == "1" else None
    for marker in _MARKERS:
        if os.path.exists(marker):
            return marker
    if os.environ.get("container"):  # set by systemd-nspawn, podman, lxc
        return f"container={os.environ['container']}"
    try:
        cgroup = Path("/proc/1/cgroup").read_text(errors="replace")
    except OSError:
        return None
    word = next((w for w in _CGROUP_WORDS if w in cgroup), None)
    return f"cgroup: {word}" if word else None


def namespace_refusal_hint() -> str:
    """What to do when the namespaces are refused: as root in a container, "run as root" is no
    advice (it is root already; it lacks CAP_SYS_ADMIN). A testing knob that turned them off is
    named (first, for root: there it is the only reason)."""
    knob = os.environ.get("DLPREP_SANDBOX", "")
    if os.geteuid() == 0:
        hint = ("this is root without the right to create namespaces (CAP_SYS_ADMIN dropped, as in Docker's "
                "default profile): pass --isolation container to accept the container as the boundary, or start "
                "the container with namespaces allowed (docker run --cap-add SYS_ADMIN --security-opt "
                "seccomp=unconfined)")
        return f"DLPREP_SANDBOX={knob} is set (a testing knob that turns them off); else {hint}" if knob == "weak" \
            else hint
    hint = ("allow unprivileged user namespaces (sysctl kernel.unprivileged_userns_clone=1, or "
            "kernel.apparmor_restrict_unprivileged_userns=0 on Ubuntu), run as root, or inside a container "
            "pass --isolation container")
    return f"{hint}; note DLPREP_SANDBOX={knob} is set (a testing knob)" if knob in ("weak", "no-userns") else hint


def shortfall(required: str, level: str) -> str | None:
    """None when a run at `level` meets `required` (full, container or best), else one line why not."""
    if required == "best" or full_isolation(level) is None:
        return None
    if required == "container":
        where = in_container()
        if where is None:
            return (f"--isolation container accepts a container as the boundary, and this is not one (no "
                    f"/.dockerenv, /run/.containerenv or container cgroup; set {ENV_OVERRIDE}=1 if it is); "
                    f"sandbox level {level}")
        missing = [t for t in CONTAINER_NEEDS if not stops(level, t)]
        if missing:
            return (f"--isolation container still needs Landlock and seccomp inside the container ({where}) to "
                    f"stop {', '.join(missing)}; sandbox level {level} does not")
        return None
    missing = [layer for layer in FULL_LAYERS if layer not in level.split("+")]
    return f"sandbox level {level} lacks {'+'.join(missing)}: {namespace_refusal_hint()}"
