/** Pieces the teams' pages share: a role's badge, the role picker, one-button forms. */
import type { ComponentProps } from "react";
import { useId } from "react";
import type { DashboardForm } from "~/components/dashboard/use-dashboard-form";
import { SubmitButton } from "~/components/submit-button";
import { Badge, type BadgeTone } from "~/components/ui/badge";
import { Label } from "~/components/ui/label";
import * as m from "./messages";
import { GIVEN_ROLES, ROLE_NAMES, type TeamRole } from "./roles";

const ROLE_TONES: Record<TeamRole, BadgeTone> = { owner: "primary", admin: "secondary", member: "outline" };

export function RoleBadge({ role }: { role: TeamRole }) {
  return <Badge tone={ROLE_TONES[role]}>{ROLE_NAMES[role]()}</Badge>;
}

export function ActiveBadge() {
  return <Badge tone="success">{m.active()}</Badge>;
}

/** A native select of the roles one may give (admin or member), labelled. */
export function RoleSelect({
  label,
  defaultValue = "member",
  hideLabel = false,
}: {
  label: string;
  defaultValue?: TeamRole;
  hideLabel?: boolean;
}) {
  const id = useId();
  return (
    <div className="grid gap-2">
      <Label htmlFor={id} className={hideLabel ? "sr-only" : undefined}>
        {label}
      </Label>
      <select
        id={id}
        name="role"
        defaultValue={defaultValue}
        className="h-10 rounded-md border border-input bg-background px-3 text-sm shadow-xs focus-visible:border-primary dark:bg-input/30"
      >
        {GIVEN_ROLES.map((role) => (
          <option key={role} value={role}>
            {ROLE_NAMES[role]()}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The hidden field naming the team a form is about. */
export function TeamField({ teamId }: { teamId: string }) {
  return <input type="hidden" name="teamId" value={teamId} />;
}

/**
 * A form that is one button: its intent, the team and row it is about
 * (hidden fields), and the button, named with what it acts on (`about`:
 * "Remove: ana@example.com") so each row's button says whose it is.
 */
export function OneButtonForm({
  form,
  teamId,
  fields = {},
  label,
  about,
  ...button
}: {
  form: DashboardForm;
  teamId?: string;
  fields?: Record<string, string>;
  label: string;
  about?: string;
} & Pick<ComponentProps<typeof SubmitButton>, "variant" | "icon" | "size" | "className">) {
  return (
    <form.Form method="post">
      {form.intentField}
      {teamId ? <TeamField teamId={teamId} /> : null}
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <SubmitButton
        busy={form.busy}
        aria-label={about ? m.labelAbout({ label, about }) : undefined}
        {...button}
      >
        {label}
      </SubmitButton>
    </form.Form>
  );
}
