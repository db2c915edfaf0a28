/** Which of the service's plan-gated APIs an organization can use (spec §5.4). */
export interface PlanFeatures {
  /** true: answered; false: refused as not in the plan (403); null: not known yet. */
  authorsGroups: boolean | null;
  refereeFinder: boolean | null;
  recommendJournals: boolean | null;
}
