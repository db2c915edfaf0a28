#!/bin/bash
# A throwaway code-signing identity for the macOS update rehearsal. Squirrel.Mac applies an update only
# when it satisfies the running app's designated requirement, which for an unsigned (ad hoc) build
# names that one build's hash; both rehearsal builds are signed with this certificate instead, so the
# requirement names the certificate. It lives in a keychain of its own, trusted for code signing in
# the runner's admin trust settings; electron-builder finds it by name (-c.mac.identity).
set -euo pipefail
name="Referee Desk Update Rehearsal"
dir="$RUNNER_TEMP/rehearsal-identity"
password="rehearsal-$RANDOM$RANDOM"
mkdir -p "$dir"
cat >"$dir/cert.cnf" <<CNF
[req]
distinguished_name = dn
x509_extensions = ext
prompt = no
[dn]
CN = $name
[ext]
basicConstraints = critical, CA:false
keyUsage = critical, digitalSignature
extendedKeyUsage = critical, codeSigning
CNF
/usr/bin/openssl req -x509 -newkey rsa:2048 -nodes -days 2 -config "$dir/cert.cnf" -keyout "$dir/key.pem" -out "$dir/cert.pem"
/usr/bin/openssl pkcs12 -export -inkey "$dir/key.pem" -in "$dir/cert.pem" -name "$name" -passout "pass:$password" -out "$dir/identity.p12"
keychain="$dir/rehearsal.keychain-db"
security create-keychain -p "$password" "$keychain"
security set-keychain-settings "$keychain"
security unlock-keychain -p "$password" "$keychain"
security import "$dir/identity.p12" -k "$keychain" -P "$password" -T /usr/bin/codesign
security set-key-partition-list -S apple-tool:,apple:,codesign: -s -k "$password" "$keychain" >/dev/null
# shellcheck disable=SC2046 # the current search list, one quoted path per line
security list-keychains -d user -s "$keychain" $(security list-keychains -d user | tr -d '"')
sudo security add-trusted-cert -d -r trustRoot -p codeSign -k /Library/Keychains/System.keychain "$dir/cert.pem"
security find-identity -v -p codesigning "$keychain" | grep -q "$name"
rm -f "$dir/key.pem" "$dir/identity.p12"
