import { type ClassValue, clsx } from "clsx";

/**
 * Joins class names. Deliberately no tailwind-merge (7 KB on every page):
 * components take variants (`size`, `variant`) instead of overriding each
 * other's utilities, so no two classes of a list set the same property.
 */
export function cn(...inputs: ClassValue[]): string {
  return clsx(inputs);
}
