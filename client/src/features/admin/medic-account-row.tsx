// One medic account and the one or two things the administrator may do with it. The administrator
// cannot disable their own account: the practice would be left without one.
import { useTranslation } from 'react-i18next';
import type { MedicAccount } from '../../../../shared/admin';
import { AccountStatusTag } from './account-status-tag';
import { fullName } from './full-name';
import { useChangeMedicStatus, type MedicStatusChange } from './use-change-medic-status';

interface MedicAccountRowProps {
  medic: MedicAccount;
  isSelf: boolean;
}

function actionsFor(medic: MedicAccount, isSelf: boolean): MedicStatusChange[] {
  if (medic.status === 'pending') return ['approve'];
  if (medic.status === 'disabled') return ['enable'];
  return isSelf ? [] : ['disable'];
}

export function MedicAccountRow({ medic, isSelf }: MedicAccountRowProps) {
  const { t } = useTranslation('admin');
  const { change, isPending } = useChangeMedicStatus();
  const name = fullName(medic);
  return (
    <tr>
      <td data-label={t('medics.name')}>
        <span className="admin-table__name">{name}</span>
        {medic.isAdmin && <span className="tag tag--recent">{t('medics.administrator')}</span>}
        {isSelf && <span className="tag tag--muted">{t('medics.you')}</span>}
      </td>
      <td data-label={t('medics.email')}>{medic.email}</td>
      <td data-label={t('medics.status')}>
        <AccountStatusTag status={medic.status} />
      </td>
      <td data-label={t('medics.actions')}>
        {actionsFor(medic, isSelf).map((action) => (
          <button
            key={action}
            type="button"
            className={`button button--small ${action === 'disable' ? 'button--secondary' : 'button--primary'}`}
            // The visible word starts the name, so speech users can still say what they see.
            aria-label={t(`medics.${action}Named`, { name })}
            disabled={isPending}
            onClick={() => change(medic, action)}
          >
            {t(`medics.${action}`)}
          </button>
        ))}
      </td>
    </tr>
  );
}
