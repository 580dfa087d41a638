import type { ZxcvbnFactory, ZxcvbnResult } from "@zxcvbn-ts/core";
import * as m from "../messages";

/**
 * The common-password rule for new passwords (OWASP ASVS 5.0 6.2.4, NIST
 * 800-63B's blocklist), with zxcvbn: a password is refused when zxcvbn
 * estimates an attacker finds it in fewer than `MIN_GUESSES` guesses
 * (its score 0 or 1). That covers its list of about 49,000 common passwords
 * (every one of them is under the bar), keyboard walks (`qwertyuiop`),
 * sequences, repeats, dates, and those with a capital or a digit added
 * (`Password123`). zxcvbn is also told the person's name, the local part of
 * their address and the app's name, so `reactstarter2024` is just as weak;
 * and a password that contains one of those is refused when what is left
 * without it is under the bar on its own (`React Starter 2024`): knowing who
 * they attack, an attacker's guesses are only that rest.
 */

/**
 * 10^6 guesses: zxcvbn's line between "very guessable" and "somewhat
 * guessable" (protection from throttled online attacks). Sign-in is
 * throttled (the failure budget), and stored passwords are scrypt hashes,
 * so no composition rules on top: a few unrelated words pass.
 */
const MIN_GUESSES = 1e6;

/** Why a new password is refused: the code better-auth answers with, and what the field says. */
export type PasswordWeakness = { code: keyof typeof WEAKNESS_MESSAGES; message: string };

/** Each reason's message, said in the reader's language when a password is refused. */
export const WEAKNESS_MESSAGES = {
  GUESSABLE_PASSWORD: m.guessablePassword,
  PERSONAL_PASSWORD: m.personalPassword,
} as const;

/** Whose password it is: what it must not be built from. */
export type PasswordOwner = { appName: string; email: string; name?: string | null };

let estimator: Promise<ZxcvbnFactory> | undefined;

/**
 * zxcvbn and its dictionaries (half a megabyte of code) load at the first
 * check, not when the server starts: most processes never see a new
 * password, and the cold start is measured. A failed load is tried again.
 */
function loadEstimator(): Promise<ZxcvbnFactory> {
  estimator ??= Promise.all([import("@zxcvbn-ts/core"), import("@zxcvbn-ts/language-common")]).then(
    ([core, common]) =>
      new core.ZxcvbnFactory({ dictionary: common.dictionary, graphs: common.adjacencyGraphs }),
    (error: unknown) => {
      estimator = undefined;
      throw error;
    },
  );
  return estimator;
}

/** Shorter names ("Al", the "j" of "j.doe") would match inside too many words to tell anything. */
const MIN_NAME_LENGTH = 3;

/**
 * The owner's names as zxcvbn's user inputs: each whole ("react starter",
 * "ada.lovelace"), run together ("reactstarter", "adalovelace") and word
 * by word ("react", "lovelace"), lower-cased (zxcvbn matches any case).
 */
function userInputsOf({ appName, email, name }: PasswordOwner): string[] {
  const localPart = email.slice(0, Math.max(0, email.lastIndexOf("@"))) || email;
  const inputs = new Set<string>();
  for (const phrase of [appName, localPart, name ?? ""]) {
    const whole = phrase.toLowerCase().trim();
    const words = whole.split(/[^\p{L}\p{N}]+/u);
    for (const input of [whole, words.join(""), ...words]) {
      if (input.length >= MIN_NAME_LENGTH) inputs.add(input);
    }
  }
  return [...inputs];
}

/** The password without the parts zxcvbn matched to the owner's names (what is left to guess), or null when none matched. */
function withoutOwnerNames(result: ZxcvbnResult): string | null {
  const own = result.sequence.filter((match) => match.dictionaryName === "userInputs");
  if (own.length === 0) return null;
  const kept = result.password
    .split("")
    .filter((_, index) => !own.some((match) => index >= match.i && index <= match.j));
  return kept.join("");
}

const weakness = (code: PasswordWeakness["code"]): PasswordWeakness => ({
  code,
  message: WEAKNESS_MESSAGES[code](),
});

/**
 * Why `password` must not be someone's new password, or null when it may
 * be. Lengths are the field rules' business (`newPassword`); this runs on a
 * password they passed.
 */
export async function findPasswordWeakness(
  password: string,
  owner: PasswordOwner,
): Promise<PasswordWeakness | null> {
  const zxcvbn = await loadEstimator();
  const userInputs = userInputsOf(owner);
  const result = zxcvbn.check(password, userInputs);
  const rest = withoutOwnerNames(result);
  if (result.guesses < MIN_GUESSES) {
    return weakness(rest === null ? "GUESSABLE_PASSWORD" : "PERSONAL_PASSWORD");
  }
  if (rest !== null && zxcvbn.check(rest, userInputs).guesses < MIN_GUESSES) {
    return weakness("PERSONAL_PASSWORD");
  }
  return null;
}
