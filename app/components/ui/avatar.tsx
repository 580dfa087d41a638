import { cn } from "~/lib/cn";

/** "Ada Lovelace" → "AL"; one word → its first letter. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0], words.at(-1)] : [words[0]];
  return letters.map((word) => [...(word ?? "")][0]?.toUpperCase() ?? "").join("") || "?";
}

type AvatarProps = { name: string; image?: string; className?: string };

/** A round picture of the person, or their initials when there is none. */
export function Avatar({ name, image, className }: AvatarProps) {
  return (
    <span
      className={cn(
        "inline-flex size-9 shrink-0 select-none items-center justify-center overflow-hidden rounded-full bg-primary/15 font-semibold text-primary text-sm",
        className,
      )}
    >
      {image ? (
        <img src={image} alt="" className="size-full object-cover" referrerPolicy="no-referrer" />
      ) : (
        <span aria-hidden="true">{initialsOf(name)}</span>
      )}
    </span>
  );
}
