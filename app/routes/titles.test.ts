import { expect, test } from "vitest";
import { inLocale } from "~/i18n/locale.server";
import { handle as confirmSignUp } from "./confirm-sign-up";
import { handle as dashboard } from "./dashboard";
import { handle as forgotPassword } from "./forgot-password";
import { handle as login } from "./login";
import { handle as resetPassword } from "./reset-password";
import { handle as signOutEverywhere } from "./sign-out-everywhere";
import { handle as verifyEmail } from "./verify-email";

const signUp = new URLSearchParams("mode=signup");
const signIn = new URLSearchParams();

/** Each page's title and description, as the server renders them in a language. */
const worded = () => ({
  login: [login.title(signIn), login.title(signUp), login.description],
  forgotPassword: [forgotPassword.title(), forgotPassword.description],
  others: [confirmSignUp, dashboard, resetPassword, signOutEverywhere, verifyEmail].map((each) =>
    each.title(),
  ),
});

test("a page's title and description are worded when the page renders, in its language", () => {
  expect(worded()).toEqual({
    login: ["Sign in", "Create account", "Sign in to your account, or create one with your email address."],
    forgotPassword: ["Forgot password", "Get a link by email to choose a new password."],
    others: [
      "Check your inbox",
      "Dashboard",
      "Choose a new password",
      "Sign out everywhere",
      "Confirm your email address",
    ],
  });
  expect(inLocale("de", worded)).toEqual({
    login: [
      "Anmelden",
      "Konto erstellen",
      "Melden Sie sich bei Ihrem Konto an oder erstellen Sie eines mit Ihrer E-Mail-Adresse.",
    ],
    forgotPassword: [
      "Passwort vergessen",
      "Erhalten Sie per E-Mail einen Link, mit dem Sie ein neues Passwort wählen können.",
    ],
    others: [
      "Postfach prüfen",
      "Dashboard",
      "Neues Passwort wählen",
      "Überall abmelden",
      "E-Mail-Adresse bestätigen",
    ],
  });
});
