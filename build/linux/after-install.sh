#!/bin/bash
# deb/rpm post-install. electron-builder's own script (app-builder-lib/templates/linux/after-install.tpl)
# with one change: Chromium's setuid sandbox helper is always root-owned and mode 4755, so the sandbox
# works even where the AppArmor profile below cannot be loaded. electron-builder fills in the
# executable and product names.

# The command-line link through update-alternatives, replacing a plain link an older package made.
if type update-alternatives >/dev/null 2>&1; then
  if [ -L '/usr/bin/${executable}' -a -e '/usr/bin/${executable}' -a "$(readlink '/usr/bin/${executable}')" != '/etc/alternatives/${executable}' ]; then
    rm -f '/usr/bin/${executable}'
  fi
  update-alternatives --install '/usr/bin/${executable}' '${executable}' '/opt/${sanitizedProductName}/${executable}' 100 ||
    ln -sf '/opt/${sanitizedProductName}/${executable}' '/usr/bin/${executable}'
else
  ln -sf '/opt/${sanitizedProductName}/${executable}' '/usr/bin/${executable}'
fi

# Ubuntu 23.10+ restricts unprivileged user namespaces; without them Chromium falls back to this helper,
# and aborts at start ("The SUID sandbox helper binary was found, but is not configured correctly")
# unless it is root-owned and setuid.
if [ -f '/opt/${sanitizedProductName}/chrome-sandbox' ]; then
  chown root:root '/opt/${sanitizedProductName}/chrome-sandbox'
  chmod 4755 '/opt/${sanitizedProductName}/chrome-sandbox'
fi

if hash update-mime-database 2>/dev/null; then
  update-mime-database /usr/share/mime || true
fi
if hash update-desktop-database 2>/dev/null; then
  update-desktop-database /usr/share/applications || true
fi

# The AppArmor profile electron-builder ships in resources/ (Ubuntu 24.04+: lets the app use user
# namespaces). Skipped where this AppArmor cannot parse it (abi/4.0), as on Ubuntu 22.04, which does
# not need it; not loaded live inside a chroot.
if apparmor_status --enabled >/dev/null 2>&1; then
  APPARMOR_PROFILE_SOURCE='/opt/${sanitizedProductName}/resources/apparmor-profile'
  APPARMOR_PROFILE_TARGET='/etc/apparmor.d/${executable}'
  if apparmor_parser --skip-kernel-load --debug "$APPARMOR_PROFILE_SOURCE" >/dev/null 2>&1; then
    cp -f "$APPARMOR_PROFILE_SOURCE" "$APPARMOR_PROFILE_TARGET"
    if ! { [ -x '/usr/bin/ischroot' ] && /usr/bin/ischroot; } && hash apparmor_parser 2>/dev/null; then
      apparmor_parser --replace --write-cache --skip-read-cache "$APPARMOR_PROFILE_TARGET"
    fi
  else
    echo "Skipping the AppArmor profile: this AppArmor does not support it"
  fi
fi
