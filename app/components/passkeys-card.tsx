import { type FormEvent, useState } from "react";
import { Form, useActionData, useNavigation, useRevalidator } from "react-router";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { PASSKEY_NAME_MAX_LENGTH } from "~/lib/constants";
import type { PasskeySummary } from "~/server/passkeys.server";

const dateFormat = new Intl.DateTimeFormat("en", { dateStyle: "medium", timeZone: "UTC" });

/**
 * The dashboard's passkeys (SPEC §4): the list with names and dates, a
 * named `Add passkey` (WebAuthn needs JavaScript; its code loads on the
 * first click), and a delete button per passkey that is a plain form post.
 */
export function PasskeysCard({ passkeys, className }: { passkeys: PasskeySummary[]; className?: string }) {
  const [adding, setAdding] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { revalidate } = useRevalidator();
  const navigation = useNavigation();
  const deleteError = useActionData<{ error: string | null }>()?.error;

  async function add(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const name = (new FormData(form).get("name") as string | null)?.trim() || "Passkey";
    setAdding(true);
    setError(null);
    try {
      const { addPasskey } = await import("~/shell/passkey-client");
      const result = await addPasskey(name);
      if (!result.ok) {
        setError(result.message);
        return;
      }
      form.reset();
      await revalidate();
    } finally {
      setAdding(false);
    }
  }

  return (
    <Card className={className}>
      <CardHeader>
        <CardTitle>Passkeys</CardTitle>
        <CardDescription>
          Sign in with your fingerprint, face or device PIN instead of a password.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4 text-sm">
        {passkeys.length === 0 ? (
          <p className="text-muted-foreground">No passkeys yet.</p>
        ) : (
          <ul className="divide-y rounded-lg border" aria-label="Your passkeys">
            {passkeys.map((passkey) => (
              <li key={passkey.id} className="flex items-center gap-3 px-4 py-3">
                <span
                  className="icon-[lucide--fingerprint] size-5 text-muted-foreground"
                  aria-hidden="true"
                />
                <div className="min-w-0 flex-1">
                  <p className="truncate font-medium">{passkey.name}</p>
                  {passkey.createdAt ? (
                    <p className="text-muted-foreground text-xs">
                      Added {dateFormat.format(new Date(passkey.createdAt))}
                    </p>
                  ) : null}
                </div>
                <Form method="post">
                  <input type="hidden" name="intent" value="delete-passkey" />
                  <input type="hidden" name="id" value={passkey.id} />
                  <Button
                    type="submit"
                    variant="ghost"
                    size="sm"
                    aria-label={`Delete passkey ${passkey.name}`}
                    disabled={navigation.state !== "idle"}
                  >
                    <span className="icon-[lucide--trash-2]" aria-hidden="true" />
                    Delete
                  </Button>
                </Form>
              </li>
            ))}
          </ul>
        )}
        {(error ?? deleteError) ? <Alert>{error ?? deleteError}</Alert> : null}
        <form method="post" className="grid gap-2" onSubmit={add}>
          <input type="hidden" name="intent" value="add-passkey" />
          <Label htmlFor="passkey-name">Passkey name</Label>
          <div className="flex gap-2">
            <Input
              id="passkey-name"
              name="name"
              placeholder="e.g. Work laptop"
              maxLength={PASSKEY_NAME_MAX_LENGTH}
              autoComplete="off"
            />
            <Button type="submit" variant="outline" disabled={adding}>
              <span className="icon-[lucide--plus]" aria-hidden="true" />
              Add passkey
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
