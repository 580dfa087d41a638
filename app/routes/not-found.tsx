import { data } from "react-router";

/** Every path no other route claims: the app's 404 page (root ErrorBoundary). */
export function loader() {
  throw data(null, { status: 404, statusText: "Page Not Found" });
}

export default function NotFound() {
  return null;
}
