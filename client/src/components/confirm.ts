// Destructive actions ask first (SPEC §5 "Confirmations before deletion") with the browser's own
// confirmation: modal, keyboard- and screen-reader-friendly, and already in the user's language.
// One helper, so a styled in-app dialog can replace it everywhere at once.
export function confirmAction(question: string): boolean {
  return window.confirm(question);
}
