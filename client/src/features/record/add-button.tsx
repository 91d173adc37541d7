// The add button in a record section's header; aria-expanded tells that it shows the inline form.
import { PlusIcon } from '../../components/icons';

export function AddButton({ label, adding, onClick }: { label: string; adding: boolean; onClick: () => void }) {
  return (
    <button type="button" className="button button--secondary button--small" aria-expanded={adding} onClick={onClick}>
      <PlusIcon />
      {label}
    </button>
  );
}
