import type { ActivityItem } from "./activity";
import * as m from "./messages";

/**
 * A kind's sentence followed by its entry's detail, when the log kept one
 * ("Team renamed: Acme → Apex"), for a feature's `activityKinds`. Apart from
 * ./activity.ts, which reads the features' kinds: a feature loads only this.
 * `sentence` is a message function (`withDetail(m.teamRenamed)`), worded when
 * the entry is shown, in its reader's language; a plain string is shown as it is.
 */
export const withDetail =
  (sentence: string | (() => string)) =>
  ({ detail }: ActivityItem): string => {
    const said = typeof sentence === "function" ? sentence() : sentence;
    return detail ? m.activityWithDetail({ sentence: said, detail }) : said;
  };
