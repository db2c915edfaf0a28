#!/bin/bash
# Runs a command with an unlocked login keyring on the session bus (run it inside dbus-run-session):
# gnome-keyring-daemon creates the "login" collection with the password read from stdin and unlocks
# it, so the app finds a Secret Service that stores keys without prompting.
set -euo pipefail
printf '%s' "${KEYRING_PASSWORD:-ci-login}" | gnome-keyring-daemon --unlock --components=secrets >/dev/null
gnome-keyring-daemon --start --components=secrets >/dev/null
exec "$@"
