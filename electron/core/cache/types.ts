// The cache's row types are plain data shared with the renderer: they live in electron/common/shapes.ts.
export type * from '../../common/shapes';
export { CONFLICT_BITS } from '../../common/shapes';
