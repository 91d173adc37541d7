// A form's submit button while its call may be in flight: disabled then, so a second press sends
// nothing twice, and saying that it is working.
interface SubmitButtonProps {
  label: string;
  /** Its words while the call is in flight. */
  pendingLabel: string;
  pending: boolean;
  /** As wide as the form: the sign-in and set-up pages' single action. */
  block?: boolean;
}

export function SubmitButton({ label, pendingLabel, pending, block = false }: SubmitButtonProps) {
  return (
    <button type="submit" className={block ? 'button button--primary button--block' : 'button button--primary'} disabled={pending}>
      {pending ? pendingLabel : label}
    </button>
  );
}
