#!/bin/sh
# deb/rpm post-install: Chromium's setuid sandbox helper must be root-owned and mode 4755. Ubuntu
# 23.10+ restricts unprivileged user namespaces (AppArmor), so Chromium falls back to this helper;
# without it Referee Desk aborts at start ("The SUID sandbox helper binary was found, but is not
# configured correctly").
set -e
APP_DIR='/opt/${sanitizedProductName}'
if [ -f "$APP_DIR/chrome-sandbox" ]; then
  chown root:root "$APP_DIR/chrome-sandbox"
  chmod 4755 "$APP_DIR/chrome-sandbox"
fi
ln -sf "$APP_DIR/${executable}" '/usr/bin/${executable}'
if command -v update-mime-database >/dev/null 2>&1; then update-mime-database /usr/share/mime || true; fi
if command -v update-desktop-database >/dev/null 2>&1; then update-desktop-database /usr/share/applications || true; fi
