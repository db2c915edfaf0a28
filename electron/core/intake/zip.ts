// DOCX container checks through the ZIP central directory (yauzl), without extracting anything to disk.
import type yauzl from 'yauzl';
import { DeskError, isDeskError } from '../../common/errors';
import { chargeActive, tooComplex } from './bounds';
import type { IntakeLimits } from './types';

interface ZipEntryInfo {
  name: string;
  compressedSize: number;
  uncompressedSize: number;
  encrypted: boolean;
}

/** Loads the ZIP reader ahead of the first Word document (core.start(), after the first paint). */
export async function loadZipReader(): Promise<void> {
  await import('yauzl');
}

/** yauzl is loaded on the first Word document, not with core: 140–230 ms of module loading on this machine
 * that a start whose first answers never touch a DOCX should not pay (docs/process-model.md). */
async function openZip(bytes: Buffer): Promise<yauzl.ZipFile> {
  const { fromBuffer } = (await import('yauzl')).default;
  return new Promise((resolve, reject) => {
    fromBuffer(bytes, { lazyEntries: true, validateEntrySizes: true, strictFileNames: false }, (err, zip) => {
      if (err || !zip) reject(err ?? new Error('no zip'));
      else resolve(zip);
    });
  });
}

function invalid(message: string, cause?: unknown): DeskError {
  return new DeskError('invalid_file', message, cause === undefined ? {} : { cause });
}

/** Lists the central directory; rejects archives that are broken, encrypted or that would inflate too far. */
async function listEntries(bytes: Buffer, limits: IntakeLimits): Promise<ZipEntryInfo[]> {
  let zip: yauzl.ZipFile;
  try {
    zip = await openZip(bytes);
  } catch (e) {
    throw invalid('The file looks like a Word document (ZIP) but its structure is damaged, so it cannot be read.', e);
  }
  if (zip.entryCount > limits.maxZipEntries) {
    zip.close();
    throw invalid(
      `The Word document holds ${zip.entryCount} parts, more than the ${limits.maxZipEntries} a manuscript can have; it is refused as a possible ZIP bomb.`,
    );
  }
  return new Promise((resolve, reject) => {
    const entries: ZipEntryInfo[] = [];
    zip.on('entry', (e: yauzl.Entry) => {
      entries.push({
        name: e.fileName,
        compressedSize: e.compressedSize,
        uncompressedSize: e.uncompressedSize,
        encrypted: (e.generalPurposeBitFlag & 0x1) !== 0,
      });
      zip.readEntry();
    });
    zip.on('end', () => resolve(entries));
    zip.on('error', (err: unknown) => reject(invalid('The Word document’s ZIP structure is damaged, so it cannot be read.', err)));
    zip.readEntry();
  });
}

/**
 * Checks a ZIP that claims to be a DOCX: it must hold word/document.xml, must not be encrypted, and its
 * declared uncompressed size must stay under the limits (total size and overall ratio).
 */
export async function checkDocxContainer(bytes: Buffer, limits: IntakeLimits): Promise<void> {
  const entries = await listEntries(bytes, limits);
  if (entries.some((e) => e.encrypted)) {
    throw invalid('The Word document is encrypted (password-protected). Save an unprotected copy and drop that one.');
  }
  const total = entries.reduce((n, e) => n + e.uncompressedSize, 0);
  if (total > limits.maxUncompressedBytes) {
    throw invalid(
      `The Word document would unpack to ${mb(total)}, more than the ${mb(limits.maxUncompressedBytes)} allowed; it is refused as a possible ZIP bomb.`,
    );
  }
  const ratio = total / Math.max(1, bytes.length);
  if (total > 10 * 1024 * 1024 && ratio > limits.maxCompressionRatio) {
    throw invalid(
      `The Word document is compressed ${Math.round(ratio)}:1, far beyond what text and images reach ` +
        `(limit ${limits.maxCompressionRatio}:1); it is refused as a possible ZIP bomb.`,
    );
  }
  if (!entries.some((e) => e.name === 'word/document.xml')) {
    throw invalid('The file is a ZIP archive but not a Word document (it has no word/document.xml). Drop the manuscript as PDF or DOCX.');
  }
}

/**
 * Inflates the named entries (those present) into memory. Each is capped at `maxEntryBytes` whatever its
 * declared size, and every inflated byte is charged to the active InflateBudget (per-document cap).
 */
export async function readZipEntries(bytes: Buffer, names: readonly string[], maxEntryBytes: number): Promise<Map<string, Buffer>> {
  const zip = await openZip(bytes);
  const wanted = new Set(names);
  const out = new Map<string, Buffer>();
  return new Promise((resolve, reject) => {
    const fail = (err: unknown) => {
      zip.close();
      reject(isDeskError(err) ? err : invalid('A part of the Word document is damaged and cannot be unpacked.', err));
    };
    zip.on('entry', (e: yauzl.Entry) => {
      if (!wanted.has(e.fileName)) {
        zip.readEntry();
        return;
      }
      if (e.uncompressedSize > maxEntryBytes) {
        fail(tooComplex(`${e.fileName} would unpack to ${mb(e.uncompressedSize)}, over ${mb(maxEntryBytes)}`));
        return;
      }
      zip.openReadStream(e, (err, stream) => {
        if (err || !stream) {
          fail(err);
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        stream.on('data', (c: Buffer) => {
          size += c.length;
          if (size > maxEntryBytes) stream.destroy(tooComplex(`${e.fileName} unpacks past ${mb(maxEntryBytes)}`));
          else if (!chargeActive(c.length, size)) stream.destroy(tooComplex());
          else chunks.push(c);
        });
        stream.on('error', fail);
        stream.on('end', () => {
          out.set(e.fileName, Buffer.concat(chunks));
          zip.readEntry();
        });
      });
    });
    zip.on('end', () => resolve(out));
    zip.on('error', fail);
    zip.readEntry();
  });
}

export function mb(n: number): string {
  return n >= 1024 * 1024 ? `${(n / (1024 * 1024)).toFixed(n >= 10 * 1024 * 1024 ? 0 : 1)} MB` : `${Math.ceil(n / 1024)} KB`;
}
