// The icon button that deletes one item after the user confirms (SPEC §5 "Confirmations before
// deletion"); `label` names the item for assistive technology.
import { confirmAction } from './confirm';
import { TrashIcon } from './icons';

interface DeleteButtonProps {
  label: string;
  question: string;
  onConfirm: () => void;
}

export function DeleteButton({ label, question, onConfirm }: DeleteButtonProps) {
  return (
    <button
      type="button"
      className="icon-button icon-button--danger"
      aria-label={label}
      onClick={() => {
        if (confirmAction(question)) onConfirm();
      }}
    >
      <TrashIcon />
    </button>
  );
}
