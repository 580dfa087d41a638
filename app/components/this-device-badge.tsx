/** The mark of the session this browser is using (the sessions list, and its picture on the landing page). */
export function ThisDeviceBadge() {
  return (
    <span className="rounded-full bg-primary/10 px-2 py-0.5 font-medium text-primary text-xs">
      This device
    </span>
  );
}
