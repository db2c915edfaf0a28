// Admission checks for a dropped file: where it really lives, what it really is, and whether it is safe to
// parse. The file is opened read-only once; nothing is ever written to it.
import { constants } from 'node:fs';
import { lstat, open, realpath, stat } from 'node:fs/promises';
import { isAbsolute, relative, resolve, sep } from 'node:path';
import { DeskError } from '../../common/errors';
import { checkDocxContainer, mb } from './zip';
import { DEFAULT_LIMITS, type CheckedFile, type IntakeFormat, type IntakeLimits, type IntakeOptions } from './types';

function invalid(message: string, cause?: unknown): DeskError {
  return new DeskError('invalid_file', message, cause === undefined ? {} : { cause });
}

export function limitsOf(opts: IntakeOptions): IntakeLimits {
  return {
    maxBytes: opts.maxBytes ?? DEFAULT_LIMITS.maxBytes,
    maxUncompressedBytes: opts.maxUncompressedBytes ?? DEFAULT_LIMITS.maxUncompressedBytes,
    maxCompressionRatio: opts.maxCompressionRatio ?? DEFAULT_LIMITS.maxCompressionRatio,
    maxZipEntries: opts.maxZipEntries ?? DEFAULT_LIMITS.maxZipEntries,
  };
}

function inside(root: string, p: string): boolean {
  const rel = relative(root, p);
  return rel === '' || (!rel.startsWith('..' + sep) && rel !== '..' && !isAbsolute(rel));
}

/**
 * Resolves `file` to the real path that will be read. With a root, the path may not leave the root, neither
 * lexically ('..') nor through a symlink anywhere along the way.
 */
export async function resolveSafePath(file: string, root?: string): Promise<string> {
  if (file.includes('\0')) throw invalid('The file name contains a NUL character and is refused.');
  if (root === undefined) {
    try {
      return await realpath(file);
    } catch (e) {
      throw notFound(file, e);
    }
  }
  let realRoot: string;
  try {
    realRoot = await realpath(root);
  } catch (e) {
    throw invalid('The allowed folder for manuscripts does not exist.', e);
  }
  const target = resolve(root, file);
  if (!inside(resolve(root), target) && !inside(realRoot, target)) {
    throw invalid('The path leads outside the allowed folder (through "..") and is refused.');
  }
  let link: boolean;
  try {
    link = (await lstat(target)).isSymbolicLink();
  } catch (e) {
    throw notFound(file, e);
  }
  let real: string;
  try {
    real = await realpath(target);
  } catch (e) {
    throw link ? invalid('The file is a link whose target does not exist.', e) : notFound(file, e);
  }
  if (!inside(realRoot, real)) {
    throw invalid(
      link
        ? 'The file is a link pointing outside the allowed folder and is refused.'
        : 'The path reaches outside the allowed folder through a linked folder and is refused.',
    );
  }
  return real;
}

function notFound(file: string, cause: unknown): DeskError {
  const code = (cause as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'EACCES' || code === 'EPERM') return invalid('The file cannot be opened: permission denied.', cause);
  return invalid(`The file does not exist: ${file}`, cause);
}

const PDF_MAGIC = Buffer.from('%PDF-');
const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const EMPTY_ZIP = Buffer.from([0x50, 0x4b, 0x05, 0x06]);
const OLE_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

