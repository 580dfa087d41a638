import { describe, expect, test } from "vitest";
import type { z } from "zod";
import { createAuth } from "~/server/auth/auth.server";
import { openDatabase } from "~/server/db/database.server";
import { parseEnv } from "~/server/env.server";
import { OAUTH_PROVIDER_IDS } from "./providers";
import {
  listSignInProviders,
  neededVariables,
  PROVIDER_VARIABLES,
  providerAuthOptions,
  providerConfigOf,
  providerOrigins,
} from "./registry.server";

const schemas: Record<string, z.ZodType | undefined> = PROVIDER_VARIABLES;

/** A value a variable's schema takes: a client id or secret, or else an issuer URL. */
function sampleValue(name: string): string {
  const value = ["client-value", "https://id.example.com"].find(
    (sample) => schemas[name]?.safeParse(sample).success,
  );
  if (!value) throw new Error(`no sample value fits ${name}: add one here`);
  return value;
}

// Every provider in the registry, whatever it is: a new one is checked without a line added here.
describe.each(OAUTH_PROVIDER_IDS)("the provider %s", (id) => {
  const needed = neededVariables(id);
  const variables = Object.fromEntries(needed.map((name) => [name, sampleValue(name)]));

  test("is on once the variables it needs are set: its button, its sign-in page in the CSP, in better-auth", async () => {
    const providers = providerConfigOf(parseEnv(variables));
    expect(listSignInProviders(providers).map((provider) => provider.id)).toEqual([id]);
    const origins = providerOrigins(providers);
    expect(origins).toHaveLength(1);
    expect(origins.map((origin) => new URL(origin).origin)).toEqual(origins);
    const db = openDatabase(":memory:");
    const auth = createAuth({
      env: { APP_URL: "http://localhost:3000", APP_NAME: "Test", isHttps: false, providers },
      kysely: db.kysely,
      secret: "s".repeat(43),
    });
    // Its callback, `/api/auth/callback/{id}`, is better-auth's provider of that id.
    expect((await auth.$context).socialProviders.map((provider) => provider.id)).toEqual([id]);
    await db.close();
  });

  test.each(needed)("stops the start when the others are set without %s", (name) => {
    const { [name]: _left, ...others } = variables;
    expect(() => parseEnv(others)).toThrow(`Invalid configuration: ${name}: is required when `);
  });
});

test("all on: their buttons in order, Google without ID tokens from the browser", () => {
  const all = OAUTH_PROVIDER_IDS.flatMap(neededVariables).map((name) => [name, sampleValue(name)]);
  const providers = providerConfigOf(parseEnv(Object.fromEntries(all)));
  expect(listSignInProviders(providers)).toEqual([
    { id: "github", name: "GitHub" },
    { id: "google", name: "Google" },
    { id: "oidc", name: "OpenID" },
  ]);
  expect(providerAuthOptions(providers, () => {}).socialProviders).toMatchObject({
    google: { disableIdTokenSignIn: true },
  });
});
