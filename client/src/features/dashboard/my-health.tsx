// "My health" (SPEC §2): each part appears only when the record has something for it, and the
// whole section says so when nothing is on record yet. Items read as in the doctor's record
// (lib/item-views.ts), without its controls; SPEC §9 keeps the newest 5 vitals and 10 labs here.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DASHBOARD_LABS_LIMIT, DASHBOARD_VITALS_LIMIT } from '../../../../shared/constants';
import { ReadOnlyItemList } from '../../components/record-item';
import { allergyView, contactView, familyHistoryView, labView, pathologicalRecordView, vaccineView, vitalView } from '../../lib/item-views';
import { DocumentList } from './document-list';
import { LifestyleSummary } from './lifestyle-summary';
import type { PatientSelf } from '../../lib/api-types';
import { CardSection } from '../../components/card-section';

function HealthPart({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="health-part" aria-labelledby={id}>
      <h3 id={id} className="health-part__title">
        {title}
      </h3>
      {children}
    </section>
  );
}

/** Draws the vital signs as trends; the page hands it in (features do not import one another). */
export type VitalsTrendsSlot = (vitals: PatientSelf['vitals']) => ReactNode;

export function MyHealth({ self, vitalsTrends }: { self: PatientSelf; vitalsTrends?: VitalsTrendsSlot }) {
  const { t } = useTranslation('dashboard');
  const parts: [string, string, ReactNode][] = [];
  if (self.allergies.length) parts.push(['allergies', t('health.allergies'), <ReadOnlyItemList view={allergyView} items={self.allergies} label={t('health.allergies')} />]);
  if (self.pathologicalRecords.length) parts.push(['records', t('health.records'), <ReadOnlyItemList view={pathologicalRecordView} items={self.pathologicalRecords} label={t('health.records')} />]);
  if (self.familyHistory.length) parts.push(['family', t('health.familyHistory'), <ReadOnlyItemList view={familyHistoryView} items={self.familyHistory} label={t('health.familyHistory')} />]);
  if (self.vitals.length) parts.push(['vitals', t('health.vitals'), <ReadOnlyItemList view={vitalView} items={self.vitals.slice(0, DASHBOARD_VITALS_LIMIT)} label={t('health.vitals')} />]);
  if (self.vitals.length && vitalsTrends) parts.push(['trends', t('charts:title'), vitalsTrends(self.vitals)]);
  if (self.labs.length) parts.push(['labs', t('health.labs'), <ReadOnlyItemList view={labView} items={self.labs.slice(0, DASHBOARD_LABS_LIMIT)} label={t('health.labs')} />]);
  if (self.vaccines.length) parts.push(['vaccines', t('health.vaccines'), <ReadOnlyItemList view={vaccineView} items={self.vaccines} label={t('health.vaccines')} />]);
  if (self.lifestyle) parts.push(['lifestyle', t('health.lifestyle'), <LifestyleSummary lifestyle={self.lifestyle} />]);
  if (self.contacts.length) parts.push(['contacts', t('health.contacts'), <ReadOnlyItemList view={contactView} items={self.contacts} label={t('health.contacts')} />]);
  if (self.files.length) parts.push(['documents', t('health.documents'), <DocumentList files={self.files} />]);

  return (
    <CardSection title={t('health.title')}>
      {parts.length === 0 ? (
        <p className="dashboard-section__empty">{t('health.empty')}</p>
      ) : (
        <div className="health-parts">
          {parts.map(([id, title, content]) => (
            <HealthPart key={id} id={`health-${id}`} title={title}>
              {content}
            </HealthPart>
          ))}
        </div>
      )}
    </CardSection>
  );
}
