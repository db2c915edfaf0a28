import { MAX_MANUSCRIPT_BYTES } from '../../common/limits';
import type { DeskErrorShape } from '../../common/errors';
import type { IntakeConfidenceView } from '../../common/shapes';

/** How sure intake is of each field (0–1), and the page counts the author list should agree with. */
export type IntakeConfidence = IntakeConfidenceView;

export type IntakeFormat = 'pdf' | 'docx';

/** One author as read from the manuscript; maps onto the upload form's authorK_* fields (spec §4.6). */
export interface IntakeAuthor {
  name: string;
  /** Affiliations joined with "; " (the form has one authorK_aff field). */
  affiliation: string | null;
  email: string | null;
  /** Bare ORCID iD, e.g. "0000-0002-1825-0097". */
  orcid: string | null;
}

/** What intake reads from one file: a pre-fill the editor confirms or edits before uploading. */
export interface IntakeResult {
  /** The path as given by the caller. */
  file: string;
  format: IntakeFormat | null;
  title: string | null;
  abstract: string | null;
  authors: IntakeAuthor[];
  /**
   * Number of entries in the reference list; null when no list was found, or for a PDF read without
   * `IntakeOptions.references` (the form does not need it, and it costs the last pages' parsing).
   */
  references: number | null;
  /** Set when the file was refused or could not be read; the other fields are then empty. */
  error: DeskErrorShape | null;
  /** Per field, how sure the reader is; absent when the file was refused. */
  confidence?: IntakeConfidence;
}

export interface IntakeLimits {
  /** Largest file accepted, in bytes. Default 50 MB. */
  maxBytes: number;
  /** Largest total uncompressed size of a DOCX, in bytes (zip-bomb guard). Default 200 MB. */
  maxUncompressedBytes: number;
  /** Largest overall compression ratio of a DOCX once it inflates past 10 MB (zip-bomb guard). Default 100. */
  maxCompressionRatio: number;
  /** Largest number of entries in a DOCX. Default 5,000. */
  maxZipEntries: number;
}

export interface IntakeOptions extends Partial<IntakeLimits> {
  /**
   * When set, the file must lie inside this folder once every symlink is resolved: a path that leaves it
   * through '..' or through a link is refused.
   */
  root?: string;
  /**
   * PDF: also count the reference list, reading pages backwards from the end (at most 12) — and take
   * e-mails printed there when they match an author. Off by default: the upload form needs the front
   * matter only, and the service counts references itself (debug_info.parsed_references). DOCX always
   * counts (the whole document is read anyway).
   */
  references?: boolean;
}

export const DEFAULT_LIMITS: IntakeLimits = {
  maxBytes: MAX_MANUSCRIPT_BYTES,
  maxUncompressedBytes: 200 * 1024 * 1024,
  maxCompressionRatio: 100,
  maxZipEntries: 5000,
};

/** A file that passed the checks: its bytes, read once through one descriptor, never written. */
export interface CheckedFile {
  path: string;
  realPath: string;
  format: IntakeFormat;
  bytes: Buffer;
}
