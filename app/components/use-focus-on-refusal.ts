import { useEffect, useRef } from "react";

/**
 * Moves the keyboard focus to what a refused form post needs fixed: the
 * form's first invalid field (its error is read out with it, through
 * `aria-describedby`), or else the form's alert. Runs for each new
 * `answer`, the same refusal twice included; attach the ref to the form.
 */
export function useFocusOnRefusal<T extends HTMLElement = HTMLFormElement>(answer: unknown) {
  const formRef = useRef<T>(null);
  useEffect(() => {
    const form = formRef.current;
    if (!answer || !form) return;
    const target =
      form.querySelector<HTMLElement>('[aria-invalid="true"]') ??
      form.querySelector<HTMLElement>('[role="alert"]');
    target?.focus();
  }, [answer]);
  return formRef;
}
