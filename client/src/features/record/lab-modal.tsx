// The small read-only view of one lab result (SPEC §2 "Lab results").
import { useTranslation } from 'react-i18next';
import type { Lab } from '../../../../shared/record';
import { Modal } from '../../components/modal';
import { labLabel } from '../../lib/lab-label';
import { useFormatters } from '../../lib/use-formatters';

export function LabModal({ lab, onClose }: { lab: Lab; onClose: () => void }) {
  const { t } = useTranslation('record');
  const format = useFormatters();
  const na = t('common:notAvailable');
  const name = labLabel(t, lab, format.date(lab.date));
  const facts = [
    { label: t('labs.testName'), value: lab.testName ?? na },
    { label: t('labs.value'), value: lab.value ?? na },
    { label: t('labs.unit'), value: lab.unit ?? na },
    { label: t('labs.referenceRange'), value: lab.referenceRange ?? na },
    { label: t('labs.date'), value: format.date(lab.date) },
    { label: t('labs.comment'), value: lab.comment ?? na },
  ];
  return (
    <Modal title={name} onClose={onClose}>
      <dl className="details details--modal">
        {facts.map((fact) => (
          <div key={fact.label} className="details__item">
            <dt>{fact.label}</dt>
            <dd>{fact.value}</dd>
          </div>
        ))}
      </dl>
    </Modal>
  );
}
