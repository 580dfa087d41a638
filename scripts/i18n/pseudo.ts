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
  for (const char of text) {
    const accented = ACCENTED[char];
    out += accented === undefined ? char : VOWELS.has(char) ? accented + accented.toLowerCase() : accented;
  }
  return out;
}

export const PSEUDO_OPEN = "⟦";
export const PSEUDO_CLOSE = "⟧";