/** Names what the bytes are when they are neither PDF nor DOCX, so the refusal says something useful. */
function describeOther(head: Buffer): string {
  const starts = (sig: string | number[]) => head.subarray(0, typeof sig === 'string' ? sig.length : sig.length).equals(Buffer.from(sig));
  if (head.subarray(0, 8).equals(OLE_MAGIC)) {
    return 'The file is an old-format Word .doc or a password-protected Office document. Save it as DOCX (unprotected) or PDF and drop that.';
  }
  if (starts('{\\rtf')) return 'The file is an RTF document. Save it as DOCX or PDF and drop that.';
  if (starts([0x89, 0x50, 0x4e, 0x47]) || starts([0xff, 0xd8, 0xff]) || starts('GIF8')) {
    return 'The file is an image, not a manuscript. Drop the manuscript as PDF or DOCX.';
  }
  if (starts([0x1f, 0x8b]) || starts('7z') || starts('Rar!'))
    return 'The file is a compressed archive, not a manuscript. Unpack it and drop the PDF or DOCX.';
  const text = head.toString('utf8');
  if (/^\s*<(!doctype html|html)/i.test(text))
    return 'The file is a web page (HTML), not a manuscript. Drop the manuscript as PDF or DOCX.';
  if (!head.includes(0))
    return 'The file is plain text, not a PDF or Word document (whatever its name says). Drop the manuscript as PDF or DOCX.';
  return 'The file is neither a PDF nor a Word (DOCX) document, whatever its name says. Drop the manuscript as PDF or DOCX.';
}

/** PDF or DOCX by content; the file name is never consulted. */
export function sniffFormat(bytes: Buffer): IntakeFormat {
  const head = bytes.subarray(0, 1024);
  if (head.indexOf(PDF_MAGIC) !== -1) return 'pdf';
  if (head.subarray(0, 4).equals(ZIP_MAGIC)) return 'docx';
  if (head.subarray(0, 4).equals(EMPTY_ZIP)) throw invalid('The file is an empty ZIP archive, not a Word document.');
  throw invalid(describeOther(head));
}

/**
 * Structural PDF check that needs no parser: a complete file. Encryption is found by pdf.js through the
 * trailer (pdftext.ts openPdf), never by searching the bytes, which `/Encr#79pt` or a comment defeats.
 */
export function checkPdfStructure(bytes: Buffer): void {
  const tail = bytes.subarray(Math.max(0, bytes.length - 4096));
  if (tail.indexOf('%%EOF') === -1) {
    throw invalid('The PDF is incomplete (it stops before its end marker, as after an interrupted download or copy). Get the file again.');
  }
}

/**
 * Every admission check, in order: path, file type, emptiness, size, content type, container safety.
 * Returns the bytes read through one read-only descriptor (so later checks cannot be raced by a swap).
 */
export async function checkFile(file: string, opts: IntakeOptions = {}): Promise<CheckedFile> {
  const limits = limitsOf(opts);
  const realPath = await resolveSafePath(file, opts.root);
  const before = await stat(realPath).catch((e: unknown) => {
    throw notFound(file, e);
  });
  if (before.isDirectory()) throw invalid('This is a folder, not a file. Drop the manuscript file itself.');
  if (!before.isFile()) throw invalid('This is not a regular file (a device, pipe or socket) and is refused.');
  let fh;
  try {
    fh = await open(realPath, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch (e) {
    throw notFound(file, e);
  }
  let bytes: Buffer;
  try {
    const st = await fh.stat();
    if (!st.isFile() || st.ino !== before.ino) throw invalid('The file changed while it was being checked; drop it again.');
    if (st.size === 0) throw invalid('The file is empty (0 bytes).');
    if (st.size > limits.maxBytes) {
      throw invalid(`The file is ${mb(st.size)}, over the ${mb(limits.maxBytes)} limit for a manuscript.`);
    }
    bytes = Buffer.alloc(st.size);
    let off = 0;
    while (off < st.size) {
      const { bytesRead } = await fh.read(bytes, off, st.size - off, off);
      if (bytesRead === 0) break;
      off += bytesRead;
    }
    if (off !== st.size) bytes = bytes.subarray(0, off);
  } finally {
    await fh.close();
  }
  return { path: file, realPath, format: await checkContent(bytes, opts), bytes };
}

/** What a manuscript's bytes are (PDF or DOCX, by content, whatever the name says), checked as checkFile
 * checks a file's: a clear error when they are neither, or a damaged or hostile one. */
export async function checkContent(bytes: Buffer, opts: IntakeOptions = {}): Promise<IntakeFormat> {
  const format = sniffFormat(bytes);
  if (format === 'pdf') checkPdfStructure(bytes);
  else await checkDocxContainer(bytes, limitsOf(opts));
  return format;
}
