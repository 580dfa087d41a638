/**
 * Two-step sign-in on the server: its migrations, its
 * better-auth plugins, the dashboard card's data, the code step of a
 * sign-in, and what it forgets when the core ends standing trust, an
 * account's mailbox is first proven or an email change is undone.
 */
import type { ServerFeature } from "~/server/features.server";
import { TWO_FACTOR_SETTINGS_PATH } from "./constants";
import * as m from "./messages";
import * as twoFactor from "./migrations/0008-two-factor";
import * as twoFactorLastStep from "./migrations/0010-two-factor-last-step";
import { twoFactorSection } from "./sections";
import { twoFactorSummary, withTwoStepOn } from "./settings.server";
import { codeStep, removeTwoStep } from "./sign-in-step.server";
import { forgetTrustedBrowsers, secondStepLimits, twoStepSignIn } from "./two-factor.server";

export default {
  // Their names are the ones existing databases recorded: never rename them.
  migrations: { "0008-two-factor": twoFactor, "0010-two-factor-last-step": twoFactorLastStep },
  dashboard: [twoFactorSection.load(({ db }, { user }) => twoFactorSummary(db, user.id))],
  auth: {
    // The plugin, then the app's rules around its code step (limits, one use per code, providers too).
    plugins: ({ secret, db, rateLimits }) => [
      twoStepSignIn(secret),
      secondStepLimits(rateLimits.passwords, db),
    ],
    onTrustEnded: forgetTrustedBrowsers,
    onMailboxClaimed: removeTwoStep,
    // All of it, whenever set up: its row has no date, and whoever held the account may have set it up anew or made new recovery codes.
    onAccountRecovered: removeTwoStep,
    signInStep: codeStep,
    // An authenticator is a second factor for the admin console's rule.
    secondFactor: {
      // A getter: the admin console reads it in its request's language.
      get name() {
        return m.secondFactorName();
      },
      setUpPath: TWO_FACTOR_SETTINGS_PATH,
      heldBy: withTwoStepOn,
    },
  },
} satisfies ServerFeature;
