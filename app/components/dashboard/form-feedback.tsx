import { Alert } from "~/components/ui/alert";

/** A form's refusal (read out when it appears), or its success when there is no toast (no JavaScript). */
export function FormFeedback({ error, notice }: { error: string | null; notice?: string | null }) {
  if (error) return <Alert>{error}</Alert>;
  if (!notice) return null;
  return (
    <p role="status" className="flex items-center gap-2 text-sm text-success">
      <span className="icon-[lucide--circle-check] size-4 shrink-0" aria-hidden="true" />
      {notice}
    </p>
  );
}
