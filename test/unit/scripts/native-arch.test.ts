// The release workflow checks each packaged app's native modules (the keychain module above all) are
// for the architecture it ships as; the header reader is checked here on every format it reads.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { binaryArchs, checkNativeArch } from '../../../scripts/native-arch.mjs';

function machO(cpu: number): Buffer {
  const b = Buffer.alloc(32);
  b.writeUInt32LE(0xfeedfacf, 0);
  b.writeInt32LE(cpu, 4);
  return b;
}
function fat(...cpus: number[]): Buffer {
  const b = Buffer.alloc(8 + cpus.length * 20);
  b.writeUInt32BE(0xcafebabe, 0);
  b.writeUInt32BE(cpus.length, 4);
  cpus.forEach((c, i) => b.writeInt32BE(c, 8 + i * 20));
  return b;
}
function pe(machine: number): Buffer {
  const b = Buffer.alloc(0x100);
  b.write('MZ', 0, 'latin1');
  b.writeUInt32LE(0x80, 0x3c);
  b.write('PE\0\0', 0x80, 'latin1');
  b.writeUInt16LE(machine, 0x84);
  return b;
}
function elf(machine: number): Buffer {
  const b = Buffer.alloc(64);
  b.writeUInt32BE(0x7f454c46, 0);
  b[5] = 1;
  b.writeUInt16LE(machine, 18);
  return b;
}

describe('native module architecture', () => {
  it('reads Mach-O, universal, PE and ELF headers', () => {
    expect(binaryArchs(machO(0x0100000c))).toEqual(['arm64']);
    expect(binaryArchs(machO(0x01000007))).toEqual(['x64']);
    expect(binaryArchs(fat(0x01000007, 0x0100000c))).toEqual(['x64', 'arm64']);
    expect(binaryArchs(pe(0x8664))).toEqual(['x64']);
    expect(binaryArchs(pe(0xaa64))).toEqual(['arm64']);
    expect(binaryArchs(elf(62))).toEqual(['x64']);
    expect(binaryArchs(elf(183))).toEqual(['arm64']);
    expect(binaryArchs(Buffer.from('not a binary'))).toEqual([]);
  });

  it('an Intel app built on an Apple silicon runner fails: arm64 keychain module, no x64 one', () => {
    const dir = mkdtempSync(join(tmpdir(), 'native-arch-'));
    try {
      const keyring = join(dir, 'node_modules/@napi-rs/keyring-darwin-arm64');
      mkdirSync(keyring, { recursive: true });
      writeFileSync(join(keyring, 'keyring.darwin-arm64.node'), machO(0x0100000c));
      const sqlite = join(dir, 'node_modules/better-sqlite3/prebuilds');
      mkdirSync(sqlite, { recursive: true });
      writeFileSync(join(sqlite, 'darwin-x64.node'), machO(0x01000007));
      const x64 = checkNativeArch(dir, 'x64');
      expect(x64.keyring).toBe(false);
      expect(x64.wrong.map((m) => m.file)).toEqual([join(keyring, 'keyring.darwin-arm64.node')]);
      const arm64 = checkNativeArch(dir, 'arm64');
      expect(arm64.keyring).toBe(true);
      expect(arm64.wrong.map((m) => m.file)).toEqual([join(sqlite, 'darwin-x64.node')]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
