/** Which of the service's plan-gated APIs an organization can use (spec §5.4). */
export interface PlanFeatures {
  authorsGroups: boolean;
  refereeFinder: boolean;
  recommendJournals: boolean;
}
