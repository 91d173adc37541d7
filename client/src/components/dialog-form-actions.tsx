// The foot of every form in a dialog: Cancel, then the submit button, which says it is working
// while the call is in flight. Cancel asks first when the dialog holds unsaved input (modal.tsx).
import { useAskBeforeDiscarding } from './unsaved-input';

interface DialogFormActionsProps {
  cancelLabel: string;
  /** The submit button's words, and its words while the call is in flight. */
  submitLabel: string;
  pendingLabel: string;
  pending: boolean;
  onCancel: () => void;
  /** A destructive action (voiding) is drawn as one. */
  danger?: boolean;
}

export function DialogFormActions({ cancelLabel, submitLabel, pendingLabel, pending, onCancel, danger = false }: DialogFormActionsProps) {
  const askBeforeDiscarding = useAskBeforeDiscarding();
  return (
    <div className="form__actions">
      <button type="button" className="button button--secondary" onClick={() => askBeforeDiscarding(onCancel)}>
        {cancelLabel}
      </button>
      {/* aria-disabled rather than disabled: a disabled button drops focus out of the dialog.
          Pressing it with the mouse leaves the focus in the field: otherwise that field would blur
          and show its error, push the button down before the release, and the click would land on
          nothing. The click's submit checks every field instead. */}
      <button
        type="submit"
        className={`button ${danger ? 'button--danger' : 'button--primary'}`}
        aria-disabled={pending}
        onMouseDown={(event) => event.preventDefault()}
      >
        {pending ? pendingLabel : submitLabel}
      </button>
    </div>
  );
}
