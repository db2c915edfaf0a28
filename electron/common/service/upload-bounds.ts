// The candidate bounds of the upload form (spec §4.6), apart from upload.ts's zod schemas: the renderer's
// shell (the batch's Upload all) needs the list, not zod (see test/e2e/web/shell-bundle.test.ts).
/** The candidate bounds of the form (§4.6) as pairs of lowest and highest, in wire order. */
export const UPLOAD_BOUND_PAIRS = [
  ['min_h_index', 'max_h_index'],
  ['min_academic_age', 'max_academic_age'],
  ['min_articles_count', 'max_articles_count'],
] as const;
/** Every bound field of the form, in wire order. */
export const UPLOAD_BOUNDS = UPLOAD_BOUND_PAIRS.flat();
export type UploadBound = (typeof UPLOAD_BOUNDS)[number];
