/**
 * The pseudo-locale `en-XA`, made from English: every letter accented and
 * every vowel doubled (some 40 % longer), each message in brackets. A word
 * still written in the code shows at a glance as plain ASCII, and a layout
 * that cannot take longer words shows as an overflow.
 */
const ACCENTED: Record<string, string> = Object.fromEntries(
  [..."abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"].map((letter, index) => [
    letter,
    [..."åƀçðéƒĝĥîĵķļɱñöþǫŕšţûṽŵẋýžÅƁÇÐÉƑĜĤÎĴĶĻṀÑÖÞǪŔŠŢÛṼŴẊÝŽ"][index] as string,
  ]),
);

const VOWELS = new Set([..."aeiouAEIOU"]);

/** One piece of a message's text in the pseudo-locale. */
export function pseudoText(text: string): string {
  let out = "";
  let inTag = false; // `<link>` in a message marks a part the code renders (app/i18n/rich.tsx): kept as it is.
  for (const char of text) {
    if (char === "<") inTag = true;
    if (inTag) {
      out += char;
      if (char === ">") inTag = false;
      continue;
    }
    const accented = ACCENTED[char];
    out += accented === undefined ? char : VOWELS.has(char) ? accented + accented.toLowerCase() : accented;
  }
  return out;
}

export const PSEUDO_OPEN = "⟦";
export const PSEUDO_CLOSE = "⟧";
