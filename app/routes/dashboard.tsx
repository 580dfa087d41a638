import { data } from "react-router";
import { PasskeysCard } from "~/components/passkeys-card";
import { SignOutForm } from "~/components/sign-out-form";
import { Avatar } from "~/components/ui/avatar";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { PROVIDER_ICONS } from "~/lib/sign-in-providers";
import { getServices } from "~/server/context.server";
import { getUserSession } from "~/server/guards.server";
import { listSignInMethods } from "~/server/oauth.server";
import { deletePasskey, listPasskeys } from "~/server/passkeys.server";
import type { Route } from "./+types/dashboard";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { user, loggedInAt } = getUserSession(context);
  const { auth, env } = getServices(context);
  const [passkeys, signInMethods] = await Promise.all([
    listPasskeys(auth, request.headers),
    listSignInMethods(auth, request.headers, env.providers),
  ]);
  return { user, loggedInAt, passkeys, signInMethods };
}

/** Deletes a passkey (a plain form post, so it works without JavaScript). */
export async function action({ request, context }: Route.ActionArgs) {
  getUserSession(context);
  const form = await request.formData().catch(() => null);
  const intent = form?.get("intent");
  const id = form?.get("id");
  if (intent === "add-passkey") {
    return data({ error: "Adding a passkey needs JavaScript in this browser." }, { status: 400 });
  }
  if (intent !== "delete-passkey" || typeof id !== "string" || !id) {
    return data({ error: "Unknown request." }, { status: 400 });
  }
  const deleted = await deletePasskey(getServices(context).auth, request.headers, id);
  return deleted ? { error: null } : data({ error: "That passkey does not exist." }, { status: 404 });
}

const dateFormat = new Intl.DateTimeFormat("en", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: "UTC",
});

function greetingName(name: string): string {
  return name.trim().split(/\s+/)[0] ?? name;
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { user, loggedInAt, passkeys, signInMethods } = loaderData;
  const details = [
    { label: "Name", value: user.name },
    { label: "Email", value: user.email },
    { label: "Signed in", value: `${dateFormat.format(new Date(loggedInAt))} UTC` },
    { label: "User ID", value: user.id, mono: true },
  ];
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-10 sm:px-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
        <div className="flex min-w-0 flex-1 items-center gap-4">
          <Avatar name={user.name} image={user.image} size="lg" />
          <div className="min-w-0">
            <h1 className="break-words font-bold text-2xl tracking-tight">
              Welcome back, {greetingName(user.name)}
            </h1>
            <p className="truncate text-muted-foreground text-sm">{user.email}</p>
          </div>
        </div>
        <SignOutForm className="shrink-0">
          {(busy) => (
            <Button type="submit" variant="outline" disabled={busy}>
              <span className="icon-[lucide--log-out]" aria-hidden="true" />
              Sign out
            </Button>
          )}
        </SignOutForm>
      </div>
      <div className="mt-8 grid items-start gap-6 lg:grid-cols-3">
        <Card className="lg:col-span-2">
          <CardHeader>
            <CardTitle>Account details</CardTitle>
            <CardDescription>What this app knows about you.</CardDescription>
          </CardHeader>
          <CardContent>
            <dl className="divide-y rounded-lg border">
              {details.map((item) => (
                <div key={item.label} className="grid gap-1 px-4 py-3 sm:grid-cols-3 sm:gap-4">
                  <dt className="text-muted-foreground text-sm">{item.label}</dt>
                  <dd className={`break-all text-sm sm:col-span-2 ${item.mono ? "font-mono text-xs" : ""}`}>
                    {item.value}
                  </dd>
                </div>
              ))}
            </dl>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Security</CardTitle>
            <CardDescription>How you sign in.</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-3 text-sm">
            {signInMethods.map((method) => (
              <div key={method.id} className="flex items-center gap-3 rounded-lg border px-4 py-3">
                <span
                  className={`${method.id === "password" ? "icon-[lucide--key-round]" : PROVIDER_ICONS[method.id]} size-5 text-muted-foreground`}
                  aria-hidden="true"
                />
                <div className="flex-1">
                  <p className="font-medium">{method.name}</p>
                  <p className="text-muted-foreground text-xs">
                    {method.id === "password" ? "Hashed with scrypt" : "Account joined to yours"}
                  </p>
                </div>
                <span className="rounded-full bg-success/15 px-2 py-0.5 font-medium text-success text-xs">
                  Active
                </span>
              </div>
            ))}
            <div className="flex items-center gap-3 rounded-lg border px-4 py-3">
              <span
                className="icon-[lucide--monitor-smartphone] size-5 text-muted-foreground"
                aria-hidden="true"
              />
              <div className="flex-1">
                <p className="font-medium">This session</p>
                <p className="text-muted-foreground text-xs">Kept for 7 days of inactivity</p>
              </div>
            </div>
          </CardContent>
        </Card>
        <PasskeysCard passkeys={passkeys} className="lg:col-span-2" />
      </div>
    </div>
  );
}
