#!/bin/bash
# deb/rpm post-remove. Runs on upgrades too, after the new version's post-install for rpm: undo the
# install only when the package is really going away. rpm passes the number of versions left ("0" on
# erase, "1" on upgrade); dpkg passes the action ("remove" or "purge", versus "upgrade" and others).
case "$1" in
  0 | remove | purge) ;;
  *) exit 0 ;;
esac

if type update-alternatives >/dev/null 2>&1; then
  update-alternatives --remove '${executable}' '/opt/${sanitizedProductName}/${executable}'
else
  rm -f '/usr/bin/${executable}'
fi

APPARMOR_PROFILE_DEST='/etc/apparmor.d/${executable}'
if [ -f "$APPARMOR_PROFILE_DEST" ]; then
  if apparmor_status --enabled >/dev/null 2>&1; then
    if ! { [ -x '/usr/bin/ischroot' ] && /usr/bin/ischroot; } && hash apparmor_parser 2>/dev/null; then
      apparmor_parser --remove "$APPARMOR_PROFILE_DEST" || true
    fi
  fi
  rm -f "$APPARMOR_PROFILE_DEST"
fi

if hash update-desktop-database 2>/dev/null; then
  update-desktop-database /usr/share/applications || true
fi
