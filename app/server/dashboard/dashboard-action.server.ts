import { z } from "zod";
import type { ActionForm } from "~/lib/action-form";
import { DEFAULT_SIGNED_IN_PATH } from "~/lib/constants";
import type { DashboardActionData } from "~/lib/dashboard-actions";
import { fieldErrorsOf } from "~/lib/fields";
import { type Outcome, refused, respond } from "../action-kit.server";
import {
  type ActionPolicy,
  type DeclaredAction,
  declareAction,
  enforcePolicy,
} from "../action-policy.server";
import type { AuthSession } from "../auth/auth.server";
import type { AppServices } from "../context.server";
import * as m from "../messages";

/**
 * One form of the dashboard, in one module: its form (`actionForm`: the
 * intent its hidden field posts and its fields, zod, read once from the
 * post; the browser's `useDashboardForm` names the same), its policy (what it needs first: a recent sign-in, its limits;
 * what it logs; ../action-policy.server.ts), and what it does. The
 * dashboard's action runs the one the post names; the core's are in
 * ./actions/, a feature's in its `ServerFeature.actions` (or its own page's
 * action, `page`). The activity kind an action records is drawn in the
 * browser, so it is declared with the browser's half: app/lib/activity.ts,
 * or the feature's `feature.tsx`.
 */
export type DashboardAction = {
  intent: string;
  /** Its policy, as the registry keeps it (`declaredActions`). */
  declared: DeclaredAction;
  /** The row the form is about (a session's id, a provider), so its answer reaches that row's form. */
  targetOf(form: FormData): string | null;
  run(context: {
    services: AppServices;
    request: Request;
    signedIn: AuthSession;
    form: FormData;
  }): Promise<Outcome>;
};

/** What an action's steps get: the app, the request, who is signed in, and the fields as its schema read them. */
export type ActionContext<Form> = {
  services: AppServices;
  request: Request;
  signedIn: AuthSession;
  form: Form;
};

type ActionSpec<Fields extends z.ZodRawShape> = {
  /** The page whose action runs it, when not the dashboard's: its name in the registry is `{page} {intent}`. */
  page?: string;
  /** What it needs and does (`ActionPolicy`): enforced before its fields are read. */
  policy: ActionPolicy;
  /** The field naming the row the form is about. */
  target?: keyof Fields & string;
  /** Does it. May throw a redirect (`redirectWithCookies`) instead of answering. */
  run: (context: ActionContext<z.output<z.ZodObject<Fields>>>) => Promise<Outcome>;
} & (
  | {
      /** Its intent and fields, in a plain module its form imports too (`actionForm`, ~/lib/action-form.ts). */
      form: ActionForm<string, Fields>;
      intent?: never;
      fields?: never;
    }
  | {
      /** Its intent and fields, for an action whose form is not yet declared with `actionForm`. */
      intent: string;
      fields: Fields;
      form?: never;
    }
);

/** The page whose action runs an action unless it names another. */
const DASHBOARD_PAGE = DEFAULT_SIGNED_IN_PATH;

/** A field's text; a field that is missing, or a file where text belongs, is `undefined`. */
function textOf(form: FormData, name: string): string | undefined {
  const value = form.get(name);
  return typeof value === "string" ? value : undefined;
}

/** Makes a dashboard action from its form (`actionForm`), its policy and what it does. */
export function dashboardAction<Fields extends z.ZodRawShape>(spec: ActionSpec<Fields>): DashboardAction {
  const { intent, fields } = spec.form ?? spec;
  const schema = z.object(fields);
  const declared = declareAction(`${spec.page ?? DASHBOARD_PAGE} ${intent}`, spec.policy);
  return {
    intent,
    declared,
    targetOf: (form) => (spec.target ? (textOf(form, spec.target) ?? null) : null),
    async run({ services, request, signedIn, form }) {
      const refusal = await enforcePolicy(declared, services, request, signedIn);
      if (refusal) return refusal;
      const values = Object.fromEntries(Object.keys(fields).map((name) => [name, textOf(form, name)]));
      const parsed = schema.safeParse(values);
      if (!parsed.success) return refused(400, m.checkFieldsBelow(), fieldErrorsOf(parsed.error));
      return spec.run({ services, request, signedIn, form: parsed.data });
    },
  };
}

/**
 * The dashboard's form posts, each a plain form that also works without
 * JavaScript: runs the one its `intent` names, with the request's own
 * headers (its session cookie, client IP and user agent), and answers the
 * outcome with any cookie it set.
 */
export async function runDashboardAction(
  actions: readonly DashboardAction[],
  services: AppServices,
  request: Request,
  signedIn: AuthSession,
) {
  const form = await request.formData().catch(() => null);
  if (!form) return answer(null, null, refused(400, m.sendFormAsFormPost()));
  const intent = textOf(form, "intent");
  const action = actions.find((candidate) => candidate.intent === intent);
  if (!action) return answer(null, null, refused(400, m.unknownRequest()));
  const outcome = await action.run({ services, request, signedIn, form });
  return answer(action.intent, action.targetOf(form), outcome);
}

function answer(intent: string | null, target: string | null, outcome: Outcome) {
  return respond<DashboardActionData>(outcome, {
    intent,
    target,
    ok: outcome.ok,
    message: outcome.message,
    ...(!outcome.ok && outcome.fieldErrors ? { fieldErrors: outcome.fieldErrors } : {}),
    ...(!outcome.ok && outcome.signInAgain ? { signInAgain: true } : {}),
    ...(outcome.ok && "shownOnce" in outcome ? { shownOnce: outcome.shownOnce as string[] } : {}),
  });
}
