# Run "$@" as another account ($RUN_UID/$RUN_GID), for the rootless benchmark and tests.
# The interpreter may sit in a folder an ordinary account cannot enter (a 0700 /root): in a private
# mount namespace (the caller runs this under `unshare -m`), cover that folder ($BLOCKED) with an
# empty one and put the interpreter's tree ($PREFIX) back, so the account can start Python at all.
# Its own sandbox is then built as it would be.
set -e
t=$(mktemp -d)
mount --bind "$PREFIX" "$t"
mount -t tmpfs -o mode=0755,size=64k tmpfs "$BLOCKED"
mkdir -p "$PREFIX"
mount --move "$t" "$PREFIX"
exec setpriv --reuid="$RUN_UID" --regid="$RUN_GID" --init-groups "$@"
