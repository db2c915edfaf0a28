// Authors group (spec §2.3, §4.5). Only creation exists in the API; it is not idempotent.
import { z } from 'zod';

export const authorsGroupCreateSchema = z.object({
  group_name: z.string().trim().min(1, 'group name is required'),
  owner_team: z.string().trim().min(1, 'owner team is required'),
  editor_teams: z.array(z.string().min(1)),
  viewer_teams: z.array(z.string().min(1)),
});
export type AuthorsGroupCreate = z.infer<typeof authorsGroupCreateSchema>;

export const authorsGroupCreatedSchema = z.looseObject({
  authors_group_id: z.number().int(),
});
export type AuthorsGroupCreated = z.infer<typeof authorsGroupCreatedSchema>;
