import type { ActivityItem } from "./activity";

/**
 * A kind's sentence followed by its entry's detail, when the log kept one
 * ("Team renamed: Acme → Apex"), for a feature's `activityKinds`. Apart from
 * ./activity.ts, which reads the features' kinds: a feature loads only this.
 */
export const withDetail =
  (sentence: string) =>
  ({ detail }: ActivityItem) =>
    detail ? `${sentence}: ${detail}` : sentence;
