import { type ComponentProps, type ComponentType, createElement, type ReactNode } from "react";
import { featureUis } from "~/features/ui";
import type { FeatureUi } from "~/lib/features";

/** The `FeatureUi` fields that are a page's slots: components the listed features fill in. */
type SlotName = "SignInMethods";

/**
 * What each listed feature puts in one slot of a page (`FeatureUi[name]`),
 * in the registry's order; nothing when none fills it.
 */
export function FeatureSlot<Name extends SlotName>({
  name,
  ...props
}: { name: Name } & ComponentProps<NonNullable<FeatureUi[Name]>>): ReactNode {
  return featureUis().map((feature, at) => {
    const Slot = feature[name] as ComponentType<object> | undefined;
    // The list is fixed at build time: a feature's place in it is its key.
    return Slot ? createElement(Slot, { ...props, key: at }) : null;
  });
}
