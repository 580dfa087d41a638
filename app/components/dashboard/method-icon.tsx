import type { IconComponent } from "~/components/icon-component";

/** A way in's icon on the Sign-in methods card (the password's key, a provider's logo). */
export function MethodIcon({ icon: Icon }: { icon: IconComponent }) {
  return (
    <span className="flex size-9 shrink-0 items-center justify-center rounded-md bg-muted text-muted-foreground">
      <Icon className="size-5" />
    </span>
  );
}
