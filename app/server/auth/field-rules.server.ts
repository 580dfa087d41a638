import type { BetterAuthPlugin } from "better-auth";
import { APIError, createAuthMiddleware, getSessionFromCtx, isAPIError } from "better-auth/api";
import { z } from "zod";
import { emailAddress, enteredPassword, newPassword, personName, signUpSchema } from "~/lib/fields";
import { featureEndpoint } from "../feature-hooks.server";
import { peekMailToken } from "../mail/tokens.server";
import * as m from "../messages";
import { say } from "../words.server";
import { findPasswordWeakness, type PasswordOwner } from "./password-policy.server";

/**
 * The app's rules for what people type, as better-auth sees each request:
 * every endpoint that stores or checks a value people choose gets the same
 * zod schema the pages use. A value that breaks one is a `400` with the
 * rule's message before better-auth reads it (nothing is stored); a valid
 * one reaches better-auth as the rule made it (trimmed names, lower-cased
 * email), so what is checked is what is used. Fields the app never sends
 * are refused (`strict`): updating a user changes the name, nothing else.
 * The features' endpoints bring their own rules (`AuthEndpoint.body`, `query`).
 */
const BODY_RULES: Record<string, z.ZodType> = {
  "/sign-up/email": signUpSchema.strict(),
  "/sign-in/email": z
    .object({ email: emailAddress, password: enteredPassword, rememberMe: z.boolean().optional() })
    .strict(),
  "/request-password-reset": z.object({ email: emailAddress }).strict(),
  "/reset-password": z.object({ token: z.string().min(1).max(255), newPassword }).strict(),
  "/update-user": z.object({ name: personName }).strict(),
  "/set-password": z.object({ newPassword }).strict(),
  "/verify-password": z.object({ password: enteredPassword }).strict(),
  "/delete-user": z.object({ password: enteredPassword.optional() }).strict(),
  "/change-password": z
    .object({ currentPassword: enteredPassword, newPassword, revokeOtherSessions: z.boolean().optional() })
    .strict(),
};

/** The rule of a body or query string at `path`: the core's, or a feature's endpoint's. */
function ruleOf(path: string, which: "body" | "query"): z.ZodType | undefined {
  if (which === "body" && Object.hasOwn(BODY_RULES, path)) return BODY_RULES[path];
  return featureEndpoint(path)?.[which];
}

type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];
type Body = Record<string, unknown>;
type Owner = Omit<PasswordOwner, "appName">;

/**
 * The endpoints that set a password, with the field holding it and whose
 * password it becomes: the person signing up, the reset link's owner, the
 * signed-in person. No owner (a used token, no session): the endpoint
 * refuses the request itself. `setPassword` has no path to match (a
 * server-only endpoint): its only caller checks the same (account-settings.server.ts).
 */
const NEW_PASSWORDS: Record<
  string,
  { field: string; owner: (ctx: HookContext, body: Body) => Promise<Owner | null> }
> = {
  "/sign-up/email": { field: "password", owner: async (_, body) => body as Owner },
  "/reset-password": {
    field: "newPassword",
    owner: async (ctx, body) => {
      const userId = await peekMailToken(ctx.context.internalAdapter, "reset-password", body.token);
      return userId ? ctx.context.internalAdapter.findUserById(userId) : null;
    },
  },
  "/change-password": {
    field: "newPassword",
    owner: async (ctx) => (await getSessionFromCtx(ctx))?.user ?? null,
  },
};

/**
 * The common-password rule (password-policy.server.ts) on a new password
 * the field rules passed: a `400` with its reason's code and message, which
 * the pages show on the field.
 */
async function refuseWeakPassword(ctx: HookContext, body: Body): Promise<void> {
  const door = NEW_PASSWORDS[ctx.path ?? ""];
  if (!door) return;
  const owner = await door.owner(ctx, body);
  if (!owner) return;
  const weakness = await findPasswordWeakness(String(body[door.field]), {
    ...owner,
    appName: ctx.context.appName,
  });
  if (weakness) throw new APIError("BAD_REQUEST", { message: weakness.message, code: weakness.code });
}

function invalid(error: z.ZodError): APIError {
  return new APIError("BAD_REQUEST", {
    message: error.issues[0]?.message ?? m.checkFieldsAndRetry(),
    code: "INVALID_INPUT",
  });
}

const hasRule = (ctx: { path?: string }) =>
  Boolean(ctx.path && (ruleOf(ctx.path, "body") || ruleOf(ctx.path, "query")));

/**
 * better-auth plugin: the field rules above, at every door (our actions'
 * `auth.api` calls and the HTTP endpoints alike), then, on a new password
 * they passed, the common-password rule. It also turns a feature's known
 * library answer to bad input into a `400` (`AuthEndpoint.unreadable`: a
 * library that answers unreadable input with a 500).
 */
export function fieldRules() {
  const check = createAuthMiddleware(async (ctx) => {
    const path = ctx.path ?? "";
    const bodyRule = ruleOf(path, "body");
    const queryRule = ruleOf(path, "query");
    const body = bodyRule?.safeParse(ctx.body ?? {});
    const query = queryRule?.safeParse(ctx.query ?? {});
    if (body && !body.success) throw invalid(body.error);
    if (query && !query.success) throw invalid(query.error);
    if (body) await refuseWeakPassword(ctx, body.data as Body);
    return {
      context: {
        ...(body ? { body: body.data } : {}),
        ...(query ? { query: query.data } : {}),
      },
    };
  });

  const unreadableInput = createAuthMiddleware(async (ctx) => {
    const returned = ctx.context.returned;
    const unreadable = featureEndpoint(ctx.path)?.unreadable;
    if (unreadable && isAPIError(returned) && returned.statusCode >= 500) {
      throw new APIError("BAD_REQUEST", { message: say(unreadable.message), code: unreadable.code });
    }
  });

  return {
    id: "field-rules",
    hooks: {
      before: [{ matcher: hasRule, handler: check }],
      after: [{ matcher: (ctx) => Boolean(featureEndpoint(ctx.path)?.unreadable), handler: unreadableInput }],
    },
  } satisfies BetterAuthPlugin;
}
