/** A page that tries to force `system`, which the app refuses with a warning. */
export const handle = { title: "Forced system", colorMode: "system" };

export default function ForcedSystem() {
  return <h1 className="mx-auto max-w-xl px-6 py-16 font-bold text-2xl">Follows the preference</h1>;
}
