#!/bin/bash
# The update rehearsal on one runner (release.yml, job update-rehearsal):
#   update-rehearsal.sh <older version> <newer version>
# The older build (rehearsal/old) is installed as an editor would have it and started with the
# loopback feed named (REFEREE_DESK_UPDATE_REHEARSAL_FEED; only a rehearsal build honours it). It must
# find the newer build in rehearsal/feed, download it, apply it and start it, as "Restart to Update"
# does; then the installed copy must be the newer version, fetched from the feed.
set -euo pipefail
old="$1"
new="$2"
port=8765
export REFEREE_DESK_UPDATE_REHEARSAL_FEED="http://127.0.0.1:$port/"
node scripts/update-rehearsal.mjs serve rehearsal/feed "$port" rehearsal/requests.log &
feed=$!
trap 'kill "$feed" 2>/dev/null || true' EXIT

case "$RUNNER_OS" in
  Linux)
    data="$HOME/.config/Referee Desk"
    mkdir -p "$HOME/Applications"
    cp rehearsal/old/*.AppImage "$HOME/Applications/"
    chmod +x "$HOME"/Applications/*.AppImage
    # The display and the session bus outlive the app: it quits for the update and the new version starts after.
    Xvfb :99 -screen 0 1280x1024x24 >/dev/null 2>&1 &
    export DISPLAY=:99
    eval "$(dbus-launch --sh-syntax)"
    printf '%s' ci-login | gnome-keyring-daemon --unlock --components=secrets >/dev/null
    gnome-keyring-daemon --start --components=secrets >/dev/null
    start() { "$(ls "$HOME"/Applications/*"$old"*.AppImage)" >rehearsal/app.log 2>&1 & }
    updated() {
      ls "$HOME"/Applications/*"$new"*.AppImage
      if ls "$HOME"/Applications/*"$old"*.AppImage 2>/dev/null; then echo "the older AppImage is still there"; return 1; fi
    }
    stop() { kill -TERM "$1"; }
    ;;
  macOS)
    data="$HOME/Library/Application Support/Referee Desk"
    app="/Applications/Referee Desk.app"
    ditto -xk rehearsal/old/*.zip /Applications
    start() { "$app/Contents/MacOS/Referee Desk" >rehearsal/app.log 2>&1 & }
    updated() {
      codesign --verify --deep --strict "$app"
      test "$(/usr/libexec/PlistBuddy -c 'Print CFBundleShortVersionString' "$app/Contents/Info.plist")" = "$new"
    }
    stop() { kill -TERM "$1"; }
    ;;
  Windows)
    data="$APPDATA\\Referee Desk"
    installer="$(cygpath -w "$(ls rehearsal/old/*.exe)")"
    powershell -NoProfile -Command "Start-Process -Wait -FilePath '$installer' -ArgumentList '/S','/currentuser'"
    exe="$LOCALAPPDATA\\Programs\\Referee Desk\\Referee Desk.exe"
    start() { "$(cygpath -u "$exe")" >rehearsal/app.log 2>&1 & }
    updated() { test "$(powershell -NoProfile -Command "(Get-Item '$exe').VersionInfo.ProductVersion")" = "$new"; }
    stop() { taskkill //PID "$1" //T //F; }
    ;;
  *)
    echo "no update rehearsal for $RUNNER_OS"
    exit 1
    ;;
esac

log="$data/update-rehearsal.log"
rm -f "$log"
start
node scripts/update-rehearsal.mjs wait "$log" "$old" started 120
node scripts/update-rehearsal.mjs wait "$log" "$old" downloaded 600
node scripts/update-rehearsal.mjs wait "$log" "$new" started 300
updated
echo "feed requests:"
cat rehearsal/requests.log
grep -qE '^GET /latest(-mac|-linux)?\.yml 200$' rehearsal/requests.log
grep -qE '^GET /[^ ]+\.(AppImage|exe|zip) 200$' rehearsal/requests.log
cat "$log"
pid="$(node -e "const [log, v] = process.argv.slice(1); const lines = require('fs').readFileSync(log, 'utf8').trim().split('\n').map((l) => JSON.parse(l)); console.log(lines.filter((e) => e.version === v && e.event === 'started').pop().pid)" "$log" "$new")"
stop "$pid"
