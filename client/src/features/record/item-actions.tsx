// An item's edit and delete buttons in the medic's record, named after the item; deleting asks first.
import { useTranslation } from 'react-i18next';
import { DeleteButton } from '../../components/delete-button';
import { EditIcon } from '../../components/icons';

interface ItemActionsProps {
  /** The item's name, in the buttons' accessible names ("Edit Penicilina"). */
  name: string;
  /** The confirmation's question, e.g. "Delete this allergy?". */
  deleteQuestion: string;
  onEdit: () => void;
  onDelete: () => void;
}

export function ItemActions({ name, deleteQuestion, onEdit, onDelete }: ItemActionsProps) {
  const { t } = useTranslation('record');
  return (
    <>
      <button type="button" className="icon-button" aria-label={t('editItem', { name })} onClick={onEdit}>
        <EditIcon />
      </button>
      <DeleteButton label={t('deleteItem', { name })} question={deleteQuestion} onConfirm={onDelete} />
    </>
  );
}
