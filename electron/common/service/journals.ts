// Journal recommendation (spec §2.8, §4.7) for an already uploaded manuscript.
import { z } from 'zod';

export const JOURNALS_CORPORA = ['all_journals', 'org_journals'] as const;
export type JournalsCorpus = (typeof JOURNALS_CORPORA)[number];

export const relevantArticleSchema = z.looseObject({
  id: z.number().int(),
  title: z.string(),
  year: z.number().int(),
});
export type RelevantArticle = z.infer<typeof relevantArticleSchema>;

export const recommendedJournalSchema = z.looseObject({
  id: z.number().int(),
  title: z.string(),
  score: z.number(),
  publisher_name: z.string().nullable().default(null),
  folder_id: z.number().int().nullable().default(null),
  folder_name: z.string().nullable().default(null),
  relevant_articles: z.array(relevantArticleSchema).default([]),
});
export type RecommendedJournal = z.infer<typeof recommendedJournalSchema>;

export const recommendJournalsResponseSchema = z.looseObject({
  recommended_journals: z.array(recommendedJournalSchema),
});
export type RecommendJournalsResponse = z.infer<typeof recommendJournalsResponseSchema>;
