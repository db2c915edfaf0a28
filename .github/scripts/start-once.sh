#!/bin/bash
# Starts an installed app without --no-sandbox and proves it starts: still running after 20 s, and a
# clean exit (0) when asked to quit with SIGTERM, as Electron does. Fails on the setuid-helper error.
set -uo pipefail
"$@" > start.log 2>&1 &
pid=$!
sleep 20
if ! kill -0 "$pid" 2>/dev/null; then
  wait "$pid"
  echo "the app stopped before 20 s (exit $?)"
  cat start.log
  exit 1
fi
kill -TERM "$pid"
wait "$pid"
code=$?
cat start.log
if grep -q "SUID sandbox helper binary was found, but is not configured correctly" start.log; then exit 1; fi
if grep -q "does not run without its security sandbox" start.log; then exit 1; fi
test "$code" = 0 || { echo "exit $code after SIGTERM, expected 0"; exit 1; }
