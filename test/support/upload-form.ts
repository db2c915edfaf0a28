// The form of a manuscript that tests upload through core (`manuscripts.upload`): folder DEMO, no authors, one abstract.

/** The `form` of `manuscripts.upload` for the manuscript `originId` titled `title` in folder DEMO, with no authors. */
export function demoUploadForm(originId: string, title: string) {
  return {
    folder: 'DEMO',
    origin_id: originId,
    title,
    abstract: 'Deep learning for protein structure prediction with attention.',
    authors_count: 0,
  };
}
