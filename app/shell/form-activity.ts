/** Input types that hold no typing: clicking one is not being "in the middle of a form". */
const NON_TEXT_INPUTS = new Set([
  "button",
  "submit",
  "reset",
  "checkbox",
  "radio",
  "image",
  "file",
  "hidden",
]);

function isTextEntry(element: Element | null): boolean {
  if (element instanceof HTMLElement && element.isContentEditable) return true;
  if (element instanceof HTMLTextAreaElement || element instanceof HTMLSelectElement) return true;
  return element instanceof HTMLInputElement && !NON_TEXT_INPUTS.has(element.type);
}

function selectHasChanges(select: HTMLSelectElement): boolean {
  const options = [...select.options];
  if (select.multiple) return options.some((option) => option.selected !== option.defaultSelected);
  // A single select with no `selected` option starts on its first one.
  return (
    select.selectedIndex !==
    Math.max(
      0,
      options.findIndex((option) => option.defaultSelected),
    )
  );
}

function hasChanges(form: HTMLFormElement): boolean {
  return [...form.elements].some((field) => {
    if (field instanceof HTMLInputElement) {
      return field.value !== field.defaultValue || field.checked !== field.defaultChecked;
    }
    if (field instanceof HTMLTextAreaElement) return field.value !== field.defaultValue;
    if (field instanceof HTMLSelectElement) return selectHasChanges(field);
    return false;
  });
}

/**
 * True while the visitor is typing (focus in a text field) or has filled in
 * a form they have not sent: the moments when an automatic reload would
 * throw their work away; `within` a part of the page only, if given.
 */
export function isEditingForm(within: ParentNode = document): boolean {
  const active = document.activeElement;
  return (
    (isTextEntry(active) && (within === document || within.contains(active))) ||
    [...within.querySelectorAll("form")].some(hasChanges)
  );
}
