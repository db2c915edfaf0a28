#!/bin/sh
# deb/rpm post-remove: drop the command-line link the install made.
rm -f '/usr/bin/${executable}'
if command -v update-desktop-database >/dev/null 2>&1; then update-desktop-database /usr/share/applications || true; fi
