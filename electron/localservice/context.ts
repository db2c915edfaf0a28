import type { ResolvedConfig } from './config';
import type { Corpus } from './corpus/model';
import type { Db } from './db';
import type { Faults } from './faults';
import type { Webhooks } from './webhooks';

/** Everything a request handler needs; one per running sandbox. */
export interface Ctx {
  db: Db;
  /** Replaced after an import. */
  corpus: Corpus;
  config: ResolvedConfig;
  baseUrl: string;
  referenceYear: number;
  webhooks: Webhooks;
  faults: Faults;
  log: (line: string) => void;
  /** Reloads the in-memory corpus from SQLite (after an import). */
  reloadCorpus(): void;
}

export const profileUrl = (ctx: Ctx) => (id: number) => `${ctx.baseUrl}/authors/${id}/`;
export const articleUrl = (ctx: Ctx) => (id: number) => `${ctx.baseUrl}/articles/${id}/`;
