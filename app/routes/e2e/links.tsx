import { useState } from "react";
import { PreloadLink } from "~/components/preload-link";

const targets = [
  "/",
  "/login",
  "/dashboard",
  "/__e2e/crash",
  "/__e2e/forced-system",
  "/__e2e/icons",
  "/no-such-page",
];

/**
 * A page with many links for the preload-queue test: they appear on a click,
 * so the test can watch every preload they cause from the first one.
 */
export default function E2eLinks() {
  const [shown, setShown] = useState(false);
  return (
    <div className="mx-auto max-w-xl px-6 py-16">
      <h1 className="font-bold text-2xl">Many links</h1>
      <button type="button" className="mt-4 underline" onClick={() => setShown(true)}>
        Show links
      </button>
      {shown ? (
        <ul className="mt-4 grid gap-2">
          {targets.map((target) => (
            <li key={target}>
              <PreloadLink to={target}>{target}</PreloadLink>
            </li>
          ))}
        </ul>
      ) : null}
      {shown ? (
        <p className="mt-[150vh]">
          <PreloadLink to="/__e2e/forced-dark">A link far below</PreloadLink>
        </p>
      ) : null}
    </div>
  );
}
