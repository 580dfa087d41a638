// The dashboard's Passkeys card.
import { type FormEvent, useState } from "react";
import { useRevalidator } from "react-router";
import { FormFeedback } from "~/components/dashboard/form-feedback";
import { IntentField } from "~/components/dashboard/intent-field";
import { SignInAgainButton } from "~/components/dashboard/sign-in-again";
import { useDashboardForm } from "~/components/dashboard/use-dashboard-form";
import { LocalTime } from "~/components/local-time";
import { SubmitButton } from "~/components/submit-button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { rich } from "~/i18n/rich";
import { showToast } from "~/shell/toast";
import FingerprintIcon from "~icons/lucide/fingerprint";
import PlusIcon from "~icons/lucide/plus";
import Trash2Icon from "~icons/lucide/trash-2";
import * as m from "./messages";
import { PASSKEY_NAME_MAX_LENGTH, type PasskeySummary } from "./passkey";
import type { addPasskeyForm, deletePasskeyForm, renamePasskeyForm } from "./passkey-forms";

/**
 * The dashboard's passkeys: the list with names and dates,
 * `Add passkey` with an optional name (else this device's, "Chrome on
 * macOS"; WebAuthn needs JavaScript, its code loads on the first click),
 * and rename and delete per passkey, plain form posts.
 */
export function PasskeysCard({
  passkeys,
  thisDevice,
  className,
}: {
  passkeys: PasskeySummary[];
  /** This browser as the sessions list names it: the new passkey's name when none is typed. */
  thisDevice: string;
  className?: string;
}) {
  const [adding, setAdding] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [signInAgain, setSignInAgain] = useState(false);
  const { revalidate } = useRevalidator();

  async function add(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const name = (new FormData(form).get("name") as string | null)?.trim() || thisDevice;
    setAdding(true);
    setError(null);
    setSignInAgain(false);
    try {
      const { addPasskey } = await import("./passkey-registration");
      const result = await addPasskey(name);
      if (!result.ok) {
        setError(result.message);
        setSignInAgain(Boolean(result.signInAgain));
        return;
      }
      form.reset();
      await revalidate();
      void showToast(m.passkeyAdded({ name }));
    } finally {
      setAdding(false);
    }
  }

  return (
    <Card className={className}>
      <CardHeader>
        <CardTitle>{m.passkeys()}</CardTitle>
        <CardDescription>{m.cardDescription()}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4 text-sm">
        {passkeys.length === 0 ? (
          <p className="rounded-lg border border-dashed px-4 py-6 text-center text-muted-foreground">
            {m.noPasskeysYet()}
          </p>
        ) : (
          <ul className="divide-y rounded-lg border" aria-label={m.yourPasskeys()}>
            {passkeys.map((passkey) => (
              <PasskeyRow key={passkey.id} passkey={passkey} />
            ))}
          </ul>
        )}
        <form method="post" className="grid gap-2" onSubmit={add}>
          <IntentField intent={"add-passkey" satisfies typeof addPasskeyForm.intent} />
          <Label htmlFor="passkey-name">
            {rich(m.nameLabel(), {
              optional: (text) => <span className="font-normal text-muted-foreground">{text}</span>,
            })}
          </Label>
          <div className="flex flex-col gap-2 sm:flex-row">
            <Input
              id="passkey-name"
              name="name"
              placeholder={thisDevice}
              aria-describedby="passkey-name-hint"
              maxLength={PASSKEY_NAME_MAX_LENGTH}
              autoComplete="off"
            />
            <SubmitButton busy={adding} variant="outline" icon={PlusIcon}>
              {m.addPasskey()}
            </SubmitButton>
          </div>
          <p id="passkey-name-hint" className="text-muted-foreground text-xs">
            {m.nameHint({ device: thisDevice })}
          </p>
          <FormFeedback error={error} />
        </form>
        {signInAgain ? <SignInAgainButton /> : null}
      </CardContent>
    </Card>
  );
}

function PasskeyRow({ passkey }: { passkey: PasskeySummary }) {
  const remove = useDashboardForm<typeof deletePasskeyForm>("delete-passkey", passkey.id);
  const rename = useDashboardForm<typeof renamePasskeyForm>("rename-passkey", passkey.id);
  const error = remove.error ?? rename.error;
  const { createdAt } = passkey;
  return (
    <li className="grid gap-3 px-4 py-3">
      <div className="flex items-center gap-3">
        <FingerprintIcon className="size-5 shrink-0 text-muted-foreground" />
        <div className="min-w-0 flex-1">
          <p className="truncate font-medium">{passkey.name}</p>
          {createdAt ? (
            <p className="text-muted-foreground text-xs">
              {rich(m.addedAt(), { time: () => <LocalTime value={createdAt} style="date" /> })}
            </p>
          ) : null}
        </div>
        <remove.Form method="post">
          {remove.intentField}
          <input type="hidden" name={remove.field("id")} value={passkey.id} />
          <SubmitButton
            busy={remove.busy}
            variant="ghost"
            size="sm"
            icon={Trash2Icon}
            aria-label={m.deletePasskeyNamed({ name: passkey.name })}
          >
            {m.deleteButton()}
          </SubmitButton>
        </remove.Form>
      </div>
      <details className="group" open={Boolean(rename.error) || undefined}>
        <summary
          aria-label={m.renamePasskeyNamed({ name: passkey.name })}
          className="w-fit cursor-pointer rounded-sm text-muted-foreground text-xs underline-offset-4 hover:underline"
        >
          {m.rename()}
        </summary>
        <rename.Form method="post" ref={rename.formRef} className="mt-2 flex gap-2">
          {rename.intentField}
          <input type="hidden" name={rename.field("id")} value={passkey.id} />
          <Input
            name={rename.field("name")}
            aria-label={m.newNameFor({ name: passkey.name })}
            defaultValue={passkey.name}
            maxLength={PASSKEY_NAME_MAX_LENGTH}
            required
            autoComplete="off"
          />
          <SubmitButton busy={rename.busy} variant="outline">
            {m.save()}
          </SubmitButton>
        </rename.Form>
      </details>
      <FormFeedback error={error} />
    </li>
  );
}
