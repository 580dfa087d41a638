import { LocalTime } from "~/components/local-time";
import * as m from "~/components/messages";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { type ActivityItem, activityKind, describeActivity } from "~/lib/activity";
import { ACTIVITY_SHOWN } from "~/lib/constants";
import ShieldAlertIcon from "~icons/lucide/shield-alert";

/** What happened, or a shield for a refusal or a failure. */
function EntryIcon({ entry }: { entry: ActivityItem }) {
  const Icon = (entry.success && activityKind(entry.kind)?.icon) || ShieldAlertIcon;
  return <Icon className="size-4" />;
}

/**
 * The account's latest sign-ins and changes, newest first, failures marked.
 * `description`: what the card says it is, when not the owner's own log
 * (the admin console shows someone else's).
 */
export function ActivityCard({
  activity,
  description = m.activityDescription({ count: ACTIVITY_SHOWN }),
}: {
  activity: ActivityItem[];
  description?: string;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{m.recentActivity()}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>
        {activity.length === 0 ? (
          <p className="text-muted-foreground text-sm">{m.nothingYet()}</p>
        ) : (
          <ol className="grid gap-1" aria-label={m.recentActivity()}>
            {activity.map((entry) => (
              <li key={entry.id} className="flex gap-3 rounded-md px-2 py-2 text-sm">
                <span
                  aria-hidden="true"
                  className={`flex size-8 shrink-0 items-center justify-center rounded-full ${
                    entry.success ? "bg-muted text-muted-foreground" : "bg-destructive/10 text-destructive"
                  }`}
                >
                  <EntryIcon entry={entry} />
                </span>
                <div className="min-w-0 flex-1">
                  <p className={`font-medium ${entry.success ? "" : "text-destructive"}`}>
                    {describeActivity(entry)}
                  </p>
                  <p className="text-muted-foreground text-xs">
                    <LocalTime value={entry.createdAt} />
                    {[entry.kind === "new-device" ? null : entry.browser, entry.ip]
                      .filter(Boolean)
                      .map((part) => ` · ${part}`)
                      .join("")}
                  </p>
                </div>
              </li>
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}
