/** A page that forces dark mode whatever the visitor prefers. */
export const handle = { title: "Forced dark", colorMode: "dark" };

export default function ForcedDark() {
  return <h1 className="mx-auto max-w-xl px-6 py-16 font-bold text-2xl">Always dark</h1>;
}
