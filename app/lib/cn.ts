/** A class list entry: a class string, or nothing (`isActive && "…"`, an unset `className`). */
export type ClassValue = string | false | null | undefined;

/**
 * Joins class names, skipping the empty ones. Deliberately no
 * tailwind-merge (7 KB on every page) and no clsx (its object and array
 * forms are not used here): components take variants (`size`, `variant`)
 * instead of overriding each other's utilities, so no two classes of a list
 * set the same property.
 */
export function cn(...inputs: ClassValue[]): string {
  return inputs.filter(Boolean).join(" ");
}
