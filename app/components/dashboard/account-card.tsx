import { LocalTime } from "~/components/local-time";
import * as m from "~/components/messages";
import { PersonNameField } from "~/components/person-name-field";
import { SubmitButton } from "~/components/submit-button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { featureUis } from "~/features/ui";
import type { DashboardData } from "~/lib/dashboard";
import type { updateNameForm } from "~/lib/dashboard-forms";
import { FormFeedback } from "./form-feedback";
import { useDashboardForm } from "./use-dashboard-form";

/** Who this is: the name (editable), email address and when they joined. */
export function AccountCard({ user }: { user: DashboardData["user"] }) {
  const { Form, intentField, formRef, busy, error, fieldError, notice } =
    useDashboardForm<typeof updateNameForm>("update-name");
  return (
    <Card>
      <CardHeader>
        <CardTitle>{m.accountTitle()}</CardTitle>
        <CardDescription>{m.accountDescription()}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        <Form method="post" ref={formRef} className="grid gap-3">
          {intentField}
          <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
            <div className="flex-1">
              <PersonNameField
                defaultValue={user.name}
                // A new key after each save puts the saved name back in the field.
                key={user.name}
                error={fieldError("name")}
              />
            </div>
            <SubmitButton busy={busy} variant="outline" className="sm:mt-[1.375rem]">
              {m.saveName()}
            </SubmitButton>
          </div>
          <FormFeedback error={fieldError("name") ? null : error} notice={notice} />
        </Form>
        <dl className="grid gap-4 text-sm sm:grid-cols-2">
          <div className="grid gap-1">
            <dt className="text-muted-foreground">{m.emailLabel()}</dt>
            <dd className="break-all font-medium">{user.email}</dd>
          </div>
          <div className="grid gap-1">
            <dt className="text-muted-foreground">{m.memberSince()}</dt>
            <dd className="font-medium">
              <LocalTime value={user.memberSince} style="date" />
            </dd>
          </div>
        </dl>
        {featureUis().flatMap((feature) =>
          (feature.accountCardParts ?? []).map(({ id, Part }) => <Part key={id} user={user} />),
        )}
      </CardContent>
    </Card>
  );
}
