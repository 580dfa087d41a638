/**
 * Icon names as the endpoint accepts them: lower-case letters,
 * digits and dashes. Shared so the browser never sends a name the server
 * would refuse, which would fail the whole batch it travels in.
 */
const ICON_NAME_PATTERN = /^[a-z0-9-]+$/;

/** True for a name the icon endpoint accepts (`arrow-right`), false for `ABC`, `../x`, `a b`, ``. */
export function isValidIconName(name: string): boolean {
  return ICON_NAME_PATTERN.test(name);
}

/** `lucide:house` → `{ collection: "lucide", name: "house" }`; null when either part is not a valid name. */
export function parseIconName(fullName: string): { collection: string; name: string } | null {
  const separator = fullName.indexOf(":");
  const collection = fullName.slice(0, separator);
  const name = fullName.slice(separator + 1);
  if (separator < 0 || !isValidIconName(collection) || !isValidIconName(name)) return null;
  return { collection, name };
}
