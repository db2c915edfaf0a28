// The cache's row types are plain data shared with the renderer: they live in electron/common/rows.ts.
export type * from '../../common/rows';
export { CONFLICT_BITS } from '../../common/rows';
