// An account's status as a coloured tag with its name written out: the colour is never the only cue.
import { useTranslation } from 'react-i18next';
import type { USER_STATUSES } from '../../../../shared/constants';

type AccountStatus = (typeof USER_STATUSES)[number];

const tone: Record<AccountStatus, string> = {
  active: 'tag--open',
  pending: 'tag--severity-mild',
  disabled: 'tag--denied',
};

export function AccountStatusTag({ status }: { status: AccountStatus }) {
  const { t } = useTranslation('admin');
  return <span className={`tag ${tone[status]}`}>{t(`status.${status}`)}</span>;
}
