/**
 * Words a feature hands the core to say for it (a change's sentence in a
 * notice mail, a sign-in method's name in the activity log): a string, or a
 * message of the feature's catalogue (`() => m.passkeyAdded()`), called only
 * when they are said, so a constant declared at module load still speaks
 * the language of the request or of the mail's recipient.
 */
export type Words = string | (() => string);

/** The words, in the language messages speak now. */
export const say = (words: Words): string => (typeof words === "function" ? words() : words);
