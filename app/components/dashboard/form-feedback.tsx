import { Alert } from "~/components/ui/alert";
import CircleCheckIcon from "~icons/lucide/circle-check";

/** A form's refusal (read out when it appears), or its success when there is no toast (no JavaScript). */
export function FormFeedback({ error, notice }: { error: string | null; notice?: string | null }) {
  if (error) return <Alert>{error}</Alert>;
  if (!notice) return null;
  return (
    <p role="status" className="flex items-center gap-2 text-sm text-success">
      <CircleCheckIcon className="size-4 shrink-0" />
      {notice}
    </p>
  );
}
