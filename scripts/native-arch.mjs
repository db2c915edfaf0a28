// Which CPU a native module (.node) is built for, read from its header: ELF (Linux), Mach-O (macOS,
// also universal "fat" files) or PE (Windows). The release workflow runs it on each packaged app:
//   node scripts/native-arch.mjs <folder> <x64|arm64>
// and fails when a module is for another architecture, or when the keychain module is missing (npm
// installs only the runner's own optional platform package, so a cross-built app would lack it).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const ELF = { 3: 'ia32', 62: 'x64', 183: 'arm64' };
const MACHO = { 0x7: 'ia32', 0x01000007: 'x64', 0x0100000c: 'arm64' };
const PE = { 0x14c: 'ia32', 0x8664: 'x64', 0xaa64: 'arm64' };

/** The architectures a native binary holds (several for a universal Mach-O), or [] when not recognised. */
export function binaryArchs(buf) {
  if (buf.length >= 20 && buf.readUInt32BE(0) === 0x7f454c46) {
    const machine = buf[5] === 2 ? buf.readUInt16BE(18) : buf.readUInt16LE(18);
    return ELF[machine] ? [ELF[machine]] : [];
  }
  if (buf.length >= 8 && buf.readUInt32LE(0) === 0xfeedfacf) return MACHO[buf.readInt32LE(4)] ? [MACHO[buf.readInt32LE(4)]] : [];
  if (buf.length >= 8 && buf.readUInt32BE(0) === 0xcafebabe) {
    const n = buf.readUInt32BE(4);
    const archs = [];
    for (let i = 0; i < n && 8 + i * 20 + 4 <= buf.length; i++) {
      const a = MACHO[buf.readInt32BE(8 + i * 20)];
      if (a) archs.push(a);
    }
    return archs;
  }
  if (buf.length >= 0x40 && buf.toString('latin1', 0, 2) === 'MZ') {
    const pe = buf.readUInt32LE(0x3c);
    if (pe + 6 <= buf.length && buf.toString('latin1', pe, pe + 4) === 'PE\0\0') {
      const a = PE[buf.readUInt16LE(pe + 4)];
      return a ? [a] : [];
    }
  }
  return [];
}

function nativeModules(dir) {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('.node'))
    .map((e) => join(e.parentPath, e.name));
}

/** `{ modules, wrong, keyring }` for the .node files under `dir` against `arch`. */
export function checkNativeArch(dir, arch) {
  const modules = nativeModules(dir).map((file) => ({ file, archs: binaryArchs(readFileSync(file)) }));
  return {
    modules,
    wrong: modules.filter((m) => !m.archs.includes(arch)),
    keyring: modules.filter((m) => /[\\/]@napi-rs[\\/]keyring-/.test(m.file) && m.archs.includes(arch)).length > 0,
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [dir, arch] = process.argv.slice(2);
  if (!dir || !arch) {
    console.error('usage: node scripts/native-arch.mjs <folder> <x64|arm64>');
    process.exit(2);
  }
  const r = checkNativeArch(dir, arch);
  for (const m of r.modules) console.log(`${m.archs.join('+') || 'unknown'}\t${m.file}`);
  if (r.wrong.length > 0) console.error(`native-arch: ${r.wrong.length} module(s) not built for ${arch}`);
  if (!r.keyring) console.error(`native-arch: no @napi-rs/keyring module for ${arch} under ${dir}`);
  process.exit(r.wrong.length > 0 || !r.keyring ? 1 : 0);
}
